import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found from this module's own location whether it runs from the
 * TypeScript sources (`src/`) or from the compiled bundle (`dist/`).
 */
function serverRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === '@paydesk/server')
      return dir;
    const up = dirname(dir);
    if (up === dir) throw new Error('The @paydesk/server package folder was not found');
    dir = up;
  }
}

export const SERVER_ROOT = serverRoot();
/** The SQL migrations, applied in name order (db/migrate.ts). */
export const MIGRATIONS_DIR = join(SERVER_ROOT, 'src/db/migrations');
/** The built admin app. */
export const DEFAULT_WEB_DIST = join(SERVER_ROOT, '../web/dist');
