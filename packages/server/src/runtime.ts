import type { Config } from './config.ts';
import { type DatabaseHandle, openDatabase } from './db/database.ts';

/**
 * Opens the configured database: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR,
 * with the `shared_buffers` of PGLITE_SHARED_BUFFERS. Without it the server (`sizeBuffers`)
 * sizes them from the store's data, and a command keeps PGlite's 128 MB: `seed` fills an empty
 * store, and its figures (docs/performance.md) were measured with those.
 */
export function openConfiguredDatabase(
  config: Config,
  options: { sizeBuffers?: boolean } = {},
): Promise<DatabaseHandle> {
  const sharedBuffers = config.pgliteSharedBuffers ?? (options.sizeBuffers ? 'by-size' : undefined);
  return openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir, ...(sharedBuffers ? { sharedBuffers } : {}) },
  );
}

export function describeDatabase(config: Config): string {
  if (!config.databaseUrl) return `embedded database in ${config.dataDir}`;
  const url = new URL(config.databaseUrl);
  return `PostgreSQL at ${url.hostname}:${url.port || 5432}${url.pathname}`;
}
