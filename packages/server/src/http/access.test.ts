import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fakeWebDist, makeTestApp, makeUser, sessionNonce, signIn, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
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
  let app: FastifyInstance;
  let admin: TestUser;
  let customer: TestUser;
  let ops: Operation[];
  let adminCookie: string;
  let adminNonce: string;
  let customerCookie: string;
  let customerNonce: string;

  beforeAll(async () => {
    app = await makeTestApp(use(), fakeWebDist());
    admin = await makeUser(use(), 'administrator');
    customer = await makeUser(use(), 'customer');
    const doc = await app.inject({ method: 'GET', url: OPENAPI_PATH });
    expect(doc.statusCode).toBe(200);
    ops = operations(doc.json());
    adminCookie = (await signIn(app, admin)).cookie;
    adminNonce = await sessionNonce(use(), adminCookie);
    customerCookie = (await signIn(app, customer)).cookie;
    customerNonce = await sessionNonce(use(), customerCookie);
  });
  afterAll(() => app.close());

  it('publishes an OpenAPI 3.1 document listing the REST routes', async () => {
    const doc = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(ops.length).toBeGreaterThan(5);
    expect(ops.every((op) => op.url.startsWith('/wp-json/'))).toBe(true);
  });

  const cases: [string, (op: Operation) => Record<string, string>, number, string][] = [
    ['no credentials', () => ({}), 401, 'rest_not_logged_in'],
    [
      'a wrong application password',
      () => ({
        authorization: `Basic ${Buffer.from(`${admin.login}:aaaa bbbb cccc dddd eeee ffff`).toString('base64')}`,
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
      'an identity header that is not ours',
      () => ({ 'x-wp-user': '1', 'x-forwarded-user': 'admin' }),
      401,
      'rest_not_logged_in',
    ],
  ];

  for (const [name, headers, status, code] of cases) {
    it(`answers ${status} ${code} on every route for ${name}`, async () => {
      const failures: string[] = [];
      for (const op of ops) {
        const res = await app.inject({
          method: op.method,
          url: op.url,
          headers: headers(op),
          payload: op.method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== status || res.json().code !== code)
          failures.push(`${op.method} ${op.url} → ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      expect(failures).toEqual([]);
    });
  }

  it('lets an administrator through on every route (cookie with nonce, and application password), uncached', async () => {
    const failures: string[] = [];
    for (const op of ops) {
      for (const headers of [
        { cookie: adminCookie, 'x-wp-nonce': adminNonce },
        { authorization: admin.basic },
      ]) {
        const res = await app.inject({
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

  it('redirects anonymous visitors of admin pages to sign-in and refuses customers', async () => {
    const pages = ['/payments/overview', '/payments/transactions', '/payments/connect', '/payments/anything'];
    for (const path of pages) {
      const url = `/wp-admin/admin.php?page=wc-admin&path=${encodeURIComponent(path)}`;
      const anonymous = await app.inject({ method: 'GET', url });
      expect(anonymous.statusCode).toBe(302);
      expect(anonymous.headers.location).toBe(`/wp-login.php?redirect_to=${encodeURIComponent(url)}`);
      const refused = await app.inject({ method: 'GET', url, headers: { cookie: customerCookie } });
      expect(refused.statusCode).toBe(403);
      expect(refused.body).toContain('Sorry, you are not allowed to access this page.');
      expect(refused.body).not.toContain('paydesk-bootstrap');
      const allowed = await app.inject({ method: 'GET', url, headers: { cookie: adminCookie } });
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
