/** Parses `--name value` and `--name=value` pairs; a flag without a value is "true". */
export function parseArgs(argv: readonly string[]): { positional: string[]; flags: Record<string, string> } {
  const positional: string[] = [];
  const flags: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    if (eq !== -1) {
      flags[arg.slice(2, eq)] = arg.slice(eq + 1);
      continue;
    }
    const next = argv[i + 1];
    if (next !== undefined && !next.startsWith('--')) {
      flags[arg.slice(2)] = next;
      i++;
    } else {
      flags[arg.slice(2)] = 'true';
    }
  }
  return { positional, flags };
}

export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

export function required(flags: Record<string, string>, name: string): string {
  const value = flags[name];
  if (value === undefined || value === 'true' || value === '') throw new UsageError(`--${name} is required`);
  return value;
}

/** A `--name` flag given alone or as `true`/`false`; undefined when absent. */
export function booleanFlag(flags: Record<string, string>, name: string): boolean | undefined {
  const text = flags[name];
  if (text === undefined) return undefined;
  if (text !== 'true' && text !== 'false') throw new UsageError(`--${name} must be true or false`);
  return text === 'true';
}
