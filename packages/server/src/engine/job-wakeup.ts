import pg from 'pg';
import { outsideAuditScope } from '../db/audit.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { JOB_CHANNEL, type JobWakeup } from './jobs.ts';

/** How long the listener waits before connecting again after losing its connection. */
const RELISTEN_MS = 1000;

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
    const pool = handle.pool;
    if (!pool) return async () => {};
    let stopped = false;
    let current: pg.Client | undefined;
    let timer: NodeJS.Timeout | undefined;
    const listen = async (): Promise<void> => {
      const client = new pg.Client(pool.options);
      client.on('error', (error) => {
        if (client === current)
          process.stderr.write(`PostgreSQL connection lost (job notifications): ${error.message}\n`);
        relisten(client);
      });
      client.on('end', () => relisten(client));
      client.on('notification', onJob);
      try {
        await client.connect();
        await client.query(`listen ${JOB_CHANNEL}`);
      } catch (error) {
        await client.end().catch(() => {});
        throw error;
      }
      current = client;
    };
    // A listener whose connection PostgreSQL ended (a restart, a crash) connects again every
    // RELISTEN_MS until it can; meanwhile the worker polls, and says each failure through its
    // onError, so the attempts here are not said again. Once listening it wakes the worker for
    // what was queued while no one listened.
    const attempt = () => {
      timer = undefined;
      if (stopped) return;
      listen().then(
        () => (stopped ? current?.end().catch(() => {}) : onJob()),
        () => {
          if (!stopped) timer = setTimeout(attempt, RELISTEN_MS);
        },
      );
    };
    const relisten = (lost: pg.Client) => {
      if (lost !== current) return;
      current = undefined;
      lost.end().catch(() => {});
      if (!stopped) timer = setTimeout(attempt, RELISTEN_MS);
    };
    await listen();
    return async () => {
      stopped = true;
      clearTimeout(timer);
      const client = current;
      current = undefined;
      await client?.end().catch(() => {});
    };
  };
}
