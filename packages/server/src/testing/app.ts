import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Role } from '@paydesk/domain';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { DatabaseHandle } from '../db/database.ts';
import { type AppOptions, buildApp } from '../http/app.ts';
import { createAppPassword } from '../store/app-passwords.ts';
import { createUser } from '../store/users.ts';

let counter = 0;

export interface TestUser {
  login: string;
  email: string;
  password: string;
  /** HTTP Basic header value with an application password of this user. */
  basic: string;
}

export async function makeUser(database: DatabaseHandle, role: Role): Promise<TestUser> {
  counter++;
  const login = `${role}${counter}_${process.pid}`;
  const password = `password-${counter}-secret`;
  await createUser(database.db, {
    login,
    email: `${login}@example.test`,
    role,
    password,
    first_name: 'Test',
  });
  const app = await createAppPassword(database.db, login, 'test');
  return {
    login,
    email: `${login}@example.test`,
    password,
    basic: `Basic ${Buffer.from(`${login}:${app.password}`).toString('base64')}`,
  };
}

/**
 * A built web folder with only the page template, so admin pages can be served without
 * building the web package; the caller removes it.
 */
export function fakeWebDist(): string {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--paydesk-bootstrap--></head><body></body></html>',
  );
  return dir;
}

/** An admin page's address, `page=wc-admin` first, then `query`. */
export const adminPageUrl = (query: Record<string, string>) =>
  `/wp-admin/admin.php?${new URLSearchParams({ page: 'wc-admin', ...query }).toString()}`;

export async function makeTestApp(
  database: DatabaseHandle,
  webDist?: string,
  options: Pick<AppOptions, 'trustProxy' | 'serverLimits' | 'rateLimits'> = {},
): Promise<FastifyInstance> {
  const app = await buildApp({ database, webDist, ...options });
  await app.ready();
  return app;
}

/** Signs in through the form and answers the session cookie and the page's nonce. */
export async function signIn(
  app: FastifyInstance,
  user: { login: string; password: string },
): Promise<{ cookie: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/wp-login.php',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ log: user.login, pwd: user.password }).toString(),
  });
  if (res.statusCode !== 302)
    throw new Error(`sign-in failed with ${res.statusCode}: ${res.body.slice(0, 300)}`);
  const setCookie = res.headers['set-cookie'];
  const raw = Array.isArray(setCookie) ? setCookie[0]! : String(setCookie);
  return { cookie: raw.split(';')[0]! };
}

export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

/** The nonce the admin page would carry for a session cookie. */
export async function sessionNonce(database: DatabaseHandle, cookie: string): Promise<string> {
  const { sha256 } = await import('../store/sessions.ts');
  const token = decodeURIComponent(cookie.split('=')[1]!);
  const row = await database.db
    .selectFrom('sessions')
    .select('nonce')
    .where('token_hash', '=', sha256(token))
    .executeTakeFirstOrThrow();
  return row.nonce;
}
