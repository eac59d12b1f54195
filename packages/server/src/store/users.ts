import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { AppError, appError, type Role } from '@paydesk/domain';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database.ts';
import type { UsersTable } from '../db/schema.ts';

export type User = Omit<Selectable<UsersTable>, 'password_hash'>;

const USER_COLUMNS = [
  'id',
  'login',
  'email',
  'role',
  'first_name',
  'last_name',
  'display_name',
  'created_at',
] as const;

/** The user's columns named through `users`, for a query that joins the user to what names it. */
export const JOINED_USER_COLUMNS = USER_COLUMNS.map((column) => `users.${column}` as const);

/** A joined row's user: the columns of `JOINED_USER_COLUMNS`, without what else it selected. */
export function userOf(row: User): User {
  return Object.fromEntries(USER_COLUMNS.map((column) => [column, row[column]])) as User;
}

export interface NewUser {
  login: string;
  email: string;
  role: Role;
  password: string;
  first_name?: string;
  last_name?: string;
}

export const MIN_PASSWORD_LENGTH = 8;

export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function createUser(db: Db, input: NewUser): Promise<User> {
  if (!/^[A-Za-z0-9._@-]{1,60}$/.test(input.login)) {
    throw appError('invalid_login');
  }
  if (!/^[^\s@]+@[^\s@]+$/.test(input.email)) throw appError('invalid_email');
  if (input.password.length < MIN_PASSWORD_LENGTH) {
    throw appError('weak_password', { args: [MIN_PASSWORD_LENGTH] });
  }
  const existing = await db
    .selectFrom('users')
    .select('login')
    .where((eb) => eb.or([eb('login', '=', input.login), eb('email', '=', input.email)]))
    .executeTakeFirst();
  if (existing) throw appError('existing_user');
  const first = input.first_name ?? '';
  return db
    .insertInto('users')
    .values({
      login: input.login,
      email: input.email,
      role: input.role,
      password_hash: await hashPassword(input.password),
      first_name: first,
      last_name: input.last_name ?? '',
      display_name: [first, input.last_name ?? ''].join(' ').trim() || input.login,
    })
    .returning(USER_COLUMNS)
    .executeTakeFirstOrThrow();
}

export function findUserByLogin(db: Db, login: string): Promise<User | undefined> {
  return db.selectFrom('users').select(USER_COLUMNS).where('login', '=', login).executeTakeFirst();
}

/** A dummy hash verified when the login is unknown, so both failures take the same time. */
let dummyHash: Promise<string> | undefined;

/** Checks a login (or e-mail) and password; answers the user or undefined. */
/** How many passwords this process has verified: the sign-in limit's tests count them. */
export const passwordVerifications = { count: 0 };

export async function authenticatePassword(
  db: Db,
  loginOrEmail: string,
  password: string,
): Promise<User | undefined> {
  const row = await db
    .selectFrom('users')
    .select([...USER_COLUMNS, 'password_hash'])
    .where((eb) => eb.or([eb('login', '=', loginOrEmail), eb('email', '=', loginOrEmail)]))
    .executeTakeFirst();
  passwordVerifications.count++;
  if (!row) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password);
    return undefined;
  }
  if (!(await verify(row.password_hash, password))) return undefined;
  const { password_hash: _, ...user } = row;
  return user;
}

/** Generates a password of 20 characters from an unambiguous alphabet (about 115 bits). */
export function generatePassword(length = 20): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(length * 2);
  let out = '';
  for (let i = 0; out.length < length && i < bytes.length; i++) {
    const b = bytes[i]!;
    // Rejection sampling keeps every character equally likely.
    if (b < 256 - (256 % alphabet.length)) out += alphabet[b % alphabet.length];
  }
  return out.length === length ? out : generatePassword(length);
}

/**
 * Creates the `admin` user on the first start. Answers the generated password when none was
 * configured, so the caller can print it once; answers undefined when admin already exists.
 */
export async function ensureAdminUser(
  db: Db,
  configuredPassword: string | undefined,
): Promise<{ created: boolean; generatedPassword: string | undefined }> {
  const any = await db.selectFrom('users').select('id').where('login', '=', 'admin').executeTakeFirst();
  if (any) return { created: false, generatedPassword: undefined };
  const password = configuredPassword ?? generatePassword();
  try {
    await createUser(db, {
      login: 'admin',
      email: 'admin@localhost.localdomain',
      role: 'administrator',
      password,
      first_name: 'Admin',
    });
  } catch (error) {
    // Two processes starting at once on PostgreSQL: the other one created admin first.
    if (error instanceof AppError && error.code === 'existing_user')
      return { created: false, generatedPassword: undefined };
    throw error;
  }
  return { created: true, generatedPassword: configuredPassword ? undefined : password };
}
