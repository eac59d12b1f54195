import pg from 'pg';
import { outsideAuditScope } from '../db/audit.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { JOB_CHANNEL, type JobWakeup } from './jobs.ts';

/**
 * Job notifications of the database: on PostgreSQL a connection of its own listens on the
 * channel (a pooled one would be handed to other queries); the embedded database delivers them
 * in process. Every insert into `jobs` notifies, when its transaction commits.
 */
export function jobWakeup(handle: DatabaseHandle): JobWakeup {
  return async (onJob) => {
    if (handle.pglite) {
      // Delivered while the committing statement runs, inside the request that queued the job:
      // the job's work is not that request's change, so it runs outside its audit scope.
      const unlisten = await handle.pglite.listen(JOB_CHANNEL, () => outsideAuditScope(onJob));
      return async () => {
        await unlisten();
      };
    }
    if (!handle.pool) return async () => {};
    const client = new pg.Client(handle.pool.options);
    // A listener that lost its connection falls back to polling; the worker goes on.
    client.on('error', () => {});
    await client.connect();
    client.on('notification', onJob);
    await client.query(`listen ${JOB_CHANNEL}`);
    return async () => {
      await client.end().catch(() => {});
    };
  };
}
