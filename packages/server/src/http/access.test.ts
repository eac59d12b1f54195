import { afterAll, beforeAll, expect, it } from 'vitest';
import { revokeSession, sha256 } from '../store/sessions.ts';
import { testApi } from '../testing/api.ts';
import { makeUser, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { rowCounts, tablesRefusalsLeave } from '../testing/row-counts.ts';
import { OPENAPI_PATH } from './app.ts';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

interface Operation {
  method: Method;
  url: string;
}

/** Every operation the OpenAPI document lists, with each `{param}` filled in. */
function operations(document: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of Object.keys(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      ops.push({ method: method.toUpperCase() as Method, url: path.replace(/\{[^}]+\}/g, 'x1') });
    }
  }
  return ops;
}

describeEachDatabase('access to every route', (use) => {
  const api = testApi(use, { web: true });
  let customer: TestUser;
  let ops: Operation[];
  let adminCookie: string;
  let adminNonce: string;
  let customerCookie: string;
  let customerNonce: string;
  let expiredCookie: string;
  let expiredNonce: string;
  let revokedCookie: string;
  let revokedNonce: string;
  let tables: string[];
  /** Every refusal below, counted, to print the access matrix's size. */
  let refusals = 0;

  const tokenHash = (cookie: string) => sha256(decodeURIComponent(cookie.split('=')[1]!));

  beforeAll(async () => {
    customer = await makeUser(use(), 'customer');
    const doc = await api.app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(doc.statusCode).toBe(200);
    ops = operations(doc.json());
    ({ cookie: adminCookie, nonce: adminNonce } = await api.signIn());
    ({ cookie: customerCookie, nonce: customerNonce } = await api.signIn(customer));
    // An administrator's session that has run out, and one that was signed out.
    ({ cookie: expiredCookie, nonce: expiredNonce } = await api.signIn());
    await use()
      .db.updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', tokenHash(expiredCookie))
      .execute();
    ({ cookie: revokedCookie, nonce: revokedNonce } = await api.signIn());
    await revokeSession(use().db, tokenHash(revokedCookie));
    tables = await tablesRefusalsLeave(use());
  });
  afterAll(() => {
    console.log(`access: ${refusals} refused requests on ${ops.length} operations, 0 rows written`);
  });

  it('publishes an OpenAPI 3.1 document listing the REST routes', async () => {
    const doc = (await api.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(ops.length).toBeGreaterThan(5);
    expect(ops.every((op) => op.url.startsWith('/wp-json/'))).toBe(true);
  });

  /** A refusal case: its name, its headers, the status and code every route answers. */
  type Case = [string, (op: Operation) => Record<string, string>, number, string, { writesOnly?: boolean }?];
  const cases: Case[] = [
    ['no credentials', () => ({}), 401, 'rest_not_logged_in'],
    [
      'a wrong application password',
      () => ({
        authorization: `Basic ${Buffer.from(`${api.admin.login}:aaaa bbbb cccc dddd eeee ffff`).toString('base64')}`,
      }),
      401,
      'incorrect_password',
    ],
    [
      'a malformed Authorization header',
      () => ({ authorization: 'Bearer something' }),
      401,
      'incorrect_password',
    ],
    ['an admin cookie without a nonce', () => ({ cookie: adminCookie }), 403, 'rest_cookie_invalid_nonce'],
    [
      'an admin cookie with a wrong nonce',
      () => ({ cookie: adminCookie, 'x-wp-nonce': 'f'.repeat(32) }),
      403,
      'rest_cookie_invalid_nonce',
    ],
    [
      "an admin cookie with another user's nonce",
      () => ({ cookie: adminCookie, 'x-wp-nonce': customerNonce }),
      403,
      'rest_cookie_invalid_nonce',
    ],
    ['a customer application password', () => ({ authorization: customer.basic }), 403, 'rest_forbidden'],
    [
      'a customer application password with the scheme in lower case',
      () => ({ authorization: customer.basic.replace(/^Basic/, 'basic') }),
      403,
      'rest_forbidden',
    ],
    [
      'a customer cookie with its nonce',
      () => ({ cookie: customerCookie, 'x-wp-nonce': customerNonce }),
      403,
      'rest_forbidden',
    ],
    [
      'an expired session with its nonce',
      () => ({ cookie: expiredCookie, 'x-wp-nonce': expiredNonce }),
      401,
      'rest_not_logged_in',
    ],
    [
      'a signed-out session with its nonce',
      () => ({ cookie: revokedCookie, 'x-wp-nonce': revokedNonce }),
      401,
      'rest_not_logged_in',
    ],
    [
      'an admin cookie and nonce on a write sent from another site',
      () => ({ cookie: adminCookie, 'x-wp-nonce': adminNonce, origin: 'https://shop.example.net' }),
      403,
      'rest_cookie_invalid_origin',
      { writesOnly: true },
    ],
    [
      'an admin cookie and nonce on a write from an opaque origin',
      () => ({ cookie: adminCookie, 'x-wp-nonce': adminNonce, origin: 'null' }),
      403,
      'rest_cookie_invalid_origin',
      { writesOnly: true },
    ],
    [
      'an admin cookie and nonce on a write from the same host on another port',
      () => ({ cookie: adminCookie, 'x-wp-nonce': adminNonce, origin: 'http://localhost:8081' }),
      403,
      'rest_cookie_invalid_origin',
      { writesOnly: true },
    ],
    [
      'an identity header that is not ours',
      () => ({ 'x-wp-user': '1', 'x-forwarded-user': 'admin' }),
      401,
      'rest_not_logged_in',
    ],
  ];

  for (const [name, headers, status, code, scope] of cases) {
    it(`answers ${status} ${code} on every ${scope?.writesOnly ? 'write' : 'route'} for ${name}`, async () => {
      const failures: string[] = [];
      const countsBefore = await rowCounts(use(), tables);
      for (const op of ops) {
        if (scope?.writesOnly && op.method === 'GET') continue;
        refusals++;
        const res = await api.app.inject({
          method: op.method,
          url: op.url,
          headers: headers(op),
          payload: op.method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== status || res.json().code !== code)
          failures.push(`${op.method} ${op.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
      // Not one refused request wrote a row (its audit row and rate-limit count excepted).
      expect(await rowCounts(use(), tables)).toBe(countsBefore);
    });
  }

  it('lets an administrator through on every route (cookie with nonce, and application password), uncached', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      for (const headers of [
        { cookie: adminCookie, 'x-wp-nonce': adminNonce },
        // A write from the admin page itself: its Origin is the host the request went to.
        { cookie: adminCookie, 'x-wp-nonce': adminNonce, origin: 'http://localhost' },
        { authorization: api.admin.basic },
      ]) {
        const res = await api.app.inject({
          method: op.method,
          url: op.url,
          headers,
          payload: op.method === 'GET' ? undefined : {},
        });
        // A download (the audit log's CSV) answers its file, not JSON.
        const json = String(res.headers['content-type'] ?? '').includes('application/json');
        if ([401, 403].includes(res.statusCode) || (json && res.json().code === 'rest_no_route')) {
          failures.push(`${op.method} ${op.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
        }
        // Whatever it answers, no cache may keep it or give it to anyone else.
        const vary = String(res.headers.vary ?? '').toLowerCase();
        if (
          res.headers['cache-control'] !== 'no-store' ||
          !vary.includes('cookie') ||
          !vary.includes('authorization')
        ) {
          failures.push(
            `${op.method} ${op.url} → cache-control ${res.headers['cache-control']}, vary ${vary}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('redirects anonymous visitors and ended sessions of admin pages to sign-in and refuses customers', async () => {
    const pages = ['/payments/overview', '/payments/transactions', '/payments/connect', '/payments/anything'];
    for (const path of pages) {
      const url = `/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(path)}`;
      const anonymous = await api.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe(`/wp-login.php?redirect_to=${encodeURIComponent(url)}`);
      for (const cookie of [expiredCookie, revokedCookie]) {
        const ended = await api.app.inject({ method: 'GET', url, headers: { cookie } });
        expect(ended.statusCode).toBe(302);
        expect(ended.headers.location).toBe(`/wp-login.php?redirect_to=${encodeURIComponent(url)}`);
      }
      const refused = await api.app.inject({ method: 'GET', url, headers: { cookie: customerCookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Sorry, you are not allowed to access this page.');
      expect(refused.body).not.toContain('paydesk-bootstrap');
      const allowed = await api.app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
      if (path === '/payments/overview') {
        // This store has no payments account, and the Overview sends such a store to Connect.
        expect(allowed.statusCode).toBe(302);
        expect(allowed.headers.location).toBe('/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Fconnect');
        continue;
      }
      expect(allowed.statusCode).toBe(200);
      expect(allowed.body).toContain(`"nonce":"${adminNonce}"`);
      expect(allowed.headers['cache-control']).toBe('no-store');
      expect(String(allowed.headers.vary)).toContain('Cookie');
    }
  });
});
