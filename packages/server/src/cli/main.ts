import { AppError } from '@paydesk/domain';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { DataDirLockedError } from '../db/lock.ts';
import { openConfiguredDatabase } from '../runtime.ts';
import { accountCommands } from './account-command.ts';
import { parseArgs, UsageError } from './args.ts';
import { type Command, foundationCommands } from './commands.ts';
import { connectCommands } from './connect-command.ts';
import { engineCommands } from './engine-commands.ts';
import { seedCommands } from './seed-command.ts';

/** Every command, by name. Each feature adds its own table here. */
export const COMMANDS: Record<string, Command> = {
  ...foundationCommands,
  ...engineCommands,
  ...seedCommands,
  ...accountCommands,
  ...connectCommands,
};

function help(): string {
  const rows = Object.entries(COMMANDS).map(
    ([name, c]) => `  ${name.padEnd(22)}${c.description}\n      npm run cli -- ${c.usage}`,
  );
  return `Usage: npm run cli -- <command> [options]\n\nCommands:\n${rows.join('\n')}\n`;
}

/**
 * Runs one command. It opens the configured database and closes it after, unless it is given
 * `database`, open already, which it leaves open: several commands in a row then share one open.
 */
export async function runCli(
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
  database?: DatabaseHandle,
): Promise<number> {
  const { positional, flags } = parseArgs(argv);
  const name = positional[0];
  if (!name || name === 'help' || flags.help) {
    out(help());
    return name ? 0 : 1;
  }
  const command = COMMANDS[name];
  if (!command) {
    err(`Unknown command "${name}".\n\n${help()}`);
    return 2;
  }
  if (database) return command.run({ database, flags, out });
  const opened = await openConfiguredDatabase(loadConfig());
  try {
    return await command.run({ database: opened, flags, out });
  } finally {
    await opened.close();
  }
}

/**
 * What a command that threw prints and the code it exits with: the message alone for a usage
 * error (2), a refused request or a locked data folder (1), else the stack (1).
 */
export function cliFailure(error: unknown): { message: string; code: number } {
  if (error instanceof UsageError || error instanceof AppError || error instanceof DataDirLockedError)
    return { message: `Error: ${error.message}`, code: error instanceof UsageError ? 2 : 1 };
  // A stack already begins with the error's name and message.
  return {
    message: error instanceof Error ? (error.stack ?? `Error: ${error.message}`) : `Error: ${String(error)}`,
    code: 1,
  };
}
