import { DAY_MS } from '@paydesk/domain/time';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/**
 * The sign-in limits (docs/security.md). Every attempt is claimed in the database before its
 * password is verified, under locks on the login and the address, so that however many
 * requests arrive at once no more than these are ever verified within the window:
 *
 * - `PER_LOGIN_AND_ADDRESS` wrong passwords for one login from one address;
 * - `PER_ADDRESS` wrong passwords from one address, whatever the logins;
 * - `PER_LOGIN` wrong passwords for one login from all addresses together. Past it, only an
 *   address the user has signed in from before (within `KNOWN_ADDRESS_DAYS`) may still try, so
 *   a guesser spread over many addresses is stopped without locking the owner out.
 */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
export const SIGN_IN_LIMITS = {
  PER_LOGIN_AND_ADDRESS: 5,
  PER_ADDRESS: 20,
  PER_LOGIN: 100,
} as const;
export const KNOWN_ADDRESS_DAYS = 30;

/** Advisory-lock namespaces: one for logins, one for addresses (always taken in that order). */
const LOGIN_LOCK = 71_001;
const ADDRESS_LOCK = 71_002;

/** Who an attempt counts against: the user the text names, else the text itself. */
export async function signInKey(db: Db, loginOrEmail: string): Promise<{ key: string; userId?: number }> {
  const lower = loginOrEmail.toLowerCase();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['login']), '=', lower), eb(eb.fn('lower', ['email']), '=', lower)]),
    )
    .orderBy('id')
    .executeTakeFirst();
  if (user) return { key: `user:${user.id}`, userId: user.id };
  return { key: `name:${lower.slice(0, 254)}` };
}

export type SignInClaim = { granted: true; id: number } | { granted: false };

/**
 * Claims one attempt for `key` from `ip`, or refuses it when a limit is reached. The check and
 * the claim run in one transaction holding the login's and the address's locks, so concurrent
 * claims queue behind each other instead of all reading the same count.
 */
export async function claimSignInAttempt(
  db: Db,
  login: { key: string; userId?: number },
  ip: string,
  now = new Date(),
): Promise<SignInClaim> {
  const since = new Date(now.getTime() - SIGN_IN_WINDOW_MS);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOGIN_LOCK}, hashtext(${login.key}))`.execute(trx);
    await sql`select pg_advisory_xact_lock(${ADDRESS_LOCK}, hashtext(${ip}))`.execute(trx);
    const counts = await trx
      .selectFrom('sign_in_attempts')
      .select([
        sql<number>`count(*) filter (where login_key = ${login.key} and ip = ${ip})::int`.as('pair'),
        sql<number>`count(*) filter (where login_key = ${login.key})::int`.as('login'),
        sql<number>`count(*) filter (where ip = ${ip})::int`.as('address'),
      ])
      .where('attempted_at', '>', since)
      .where((eb) => eb.or([eb('login_key', '=', login.key), eb('ip', '=', ip)]))
      .executeTakeFirstOrThrow();
    const limited =
      counts.pair >= SIGN_IN_LIMITS.PER_LOGIN_AND_ADDRESS ||
      counts.address >= SIGN_IN_LIMITS.PER_ADDRESS ||
      (counts.login >= SIGN_IN_LIMITS.PER_LOGIN && !(await isKnownAddress(trx, login.userId, ip, now)));
    if (limited) return { granted: false } as const;
    const row = await trx
      .insertInto('sign_in_attempts')
      .values({ login_key: login.key, ip, attempted_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Old rows serve no check; dropping them here keeps the table small without a job.
    await trx.deleteFrom('sign_in_attempts').where('attempted_at', '<', since).execute();
    return { granted: true, id: row.id } as const;
  });
}

async function isKnownAddress(db: Db, userId: number | undefined, ip: string, now: Date): Promise<boolean> {
  if (userId === undefined) return false;
  const since = new Date(now.getTime() - KNOWN_ADDRESS_DAYS * DAY_MS);
  const row = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', userId)
    .where('ip', '=', ip)
    .where('created_at', '>', since)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * A right password: its claim and the earlier failures of this login from this address are
 * forgotten. Failures from other addresses stay, so a success here does not give a guesser
 * elsewhere a fresh allowance.
 */
export async function forgetSignInAttempts(db: Db, key: string, ip: string): Promise<void> {
  await db.deleteFrom('sign_in_attempts').where('login_key', '=', key).where('ip', '=', ip).execute();
}
