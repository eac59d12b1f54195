import { expect, it } from 'vitest';
import { openDatabase } from '../db/database.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { jobWakeup } from './job-wakeup.ts';
import { enqueueJob, type JobHandlers, runDueJobs, startJobWorker } from './jobs.ts';

/** Resolves once `check` holds, polling briefly; fails after `within_ms`. */
async function eventually(check: () => boolean | Promise<boolean>, within_ms: number): Promise<void> {
  const deadline = Date.now() + within_ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${within_ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const PAST = new Date('2000-01-01T00:00:00Z');

describeEachDatabase('the job worker', (use, kind) => {
  const ran: number[] = [];
  const handlers: JobHandlers = {
    'test.record': async (_db, payload) => {
      ran.push(Number(payload.n));
    },
  };
  const jobsDone = async () =>
    (
      await use()
        .db.selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'test.record')
        .where('status', '=', 'done')
        .execute()
    ).length;

  it('starts a queued job when the queue is notified, not at its next poll', async () => {
    // A poll a minute apart: only the notification can start the job in time.
    const stop = await startJobWorker(use().db, handlers, { interval_ms: 60_000, wakeup: jobWakeup(use()) });
    try {
      await new Promise((resolve) => setTimeout(resolve, 50));
      await enqueueJob(use().db, { kind: 'test.record', payload: { n: 1 }, run_at: PAST });
      await eventually(() => ran.includes(1), 10_000);
    } finally {
      await stop();
    }
  });

  it('claims again a job whose worker died mid-job once the lease has run out', async () => {
    await use()
      .db.insertInto('jobs')
      .values({
        kind: 'test.record',
        payload: JSON.stringify({ n: 2 }),
        run_at: PAST,
        status: 'running',
        attempts: 1,
        locked_at: new Date(Date.now() - 60_000),
      })
      .execute();
    expect(await runDueJobs(use().db, handlers, { lease_ms: 120_000 })).toBe(0);
    expect(await runDueJobs(use().db, handlers, { lease_ms: 30_000 })).toBe(1);
    expect(ran).toContain(2);
  });

  if (kind === 'postgres') {
    it('runs each job exactly once across two workers on their own connections', async () => {
      // The second handle reaches the same schema through a pool of its own.
      const schema = (
        await use()
          .db.selectNoFrom((eb) => eb.fn<string>('current_schema').as('s'))
          .executeTakeFirstOrThrow()
      ).s;
      const other = await openDatabase(
        { kind: 'postgres', url: process.env.TEST_DATABASE_URL!, schema, poolSize: 5 },
        { migrate: false },
      );
      const runs = new Map<number, number>();
      const counting: JobHandlers = {
        'test.count': async (_db, payload) => {
          const n = Number(payload.n);
          runs.set(n, (runs.get(n) ?? 0) + 1);
          await new Promise((resolve) => setTimeout(resolve, 2));
        },
      };
      const stops = [
        await startJobWorker(use().db, counting, { interval_ms: 20, wakeup: jobWakeup(use()) }),
        await startJobWorker(other.db, counting, { interval_ms: 20, wakeup: jobWakeup(other) }),
      ];
      try {
        for (let n = 0; n < 60; n++) {
          await enqueueJob(use().db, { kind: 'test.count', payload: { n }, run_at: PAST });
        }
        await eventually(async () => runs.size === 60, 30_000);
        await new Promise((resolve) => setTimeout(resolve, 200));
      } finally {
        for (const stop of stops) await stop();
        await other.close();
      }
      expect([...runs.values()].every((count) => count === 1)).toBe(true);
      expect(runs.size).toBe(60);
    });
  }

  it('leaves every job it ran done', async () => {
    expect(await jobsDone()).toBe(ran.length);
  });
});
