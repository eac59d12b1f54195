import { appError, ERRORS } from '@paydesk/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { buildApp } from './app.ts';

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
  err?: { type?: string; message?: string; stack?: string };
  req?: { url?: string };
}

const OPTIONS = '/wp-json/wc-admin/options';
const ME = '/wp-json/wp/v2/users/me';
const BODY_LIMIT_BYTES = 1024 * 1024;

describeEachDatabase('error answers', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  const logs: LogLine[] = [];
  const errorLogs = (reqId: string) => logs.filter((line) => line.reqId === reqId && line.level >= 50);
  /** The id of the latest request to a URL, from the server's "incoming request" log line. */
  const lastId = (url: string) => logs.findLast((line) => line.req?.url === url)?.reqId ?? 'none';

  beforeAll(async () => {
    app = await buildApp({
      database: use(),
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logs.push(JSON.parse(line) as LogLine) },
      },
    });
    // Throwaway routes that fail the ways a handler can.
    app.get('/wp-json/paydesk-test/unexpected', async () => {
      throw new Error('connect ECONNREFUSED 10.1.2.3:5432 (secret detail)');
    });
    app.get('/wp-json/paydesk-test/conflict', async () => {
      throw appError('rest_conflict');
    });
    app.get('/paydesk-test-page/conflict', async () => {
      throw appError('rest_conflict');
    });
    app.get('/wp-json/paydesk-test/unavailable', async () => {
      throw appError('processor_unavailable');
    });
    await app.ready();
    admin = await makeUser(use(), 'administrator');
  });
  afterAll(() => app.close());

  it('masks an unexpected error as a 500 naming the request, and logs the real error under that id', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const res = await app.inject({ method: 'GET', url: '/wp-json/paydesk-test/unexpected' });
      expect(res.statusCode).toBe(500);
      const body = res.json();
      expect(body).toMatchObject({ code: 'internal_server_error', data: { status: 500 } });
      expect(Object.keys(body.data)).toEqual(['status']);
      const id = /\(Request ID ([0-9a-f-]{36})\)$/.exec(body.message)?.[1];
      expect(id, body.message).toBeDefined();
      expect(res.body).not.toContain('ECONNREFUSED');
      expect(res.body).not.toContain('secret detail');
      expect(res.body).not.toContain('errors.test.ts');

      const logged = errorLogs(id!);
      expect(logged).toHaveLength(1);
      expect(logged[0]!.msg).toBe('unhandled error');
      expect(logged[0]!.err?.message).toBe('connect ECONNREFUSED 10.1.2.3:5432 (secret detail)');
      expect(logged[0]!.err?.stack).toContain('errors.test.ts');
      ids.push(id!);
    }
    expect(ids[0]).not.toBe(ids[1]);
  });

  it('answers an expected failure with its own code and message, logging a 5xx one only', async () => {
    const conflict = await app.inject({ method: 'GET', url: '/wp-json/paydesk-test/conflict' });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json()).toEqual({
      code: 'rest_conflict',
      message: ERRORS.rest_conflict.message,
      data: { status: 409 },
    });
    const conflictId = lastId('/wp-json/paydesk-test/conflict');
    expect(logs.filter((line) => line.reqId === conflictId).length).toBeGreaterThan(0);
    expect(errorLogs(conflictId)).toEqual([]);

    const unavailable = await app.inject({ method: 'GET', url: '/wp-json/paydesk-test/unavailable' });
    expect(unavailable.statusCode).toBe(503);
    expect(unavailable.json()).toMatchObject({ code: 'processor_unavailable', data: { status: 503 } });
    expect(errorLogs(lastId('/wp-json/paydesk-test/unavailable'))).toHaveLength(1);
  });

  it('answers an expected failure on a page (outside the REST root) with a page', async () => {
    const page = await app.inject({ method: 'GET', url: '/paydesk-test-page/conflict' });
    expect(page.statusCode).toBe(409);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(ERRORS.rest_conflict.message);
  });

  it('answers malformed or empty JSON with 400 rest_invalid_json', async () => {
    const send = (payload: string) =>
      app.inject({
        method: 'POST',
        url: OPTIONS,
        headers: { authorization: admin.basic, 'content-type': 'application/json' },
        payload,
      });
    for (const payload of ['{"wcpay_next_deposit_notice_dismissed": tru', '']) {
      const res = await send(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ code: 'rest_invalid_json', data: { status: 400 } });
      expect(errorLogs(lastId(OPTIONS))).toEqual([]);
    }
    expect((await send('{"wcpay_next_deposit_notice_dismissed": true}')).statusCode).toBe(200);
  });

  it('answers a body over the limit with 413 rest_payload_too_large, after the access check', async () => {
    /** A JSON body of exactly `bytes` bytes. */
    const json = (bytes: number) => `{"filler":"${'x'.repeat(bytes - '{"filler":""}'.length)}"}`;
    const over = json(BODY_LIMIT_BYTES + 1);
    expect(over.length).toBe(BODY_LIMIT_BYTES + 1);
    const post = (payload: string, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: OPTIONS,
        headers: { ...headers, 'content-type': 'application/json' },
        payload,
      });
    const tooLarge = await post(over, { authorization: admin.basic });
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'rest_payload_too_large', data: { status: 413 } });
    // A stranger's body is never read: the access check answers first.
    expect((await post(over, {})).statusCode).toBe(401);
    // At the limit the body is read, and judged on what it says.
    const atLimit = await post(json(BODY_LIMIT_BYTES), { authorization: admin.basic });
    expect(atLimit.statusCode).toBe(400);
    expect(atLimit.json().data.params).toEqual({ filler: 'Unknown parameter.' });
  });

  it('limits the sign-in form to 64 KB', async () => {
    const form = (bytes: number) => `log=&pwd=${'x'.repeat(bytes - 9)}`;
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    const over = await app.inject({
      method: 'POST',
      url: '/wp-login.php',
      headers,
      payload: form(64 * 1024 + 1),
    });
    expect(over.statusCode).toBe(413);
    const under = await app.inject({
      method: 'POST',
      url: '/wp-login.php',
      headers,
      payload: form(64 * 1024),
    });
    expect(under.statusCode).toBe(400);
    expect(under.body).toContain('The username and the password fields are required.');
  });

  it('answers unknown query parameters with 400 naming each of them', async () => {
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { authorization: admin.basic } });
    const one = await get(`${ME}?foo=1`);
    expect(one.statusCode).toBe(400);
    expect(one.json()).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): foo',
      data: { status: 400, params: { foo: 'Unknown parameter.' } },
    });
    const two = await get(`${OPTIONS}?options=blogname&bar=1&baz=2`);
    expect(two.statusCode).toBe(400);
    expect(two.json().data.params).toEqual({ bar: 'Unknown parameter.', baz: 'Unknown parameter.' });
    const malformed = await get(`${OPTIONS}?options=Not-An-Option`);
    expect(malformed.statusCode).toBe(400);
    expect(Object.keys(malformed.json().data.params)).toEqual(['options']);
    expect((await get(ME)).statusCode).toBe(200);
    expect((await get(`${OPTIONS}?options=blogname`)).statusCode).toBe(200);
    // The nonce of a download link is not a parameter of the route.
    expect((await get(`${ME}?_wpnonce=abc`)).statusCode).toBe(200);
  });

  it('answers unknown paths with a JSON 404 under the REST root and an HTML page elsewhere', async () => {
    const rest = await app.inject({ method: 'GET', url: '/wp-json/nothing/here' });
    expect(rest.statusCode).toBe(404);
    expect(rest.json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
    const page = await app.inject({ method: 'GET', url: '/nothing-here' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
  });
});
