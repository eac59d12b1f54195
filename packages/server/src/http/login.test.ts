import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SIGN_IN_LIMITS, SIGN_IN_WINDOW_MS } from '../store/login-throttle.ts';
import { SESSION_COOKIE, sha256 } from '../store/sessions.ts';
import { createUser, passwordVerifications } from '../store/users.ts';
import { fakeWebDist, makeTestApp, makeUser, sessionNonce, signIn, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { OVERVIEW_URL } from './redirect.ts';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function tempWebDist(): string {
  const dir = fakeWebDist();
  dirs.push(dir);
  return dir;
}

/** The session cookie a response sets: its value and its attributes, names lowercased. */
function setSessionCookie(headers: Record<string, unknown>): {
  value: string;
  attributes: Map<string, string>;
} {
  const header = headers['set-cookie'];
  const all = (Array.isArray(header) ? header : header === undefined ? [] : [header]).map(String);
  const mine = all.filter((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (mine.length !== 1) throw new Error(`expected one session cookie, got ${JSON.stringify(all)}`);
  const [pair, ...rest] = mine[0]!.split(/;\s*/);
  const attributes = new Map<string, string>();
  for (const attribute of rest) {
    const eq = attribute.indexOf('=');
    if (eq === -1) attributes.set(attribute.toLowerCase(), '');
    else attributes.set(attribute.slice(0, eq).toLowerCase(), attribute.slice(eq + 1));
  }
  return { value: decodeURIComponent(pair!.slice(SESSION_COOKIE.length + 1)), attributes };
}

const { PER_LOGIN_AND_ADDRESS, PER_ADDRESS, PER_LOGIN } = SIGN_IN_LIMITS;

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const ME = '/wp-json/wp/v2/users/me';
// The Connect page opens whatever the store's account state (the Overview sends a store without one to Connect).
const ADMIN_PAGE = '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Fconnect';

describeEachDatabase('sign-in', (use) => {
  let app: FastifyInstance;
  const post = (fields: Record<string, string>, remoteAddress = '127.0.0.1', cookie?: string) =>
    app.inject({
      method: 'POST',
      url: '/wp-login.php',
      headers: { ...FORM, ...(cookie ? { cookie } : {}) },
      payload: form(fields),
      remoteAddress,
    });
  const failures = async () => (await use().db.selectFrom('sign_in_attempts').select('id').execute()).length;

  beforeAll(async () => {
    app = await makeTestApp(use(), tempWebDist());
  });
  afterAll(() => app.close());

  it('sets an HttpOnly, SameSite=Lax cookie for the whole site, not Secure over HTTP, of 128+ random bits', async () => {
    const user = await makeUser(use(), 'administrator');
    const res = await post({ log: user.login, pwd: user.password });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(OVERVIEW_URL);
    const cookie = setSessionCookie(res.headers);
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.has('secure')).toBe(false);
    // Without "Remember Me" it lives as long as the browser session.
    expect(cookie.attributes.has('expires')).toBe(false);
    expect(cookie.attributes.has('max-age')).toBe(false);
    expect(cookie.value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(cookie.value, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    // Only a hash of the token is kept.
    const rows = await use().db.selectFrom('sessions').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).toContain(sha256(cookie.value));
    expect(rows.map((r) => r.token_hash)).not.toContain(cookie.value);

    const remembered = await post({ log: user.login, pwd: user.password, rememberme: 'forever' });
    const lasting = setSessionCookie(remembered.headers);
    expect(lasting.attributes.get('max-age')).toBe(String(14 * 24 * 60 * 60));
    expect(lasting.attributes.has('expires')).toBe(true);
  });

  it('issues a new token at each sign-in, also to a browser that already has one', async () => {
    const user = await makeUser(use(), 'shop_manager');
    const first = setSessionCookie((await post({ log: user.login, pwd: user.password })).headers).value;
    const second = setSessionCookie(
      (await post({ log: user.login, pwd: user.password }, '127.0.0.1', `${SESSION_COOKIE}=${first}`))
        .headers,
    ).value;
    expect(second).not.toBe(first);
    for (const token of [first, second]) {
      const cookie = `${SESSION_COOKIE}=${token}`;
      const res = await app.inject({
        method: 'GET',
        url: ME,
        headers: { cookie, 'x-wp-nonce': await sessionNonce(use(), cookie) },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers a wrong password with 401 and no cookie', async () => {
    const user = await makeUser(use(), 'administrator');
    const res = await post({ log: user.login, pwd: 'not-the-password' }, '10.0.9.1');
    expect(res.statusCode).toBe(401);
    expect(res.body).toContain('The username or password you entered is incorrect.');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('signs out only with the nonce, then the cookie opens neither the REST API nor admin pages', async () => {
    const user = await makeUser(use(), 'administrator');
    const { cookie } = await signIn(app, user);
    const other = await signIn(app, user);
    const nonce = await sessionNonce(use(), cookie);
    const rest = () => app.inject({ method: 'GET', url: ME, headers: { cookie, 'x-wp-nonce': nonce } });
    const page = () => app.inject({ method: 'GET', url: ADMIN_PAGE, headers: { cookie } });
    expect((await rest()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);

    for (const url of [
      '/wp-login.php?action=logout',
      `/wp-login.php?action=logout&_wpnonce=${'0'.repeat(32)}`,
    ]) {
      const refused = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Do you really want to log out?');
      expect(refused.headers['set-cookie']).toBeUndefined();
      expect((await rest()).statusCode).toBe(200);
    }

    const out = await app.inject({
      method: 'GET',
      url: `/wp-login.php?action=logout&_wpnonce=${nonce}`,
      headers: { cookie },
    });
    expect(out.statusCode).toBe(302);
    expect(out.headers.location).toBe('/wp-login.php?loggedout=true');
    const cleared = setSessionCookie(out.headers);
    expect(cleared.value).toBe('');
    expect(new Date(cleared.attributes.get('expires')!).getTime()).toBeLessThan(Date.now());

    const afterRest = await rest();
    expect(afterRest.statusCode).toBe(401);
    expect(afterRest.json().code).toBe('rest_not_logged_in');
    const afterPage = await page();
    expect(afterPage.statusCode).toBe(302);
    expect(afterPage.headers.location).toMatch(/^\/wp-login\.php\?redirect_to=/);
    const token = decodeURIComponent(cookie.split('=')[1]!);
    const row = await use()
      .db.selectFrom('sessions')
      .select('revoked_at')
      .where('token_hash', '=', sha256(token))
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();

    // The user's other session is not this one, and goes on.
    const otherNonce = await sessionNonce(use(), other.cookie);
    const still = await app.inject({
      method: 'GET',
      url: ME,
      headers: { cookie: other.cookie, 'x-wp-nonce': otherNonce },
    });
    expect(still.statusCode).toBe(200);
  });

  it('lets an expired session open neither the REST API nor admin pages', async () => {
    const user = await makeUser(use(), 'administrator');
    const { cookie } = await signIn(app, user);
    const nonce = await sessionNonce(use(), cookie);
    const rest = () => app.inject({ method: 'GET', url: ME, headers: { cookie, 'x-wp-nonce': nonce } });
    expect((await rest()).statusCode).toBe(200);
    const token = decodeURIComponent(cookie.split('=')[1]!);
    await use()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', sha256(token))
      .execute();
    expect((await rest()).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: ADMIN_PAGE, headers: { cookie } })).statusCode).toBe(302);
  });

  it('follows a same-site redirect_to and refuses every way off the site', async () => {
    const user = await makeUser(use(), 'administrator');
    const inside = '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Fdeposits';
    const followed = await post({ log: user.login, pwd: user.password, redirect_to: inside });
    expect(followed.headers.location).toBe(inside);

    const base = 'http://paydesk.test';
    const offsite = [
      '//evil.test',
      'https://evil.test',
      'http://evil.test/wp-admin/',
      '/\\evil.test',
      '/\t/evil.test',
      '/\t\\evil.test',
      '/\n/evil.test',
      '/\r\n/evil.test',
      'javascript:alert(1)',
      'evil.test',
    ];
    for (const target of offsite) {
      const res = await post({ log: user.login, pwd: user.password, redirect_to: target });
      expect(res.statusCode, JSON.stringify(target)).toBe(302);
      expect(res.headers.location, JSON.stringify(target)).toBe(OVERVIEW_URL);
      // What a browser makes of it: still this site.
      expect(new URL(String(res.headers.location), base).origin).toBe(base);
    }

    // The sign-in form carries only a safe target, and a signed-in visitor is sent to it.
    const page = await app.inject({ method: 'GET', url: '/wp-login.php?redirect_to=%2F%2Fevil.test' });
    expect(page.body).toContain(`name="redirect_to" value="${OVERVIEW_URL.replaceAll('&', '&amp;')}"`);
    const { cookie } = await signIn(app, user);
    const signedIn = await app.inject({
      method: 'GET',
      url: '/wp-login.php?redirect_to=%2F%09%2Fevil.test',
      headers: { cookie },
    });
    expect(signedIn.headers.location).toBe(OVERVIEW_URL);
  });

  it(`refuses a login from an address after ${PER_LOGIN_AND_ADDRESS} failures, even with the right password, and only there`, async () => {
    const user = await makeUser(use(), 'administrator');
    const bystander = await makeUser(use(), 'administrator');
    for (let i = 0; i < PER_LOGIN_AND_ADDRESS; i++) {
      const res = await post({ log: user.login, pwd: `wrong-${i}` }, '10.0.1.1');
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    const refused = await post({ log: user.login, pwd: user.password }, '10.0.1.1');
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(
      `Too many failed sign-in attempts. Please try again in ${SIGN_IN_WINDOW_MS / 60000} minutes.`,
    );
    expect(refused.headers['set-cookie']).toBeUndefined();
    // The e-mail address is the same user: it shares the count, however it is capitalised.
    expect((await post({ log: user.email, pwd: user.password }, '10.0.1.1')).statusCode).toBe(429);
    expect((await post({ log: user.login.toUpperCase(), pwd: 'wrong' }, '10.0.1.1')).statusCode).toBe(429);
    // A stranger's failures do not lock the owner out elsewhere, and another login signs in here.
    expect((await post({ log: user.login, pwd: user.password }, '10.0.1.2')).statusCode).toBe(302);
    expect((await post({ log: bystander.login, pwd: bystander.password }, '10.0.1.1')).statusCode).toBe(302);
  });

  it('forgets the failures of a login from an address once it signs in there', async () => {
    const user = await makeUser(use(), 'administrator');
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < PER_LOGIN_AND_ADDRESS - 1; i++) {
        expect((await post({ log: user.login, pwd: 'wrong-password' }, '10.0.2.1')).statusCode).toBe(401);
      }
      expect((await post({ log: user.login, pwd: user.password }, '10.0.2.1')).statusCode).toBe(302);
    }
  });

  it(`refuses an address after ${PER_ADDRESS} failures on any logins`, async () => {
    const user = await makeUser(use(), 'administrator');
    const perLogin = PER_LOGIN_AND_ADDRESS - 1;
    for (let i = 0; i < PER_ADDRESS; i++) {
      const res = await post({ log: `nobody-${Math.floor(i / perLogin)}`, pwd: 'guess' }, '10.0.3.1');
      expect(res.statusCode, `failure ${i + 1}`).toBe(401);
    }
    expect((await post({ log: user.login, pwd: user.password }, '10.0.3.1')).statusCode).toBe(429);
    expect((await post({ log: user.login, pwd: user.password }, '10.0.3.2')).statusCode).toBe(302);
  });

  it(`stops a guesser spread over many addresses after ${PER_LOGIN} failures, but not the owner at a known address`, async () => {
    const user = await makeUser(use(), 'administrator');
    // The owner has signed in from this address before.
    expect((await post({ log: user.login, pwd: user.password }, '10.0.6.250')).statusCode).toBe(302);
    for (let i = 0; i < PER_LOGIN; i++) {
      const address = `10.6.${Math.floor(i / 4)}.${i % 4}`;
      expect((await post({ log: user.login, pwd: `guess-${i}` }, address)).statusCode, address).toBe(401);
    }
    expect((await post({ log: user.login, pwd: user.password }, '10.0.6.251')).statusCode).toBe(429);
    expect((await post({ log: user.login, pwd: user.password }, '10.0.6.250')).statusCode).toBe(302);
  });

  it('verifies no more passwords than the limit when forty guesses arrive at once', async () => {
    const user = await makeUser(use(), 'administrator');
    const before = passwordVerifications.count;
    const guesses = Array.from({ length: 40 }, (_, i) =>
      post({ log: user.login, pwd: `wrong-${i}` }, '10.0.7.1'),
    );
    // The right password sent inside the burst is refused like the others once the limit holds.
    const answers = await Promise.all([
      ...guesses,
      post({ log: user.login, pwd: user.password }, '10.0.7.1'),
    ]);
    const verified = passwordVerifications.count - before;
    expect(verified).toBeLessThanOrEqual(PER_LOGIN_AND_ADDRESS);
    expect(answers.filter((res) => res.statusCode === 429).length).toBeGreaterThanOrEqual(
      41 - PER_LOGIN_AND_ADDRESS,
    );
    expect(answers.filter((res) => res.statusCode === 401 || res.statusCode === 302).length).toBe(verified);
    expect((await post({ log: user.login, pwd: user.password }, '10.0.7.1')).statusCode).toBe(429);
    expect(passwordVerifications.count - before).toBe(verified);
  });

  it('limits a login given by a long e-mail address as any other', async () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(150)}.example.test`;
    expect(email.length).toBeGreaterThan(200);
    const password = 'long-email-password';
    await createUser(use().db, { login: `longmail_${process.pid}`, email, role: 'administrator', password });
    for (let i = 0; i < PER_LOGIN_AND_ADDRESS; i++) {
      expect((await post({ log: email, pwd: `wrong-${i}` }, '10.0.4.1')).statusCode).toBe(401);
    }
    expect((await post({ log: email, pwd: password }, '10.0.4.1')).statusCode).toBe(429);
  });

  it('answers 400 to an empty username or password, counting no failure', async () => {
    const before = await failures();
    const empty: Record<string, string>[] = [
      { log: '', pwd: 'x' },
      { log: 'someone', pwd: '' },
      { log: '   ', pwd: 'x' },
      {},
    ];
    for (const fields of empty) {
      const res = await post(fields, '10.0.5.1');
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.body).toContain('The username and the password fields are required.');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await failures()).toBe(before);
    // A filled-in wrong pair is a failure, and counts.
    expect((await post({ log: 'someone', pwd: 'x' }, '10.0.5.1')).statusCode).toBe(401);
    expect(await failures()).toBe(before + 1);
  });
});

/** A self-signed certificate from the openssl command, when the machine has one. */
function selfSignedCertificate(): { key: Buffer; cert: Buffer } | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'paydesk-tls-'));
  dirs.push(dir);
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-subj',
    '/CN=localhost',
    '-days',
    '1',
    '-keyout',
    join(dir, 'key.pem'),
    '-out',
    join(dir, 'cert.pem'),
  ]);
  if (made.error || made.status !== 0) return undefined;
  return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
}

const certificate = selfSignedCertificate();

describeEachDatabase('sign-in over HTTPS', (use) => {
  let app: FastifyInstance;
  let user: TestUser;
  beforeAll(async () => {
    app = await makeTestApp(use());
    user = await makeUser(use(), 'administrator');
  });
  afterAll(() => app.close());

  it.skipIf(!certificate)('marks the session cookie Secure (needs the openssl command)', async () => {
    const server = createServer(certificate!, (req, res) => app.routing(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const body = form({ log: user.login, pwd: user.password });
      const headers = await new Promise<Record<string, unknown>>((resolve, reject) => {
        const req = httpsRequest(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/wp-login.php',
            rejectUnauthorized: false,
            headers: { ...FORM, 'content-length': Buffer.byteLength(body) },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ ...res.headers, status: res.statusCode }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(headers.status).toBe(302);
      const cookie = setSessionCookie(headers);
      expect(cookie.attributes.has('secure')).toBe(true);
      expect(cookie.attributes.has('httponly')).toBe(true);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describeEachDatabase('sign-in behind a reverse proxy', (use) => {
  let proxied: FastifyInstance;
  let direct: FastifyInstance;
  beforeAll(async () => {
    proxied = await makeTestApp(use(), undefined, { trustProxy: ['10.9.0.1'] });
    direct = await makeTestApp(use());
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });
  const through = (app: FastifyInstance, fields: Record<string, string>, client: string, proto = 'http') =>
    app.inject({
      method: 'POST',
      url: '/wp-login.php',
      headers: { ...FORM, 'x-forwarded-for': client, 'x-forwarded-proto': proto },
      payload: form(fields),
      remoteAddress: '10.9.0.1',
    });

  it('counts failures by the client address the trusted proxy forwards, so the owner still signs in', async () => {
    const user = await makeUser(use(), 'administrator');
    for (let i = 0; i < PER_LOGIN_AND_ADDRESS; i++) {
      expect((await through(proxied, { log: user.login, pwd: `guess-${i}` }, '203.0.113.7')).statusCode).toBe(
        401,
      );
    }
    expect((await through(proxied, { log: user.login, pwd: user.password }, '203.0.113.7')).statusCode).toBe(
      429,
    );
    const owner = await through(proxied, { log: user.login, pwd: user.password }, '198.51.100.20');
    expect(owner.statusCode).toBe(302);
  });

  it('marks the cookie Secure when the trusted proxy says the visitor came over HTTPS', async () => {
    const user = await makeUser(use(), 'administrator');
    const res = await through(proxied, { log: user.login, pwd: user.password }, '198.51.100.21', 'https');
    expect(res.statusCode).toBe(302);
    expect(setSessionCookie(res.headers).attributes.has('secure')).toBe(true);
  });

  it('believes no forwarded header without TRUST_PROXY: every client behind it is the proxy', async () => {
    const user = await makeUser(use(), 'administrator');
    for (let i = 0; i < PER_LOGIN_AND_ADDRESS; i++) {
      const client = `203.0.113.${i + 10}`;
      expect((await through(direct, { log: user.login, pwd: `guess-${i}` }, client)).statusCode).toBe(401);
    }
    // The forwarded address changed each time, but the limit counted the connection's address.
    expect((await through(direct, { log: user.login, pwd: user.password }, '198.51.100.22')).statusCode).toBe(
      429,
    );
    // Nor a forwarded scheme: the connection came over plain HTTP.
    const other = await makeUser(use(), 'administrator');
    const plain = await through(direct, { log: other.login, pwd: other.password }, '198.51.100.23', 'https');
    expect(plain.statusCode).toBe(302);
    expect(setSessionCookie(plain.headers).attributes.has('secure')).toBe(false);
  });
});
