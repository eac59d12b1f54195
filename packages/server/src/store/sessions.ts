import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { SIGN_IN_SESSION_TTL_MS } from '@paydesk/domain';
import type { Db } from '../db/database.ts';
import { JOINED_USER_COLUMNS, type User, userOf } from './users.ts';

export const SESSION_COOKIE = 'paydesk_session';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export interface Session {
  user: User;
  nonce: string;
  tokenHash: string;
}

/** Starts a session: a 256-bit cookie token (stored hashed) and a nonce for REST calls. */
export async function createSession(
  db: Db,
  userId: number,
  meta: { userAgent: string; ip: string },
): Promise<{ token: string; nonce: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const nonce = randomBytes(16).toString('hex');
  const expiresAt = new Date(Date.now() + SIGN_IN_SESSION_TTL_MS);
  await db
    .insertInto('sessions')
    .values({
      token_hash: sha256(token),
      user_id: userId,
      nonce,
      user_agent: meta.userAgent.slice(0, 300),
      ip: meta.ip,
      expires_at: expiresAt,
    })
    .execute();
  return { token, nonce, expiresAt };
}

export async function findSession(db: Db, token: string): Promise<Session | undefined> {
  if (token.length > 100) return undefined;
  const tokenHash = sha256(token);
  // One statement with its user: every request of the admin runs it.
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([...JOINED_USER_COLUMNS, 'sessions.nonce', 'sessions.expires_at', 'sessions.revoked_at'])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return undefined;
  return { user: userOf(row), nonce: row.nonce, tokenHash };
}

export async function revokeSession(db: Db, tokenHash: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .execute();
}

export function nonceMatches(expected: string, given: string | undefined): boolean {
  if (!given || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(expected), Buffer.from(given));
}
