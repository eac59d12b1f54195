import { randomBytes, randomUUID } from 'node:crypto';
import { APP_PASSWORD_USAGE_INTERVAL_MS, appError } from '@paydesk/domain';
import type { Db } from '../db/database.ts';
import { sha256 } from './sessions.ts';
import { findUserByLogin, JOINED_USER_COLUMNS, type User, userOf } from './users.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * Application passwords are 24 random characters (about 143 bits). Being random rather than
 * chosen by a person, a SHA-256 of them resists guessing as well as a slow hash would, and
 * keeps each API call from spending an argon2 verification (docs/decisions.md).
 */
function generateAppPassword(): string {
  const bytes = randomBytes(48);
  let out = '';
  for (const b of bytes) {
    if (b < 248) out += ALPHABET[b % 62];
    if (out.length === 24) return out;
  }
  return generateAppPassword();
}

/** Formats as six groups of four, as the platform shows application passwords. */
export const formatAppPassword = (password: string) => password.match(/.{4}/g)!.join(' ');

export async function createAppPassword(
  db: Db,
  login: string,
  name: string,
): Promise<{ uuid: string; password: string; user: User }> {
  const user = await findUserByLogin(db, login);
  if (!user) throw appError('unknown_user', { args: [login] });
  const password = generateAppPassword();
  const uuid = randomUUID();
  await db
    .insertInto('app_passwords')
    .values({ uuid, user_id: user.id, name, password_hash: sha256(password) })
    .execute();
  return { uuid, password: formatAppPassword(password), user };
}

/** Checks an application password sent over HTTP Basic (spaces are ignored, as displayed). */
export async function authenticateAppPassword(
  db: Db,
  login: string,
  password: string,
  ip: string,
): Promise<User | undefined> {
  return (await verifyAppPassword(db, login, password, ip))?.user;
}

/** As authenticateAppPassword, with the name the password was given (the audit log shows it). */
export async function verifyAppPassword(
  db: Db,
  login: string,
  password: string,
  ip: string,
): Promise<{ user: User; name: string } | undefined> {
  const plain = password.replace(/\s+/g, '');
  if (plain.length !== 24) return undefined;
  const row = await db
    .selectFrom('app_passwords')
    .innerJoin('users', 'users.id', 'app_passwords.user_id')
    .select([
      ...JOINED_USER_COLUMNS,
      'app_passwords.uuid',
      'app_passwords.name',
      'app_passwords.last_used_at',
    ])
    .where('app_passwords.password_hash', '=', sha256(plain))
    .executeTakeFirst();
  if (!row || (row.login !== login && row.email !== login)) return undefined;
  const now = new Date();
  if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() >= APP_PASSWORD_USAGE_INTERVAL_MS) {
    await db
      .updateTable('app_passwords')
      .set({ last_used_at: now, last_ip: ip })
      .where('uuid', '=', row.uuid)
      .execute();
  }
  return { user: userOf(row), name: row.name };
}
