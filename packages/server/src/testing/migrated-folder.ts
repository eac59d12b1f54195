import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/database.ts';

let template: Promise<string> | undefined;

/**
 * An embedded data folder with every migration applied and nothing else, made once per test
 * worker and removed when it exits. Migrating a new folder costs several seconds of CPU; copying
 * this one a fraction of a second. It is closed again once migrated, so it holds no lock file.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(join(tmpdir(), 'paydesk-migrated-'));
    const remove = () => rmSync(dir, { recursive: true, force: true });
    process.once('exit', remove);
    // Vitest ends its workers with SIGTERM, which emits no 'exit': the folder is removed then
    // too, and the signal sent again to end the process as it would have, unless another
    // listener has taken charge of it.
    process.once('SIGTERM', () => {
      remove();
      if (process.listenerCount('SIGTERM') === 0) process.kill(process.pid, 'SIGTERM');
    });
    const handle = await openDatabase({ kind: 'pglite', dataDir: dir });
    await handle.close();
    return dir;
  })();
  return template;
}

/**
 * An embedded data folder holding a migrated, empty database, for tests about something other
 * than the first migration: a copy of the worker's template at `dataDir` (which must not exist
 * yet or be empty), or in a new temporary folder when none is given. Answers the folder; removing
 * it is the caller's.
 */
export async function migratedDataDir(dataDir?: string): Promise<string> {
  const source = await migratedTemplate();
  const target = dataDir ?? mkdtempSync(join(tmpdir(), 'paydesk-data-'));
  cpSync(source, target, { recursive: true });
  return target;
}
