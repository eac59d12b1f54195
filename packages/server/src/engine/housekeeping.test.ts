import {
  EXPORT_RETENTION_DAYS,
  FINISHED_JOB_RETENTION_DAYS,
  IDEMPOTENCY_KEY_RETENTION_DAYS,
} from '@paydesk/domain/retention';
import { DAY_MS, MINUTE_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { makeUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { connectSandboxAccount } from '../testing/engine.ts';
import { type Deleted, deleteExpired, HOUSEKEEPING_BATCH, startHousekeeping } from './housekeeping.ts';

const ago = (days: number, minutes = 0) => new Date(Date.now() - days * DAY_MS - minutes * MINUTE_MS);

describeEachDatabase('the housekeeping', (use) => {
  beforeEach(async () => {
    await use().db.deleteFrom('idempotency_keys').execute();
    await use().db.deleteFrom('jobs').where('kind', 'like', 'test.%').execute();
  });

  const key = (name: string, status: 'done' | 'in_flight', created_at: Date) => ({
    user_id: 1,
    key: name,
    method: 'POST',
    path: '/wp-json/wc/v3/payments/payment_intents',
    request_hash: 'hash',
    status,
    response_status: status === 'done' ? 200 : null,
    response_body: status === 'done' ? JSON.stringify({ id: name }) : null,
    created_at,
  });
  const job = (name: string, status: 'done' | 'failed' | 'queued', finished_at: Date | null) => ({
    kind: `test.${name}`,
    run_at: ago(60),
    status,
    unique_key: `test.${name}`,
    finished_at,
  });
  const keys = async () =>
    (await use().db.selectFrom('idempotency_keys').select('key').orderBy('key').execute()).map((r) => r.key);
  const jobs = async () =>
    (
      await use()
        .db.selectFrom('jobs')
        .select('kind')
        .where('kind', 'like', 'test.%')
        .orderBy('kind')
        .execute()
    ).map((r) => r.kind);

  it('deletes answered keys and finished jobs past their retention, and nothing else', async () => {
    const retention = IDEMPOTENCY_KEY_RETENTION_DAYS;
    await use()
      .db.insertInto('idempotency_keys')
      .values([
        key('answered-expired', 'done', ago(retention, 1)),
        key('answered-kept', 'done', ago(retention, -1)),
        // A claim decides what a retry does, however old it is.
        key('in-flight-old', 'in_flight', ago(retention * 10)),
      ])
      .execute();
    const jobRetention = FINISHED_JOB_RETENTION_DAYS;
    await use()
      .db.insertInto('jobs')
      .values([
        job('done-expired', 'done', ago(jobRetention, 1)),
        job('done-kept', 'done', ago(jobRetention, -1)),
        job('failed-old', 'failed', ago(jobRetention * 10)),
        job('queued', 'queued', null),
      ])
      .execute();

    expect(await deleteExpired(use().db)).toEqual({
      idempotency_keys: 1,
      jobs: 1,
      exports: 0,
    } satisfies Deleted);
    expect(await keys()).toEqual(['answered-kept', 'in-flight-old']);
    expect(await jobs()).toEqual(['test.done-kept', 'test.failed-old', 'test.queued']);
    // Again: nothing more is past its retention.
    expect(await deleteExpired(use().db)).toEqual({ idempotency_keys: 0, jobs: 0, exports: 0 });
  });

  it('deletes the exports past their retention, with their files', async () => {
    const account = await connectSandboxAccount(use());
    const { login } = await makeUser(use(), 'administrator');
    const user = await use()
      .db.selectFrom('users')
      .select('id')
      .where('login', '=', login)
      .executeTakeFirstOrThrow();
    const exportRow = (id: string, created_at: Date) => ({
      id,
      account_id: account.id,
      user_id: user.id,
      kind: 'transactions' as const,
      user_email: 'merchant@example.test',
      status: 'success',
      filename: `${id}.csv`,
      created_at,
    });
    await use()
      .db.insertInto('exports')
      .values([
        exportRow('export_expired', ago(EXPORT_RETENTION_DAYS, 1)),
        exportRow('export_kept', ago(EXPORT_RETENTION_DAYS, -1)),
      ])
      .execute();
    await use()
      .db.insertInto('export_chunks')
      .values([
        { export_id: 'export_expired', seq: 0, data: 'a,b\n' },
        { export_id: 'export_kept', seq: 0, data: 'a,b\n' },
      ])
      .execute();
    expect((await deleteExpired(use().db)).exports).toBe(1);
    expect(await use().db.selectFrom('exports').select('id').execute()).toEqual([{ id: 'export_kept' }]);
    expect(await use().db.selectFrom('export_chunks').select('export_id').execute()).toEqual([
      { export_id: 'export_kept' },
    ]);
  });

  it('deletes a backlog longer than a batch', async () => {
    const rows = HOUSEKEEPING_BATCH + 3;
    await sql`
      insert into jobs (kind, run_at, status, unique_key, finished_at)
      select 'test.backlog', now(), 'done', 'test.backlog:' || n, ${ago(FINISHED_JOB_RETENTION_DAYS + 1)}
      from generate_series(1, ${rows}) as n
    `.execute(use().db);
    expect((await deleteExpired(use().db)).jobs).toBe(rows);
    expect(await jobs()).toEqual([]);
  });

  it('runs in the background once started, and stops', async () => {
    await use()
      .db.insertInto('jobs')
      .values(job('background', 'done', ago(FINISHED_JOB_RETENTION_DAYS + 1)))
      .execute();
    const passes: Deleted[] = [];
    const errors: unknown[] = [];
    const stop = startHousekeeping(use().db, {
      first_ms: 0,
      interval_ms: 60_000,
      onDeleted: (deleted) => passes.push(deleted),
      onError: (error) => errors.push(error),
    });
    try {
      const deadline = Date.now() + 10_000;
      while (passes.length === 0 && errors.length === 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    } finally {
      await stop();
    }
    expect(errors).toEqual([]);
    expect(passes).toEqual([{ idempotency_keys: 0, jobs: 1, exports: 0 }]);
    expect(await jobs()).toEqual([]);
  });
});
