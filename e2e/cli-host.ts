/**
 * Runs CLI commands one after another on one open database, for the browser tests' servers
 * (own-server.ts): each line of standard input is a command's arguments as a JSON array, and each
 * answer is one line of JSON, `{ code, out, err }`, as the command would have exited and printed.
 * The data folder (DATA_DIR) stays locked until standard input ends, so a test ends it before it
 * starts the server. Opening the embedded database takes seconds; a command on it, a fraction of one.
 * The global setup bundles this file (`CLI_HOST_BUNDLE`), as the CLI itself is built.
 */
import { createInterface } from 'node:readline';
import { cliFailure, runCli } from '../packages/server/src/cli/main.ts';
import { loadConfig } from '../packages/server/src/config.ts';
import type { DatabaseHandle } from '../packages/server/src/db/database.ts';
import { openConfiguredDatabase } from '../packages/server/src/runtime.ts';

let database: DatabaseHandle | undefined;
for await (const line of createInterface({ input: process.stdin })) {
  const out: string[] = [];
  const err: string[] = [];
  let code: number;
  try {
    database ??= await openConfiguredDatabase(loadConfig());
    code = await runCli(
      JSON.parse(line) as string[],
      (text) => out.push(text),
      (text) => err.push(text),
      database,
    );
  } catch (error) {
    const failure = cliFailure(error);
    err.push(failure.message);
    code = failure.code;
  }
  process.stdout.write(
    `${JSON.stringify({ code, out: out.map((text) => `${text}\n`).join(''), err: err.map((text) => `${text}\n`).join('') })}\n`,
  );
}
await database?.close();
