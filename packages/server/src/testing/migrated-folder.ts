import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';

/**
 * The variable naming a migrated, empty data folder that new folders start as a copy of, so a
 * process started by a test (a browser test's server, a CLI host) finds the one its runner made.
 */
export const MIGRATED_TEMPLATE_VARIABLE = 'PAYDESK_MIGRATED_TEMPLATE';

let made: Promise<string> | undefined;

/**
 * Makes a new embedded data folder with every migration applied and nothing else, and names it
 * in MIGRATED_TEMPLATE_VARIABLE for this process and those it starts after. Migrating a new folder
 * costs several seconds of CPU; copying this one a fraction of a second. It is closed again once
 * migrated, so it holds no lock file. Removing it is the caller's (`removeWhenDone` does).
 */
export async function makeMigratedTemplate(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrated-'));
  const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
  await handle.close();
  process.env[MIGRATED_TEMPLATE_VARIABLE] = dir;
  return dir;
}

/** Removes `dir` when this process exits, or when Vitest ends it (a worker) with SIGTERM. */
function removeWhenDone(dir: string): void {
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  // SIGTERM emits no 'exit': the folder is removed then too, and the signal sent again to end the
  // process as it would have, unless another listener has taken charge of it.
  process.once('SIGTERM', () => {
    remove();
    if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
  });
}

/** The template named in the environment, or one made for this process (a test worker). */
function migratedTemplate(): Promise<string> {
  const named = process.env[MIGRATED_TEMPLATE_VARIABLE];
  if (named) return Promise.resolve(named);
  made ??= makeMigratedTemplate().then((dir) => {
    removeWhenDone(dir);
    return dir;
  });
  return made;
}

/**
 * Copies the template named in the environment into `target`, when one is named. For callers
 * that cannot wait, and start from an empty folder without one.
 */
export function copyNamedTemplate(target: string): void {
  const named = process.env[MIGRATED_TEMPLATE_VARIABLE];
  if (named) cpSync(named, target, { recursive: true });
}

/**
 * An embedded data folder holding a migrated, empty database, for tests about something other
 * than the first migration: a copy of the template at `dataDir` (which must not exist yet or be
 * empty), or in a new temporary folder when none is given. Answers the folder; removing it is the
 * caller's.
 */
export async function migratedDataDir(dataDir?: string): Promise<string> {
  const source = await migratedTemplate();
  const target = dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-data-'));
  cpSync(source, target, { recursive: true });
  return target;
}
