import { AppError } from '@paydesk/domain';
import { DataDirLockedError } from '../db/lock.ts';
import { UsageError } from './args.ts';
import { runCli } from './main.ts';

runCli(
  process.argv.slice(2),
  (line) => process.stdout.write(`${line}\n`),
  (line) => process.stderr.write(`${line}\n`),
)
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    if (error instanceof UsageError || error instanceof AppError || error instanceof DataDirLockedError) {
      process.stderr.write(`Error: ${error.message}\n`);
      process.exit(error instanceof UsageError ? 2 : 1);
    }
    // A stack already begins with the error's name and message.
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? `Error: ${error.message}`) : `Error: ${String(error)}`}\n`,
    );
    process.exit(1);
  });
