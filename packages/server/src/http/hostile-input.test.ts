import { beforeAll, expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { OPENAPI_PATH } from './app.ts';

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; $ref?: string };
interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  bodyFields: string[];
}

/** Every operation of the OpenAPI document with its path, query and top-level body field names. */
function operations(document: {
  paths: Record<
    string,
    Record<string, { parameters?: { in: string; name: string }[]; requestBody?: unknown }>
  >;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'delete', 'patch'].includes(method)) continue;
      const parameters = op.parameters ?? [];
      const body = (op.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)
        ?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.keys(body?.properties ?? {}),
      });
    }
  }
  return ops;
}

/** Text PostgreSQL cannot store: the NUL character, and lone surrogates of either half. */
const HOSTILE = ['a\u0000b', '\u0000', 'x\uD800', '\uDC00y', 'ok\uDBFF'];
/**
 * In a URL only the NUL survives decoding: the bytes a lone surrogate would have are not UTF-8,
 * and decode to U+FFFD (in a query) or are refused (in a path). Both kinds are sent; the NUL must
 * be refused by name, and nothing may answer 5xx.
 */
const NUL_IN_URL = ['a%00b', '%00'];
const SURROGATE_BYTES_IN_URL = ['x%ED%A0%80', '%ED%B0%80y'];
const HOSTILE_IN_URL = [...NUL_IN_URL, ...SURROGATE_BYTES_IN_URL];

const fill = (path: string, params: string[], value: (name: string) => string) =>
  params.reduce((url, name) => url.replace(`{${name}}`, value(name)), path);

describeEachDatabase('hostile text on every route and form', (use) => {
  // With an account, lookups by id and filters reach the database, where such text would fail.
  const api = testApi(use, { web: true, account: true });
  let ops: Operation[];
  let cookie: string;
  const fiveHundreds: string[] = [];

  beforeAll(async () => {
    ops = operations((await api.app.inject({ method: 'GET', url: OPENAPI_PATH })).json());
    ({ cookie } = await api.signIn());
  });

  const send = async (
    method: string,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await api.app.inject({
      method: method as 'GET',
      url,
      headers: { authorization: api.admin.basic, ...headers },
      ...(payload === undefined ? {} : { payload: payload as string }),
    });
    if (res.statusCode >= 500)
      fiveHundreds.push(`${method} ${url} → ${res.statusCode} ${res.body.slice(0, 160)}`);
    return res;
  };

  it('refuses it in every path parameter with 400, naming the parameter', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.pathParams.length > 0)) {
      for (const value of HOSTILE_IN_URL) {
        const url = fill(op.path, op.pathParams, () => value);
        const res = await send(op.method, url, op.method === 'GET' ? undefined : {});
        if (res.statusCode !== 400) wrong.push(`${op.method} ${url} → ${res.statusCode}`);
      }
    }
    expect(fiveHundreds).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('refuses a NUL in every query parameter with 400 rest_invalid_param naming the parameter', async () => {
    const wrong: string[] = [];
    for (const op of ops) {
      const base = fill(op.path, op.pathParams, () => 'x1');
      for (const name of [...op.queryParams, 'unknown_param']) {
        for (const value of SURROGATE_BYTES_IN_URL) {
          await send(
            op.method,
            `${base}?${encodeURIComponent(name)}=${value}`,
            op.method === 'GET' ? undefined : {},
          );
        }
        for (const value of NUL_IN_URL) {
          const url = `${base}?${encodeURIComponent(name)}=${value}`;
          const res = await send(op.method, url, op.method === 'GET' ? undefined : {});
          const body = res.json() as { code?: string; data?: { params?: Record<string, string> } };
          if (res.statusCode !== 400 || body.code !== 'rest_invalid_param' || !body.data?.params?.[name])
            wrong.push(`${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 100)}`);
        }
      }
    }
    expect(fiveHundreds).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('answers an address no route takes with 404 rest_no_route whatever its query holds', async () => {
    // A write refused for its text leaves an audit row; an address that is no route leaves none,
    // so it must not be answered as a refused write.
    for (const url of [
      '/wp-json/wp/v2/users/?a%5Bb%5D%5Bc%5D=a%00b',
      '/wp-json/wc-analytics/admin/notes/?page%5B=%00',
    ]) {
      const res = await send('POST', url, {});
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ code: 'rest_no_route' });
    }
    expect(fiveHundreds).toEqual([]);
  });

  it('refuses it in every JSON body field, nested values and keys with 400 naming the field', async () => {
    const wrong: string[] = [];
    for (const op of ops.filter((o) => o.method !== 'GET')) {
      const url = fill(op.path, op.pathParams, () => 'x1');
      const bodies: [string, unknown][] = [];
      for (const field of op.bodyFields)
        for (const value of HOSTILE) bodies.push([field, { [field]: value }]);
      bodies.push(['deep.list[1]', { deep: { list: ['fine', 'no\u0000pe'] } }]);
      bodies.push(['\uFFFD', { '\uD800': 1 }]);
      for (const [field, body] of bodies) {
        const res = await send(op.method, url, JSON.stringify(body), { 'content-type': 'application/json' });
        const answer = res.json() as { code?: string; data?: { params?: Record<string, string> } };
        if (res.statusCode !== 400 || answer.code !== 'rest_invalid_param' || !answer.data?.params?.[field])
          wrong.push(
            `${op.method} ${url} ${JSON.stringify(body)} → ${res.statusCode} ${res.body.slice(0, 100)}`,
          );
      }
    }
    expect(fiveHundreds).toEqual([]);
    expect(wrong).toEqual([]);
  });

  it('answers the sign-in form with its own page, never a 500', async () => {
    for (const [field, value] of [
      ['log', 'a\u0000b'],
      ['pwd', 'secret\u0000'],
      ['redirect_to', '/wp-admin/\u0000'],
    ] as const) {
      const fields = { log: 'someone', pwd: 'password', [field]: value };
      const res = await api.app.inject({
        method: 'POST',
        url: '/wp-login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(fields).toString(),
        remoteAddress: '10.8.0.1',
      });
      expect(res.statusCode, `${field}`).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('name="loginform"');
      expect(res.body).toContain('cannot be used in a username or password');
    }
    for (const url of ['/wp-login.php?redirect_to=%00', '/wp-login.php?action=logout&_wpnonce=%00']) {
      const res = await api.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('answers the admin page with a page, never a 500', async () => {
    for (const value of NUL_IN_URL) {
      const url = `/wp-admin/admin.php?page=wc-admin&path=/payments/overview&id=${value}`;
      const res = await api.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(400);
      expect(res.headers['content-type']).toContain('text/html');
    }
  });

  it('sends a signed-in visitor on to a redirect_to in any script, percent-encoded', async () => {
    const target = '/wp-admin/admin.php?page=wc-admin&path=/payments/日本 x';
    const res = await api.app.inject({
      method: 'POST',
      url: '/wp-login.php',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        log: api.admin.login,
        pwd: api.admin.password,
        redirect_to: target,
      }).toString(),
      remoteAddress: '10.8.0.2',
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=/payments/%E6%97%A5%E6%9C%AC%20x',
    );
    const signedIn = await api.app.inject({
      method: 'GET',
      url: `/wp-login.php?redirect_to=${encodeURIComponent(target)}`,
      headers: { cookie },
    });
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe(res.headers.location);
  });
});
