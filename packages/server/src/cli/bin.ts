import { cliFailure, runCli } from './main.ts';

runCli(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
)
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    const { message, code } = cliFailure(error);
    process.stderr.write(`${message}\n`);
    process.exit(code);
  });
