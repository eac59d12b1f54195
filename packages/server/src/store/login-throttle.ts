import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Failed sign-ins allowed per login and per address within the window, before refusing. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
export const MAX_FAILURES_PER_LOGIN = 5;
export const MAX_FAILURES_PER_IP = 20;

/** The form a login is counted under; recording and counting must agree on it to the character. */
const loginKey = (login: string) => login.toLowerCase().slice(0, 200);

/**
 * Counts recent failures in the database rather than in memory, so the limit holds across
 * server processes sharing PostgreSQL and across restarts.
 */
export async function isSignInThrottled(db: Db, login: string, ip: string): Promise<boolean> {
  const since = new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS);
  const row = await db
    .selectFrom('login_failures')
    .select([
      sql<number>`count(*) filter (where login = ${loginKey(login)})::int`.as('by_login'),
      sql<number>`count(*) filter (where ip = ${ip})::int`.as('by_ip'),
    ])
    .where('failed_at', '>', since)
    .where((eb) => eb.or([eb('login', '=', loginKey(login)), eb('ip', '=', ip)]))
    .executeTakeFirstOrThrow();
  return row.by_login >= MAX_FAILURES_PER_LOGIN || row.by_ip >= MAX_FAILURES_PER_IP;
}

export async function recordSignInFailure(db: Db, login: string, ip: string): Promise<void> {
  await db
    .insertInto('login_failures')
    .values({ login: loginKey(login), ip })
    .execute();
  // Old rows serve no check; dropping them here keeps the table small without a job.
  await db
    .deleteFrom('login_failures')
    .where('failed_at', '<', new Date(Date.now() - LOGIN_FAILURE_WINDOW_MS))
    .execute();
}

export async function clearSignInFailures(db: Db, login: string): Promise<void> {
  await db.deleteFrom('login_failures').where('login', '=', loginKey(login)).execute();
}
