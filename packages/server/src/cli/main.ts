import { loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../runtime.ts';
import { accountCommands } from './account-command.ts';
import { parseArgs } from './args.ts';
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

export async function runCli(
  argv: readonly string[],
  out: (line: string) => void,
  err: (line: string) => void,
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
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    return await command.run({ database, flags, out });
  } finally {
    await database.close();
  }
}
