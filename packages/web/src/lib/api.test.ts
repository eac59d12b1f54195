import { payments, transactions } from '@paydesk/domain/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, hasErrorCode, newIdempotencyKey, queryString, serverMessage } from './api.ts';

vi.mock('./bootstrap.ts', () => ({ getPage: () => ({ nonce: 'nonce-1' }) }));

afterEach(() => vi.unstubAllGlobals());

it('makes idempotency keys where randomUUID is missing, as on an admin served over plain HTTP', () => {
  // Browsers offer crypto.randomUUID only in secure contexts; getRandomValues everywhere.
  vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
  const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
  expect(keys.size).toBe(50);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});

describe('apiFetch', () => {
  const answered = (body: unknown, status = 200) =>
    vi.fn(async () => new Response(body === undefined ? '' : JSON.stringify(body), { status }));
  const sent = (fetch: ReturnType<typeof answered>) =>
    fetch.mock.calls[0] as unknown as [string, RequestInit & { headers: Record<string, string> }];

  it('fills the path, writes the query with arrays as name[] and sends the nonce', async () => {
    const fetch = answered({ id: 'pi_1' });
    vi.stubGlobal('fetch', fetch);
    await apiFetch(transactions.getAuthorization, { params: { payment_intent_id: 'pi_1' } });
    await apiFetch(transactions.listTransactions, {
      query: { page: 2, pagesize: 25, type_is_in: ['charge', 'refund'], search: [] } as never,
    });
    const [url, init] = sent(fetch);
    expect(url).toBe('/wp-json/wc/v3/payments/authorizations/pi_1');
    expect(init.method).toBe('GET');
    expect(init.headers['X-WP-Nonce']).toBe('nonce-1');
    expect(init.headers['Content-Type']).toBeUndefined();
    expect(init.credentials).toBe('same-origin');
    const [listUrl] = fetch.mock.calls[1] as unknown as [string];
    expect(listUrl).toBe(
      '/wp-json/wc/v3/payments/transactions?page=2&pagesize=25&type_is_in%5B%5D=charge&type_is_in%5B%5D=refund',
    );
  });

  it('posts the body as JSON with the Idempotency-Key it is given', async () => {
    const fetch = answered({ status: 'succeeded' });
    vi.stubGlobal('fetch', fetch);
    const result = await apiFetch(payments.captureAuthorization, {
      params: { orderId: 7 },
      body: { payment_intent_id: 'pi_7' },
      idempotencyKey: 'key-1',
    });
    expect(result).toEqual({ status: 'succeeded' });
    const [url, init] = sent(fetch);
    expect(url).toBe('/wp-json/wc/v3/payments/orders/7/capture_authorization');
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"payment_intent_id":"pi_7"}');
    expect(init.headers['Content-Type']).toBe('application/json');
    expect(init.headers['Idempotency-Key']).toBe('key-1');
  });

  it("throws the server's code, message, status and data as an ApiError", async () => {
    vi.stubGlobal(
      'fetch',
      answered(
        {
          code: 'wcpay_capture_error',
          message: 'Too small.',
          data: { status: 422, minimum_amount: '0.50', params: { amount: 'At least 0.50.' } },
        },
        422,
      ),
    );
    const failure = await apiFetch(payments.captureAuthorization, {
      params: { orderId: 7 },
      body: { payment_intent_id: 'pi_7' },
    }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'wcpay_capture_error', message: 'Too small.', status: 422 });
    expect((failure as ApiError).data.minimum_amount).toBe('0.50');
    expect(hasErrorCode(failure, 'wcpay_capture_error')).toBe(true);
    expect(hasErrorCode(failure, 'wcpay_cancel_error')).toBe(false);
    expect(hasErrorCode(new Error('wcpay_capture_error'), 'wcpay_capture_error')).toBe(false);
    // The field's own reason says more than the general message.
    expect(serverMessage(failure as ApiError)).toBe('At least 0.50.');
  });

  it('names a failure without a body by its HTTP status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('', { status: 502, statusText: 'Bad Gateway' })),
    );
    const failure = await apiFetch(transactions.authorizationsSummary).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'unknown_error', message: 'Bad Gateway', status: 502, data: {} });
  });
});

describe('queryString', () => {
  it('leaves out empty values and writes nothing for an empty query', () => {
    expect(queryString({ a: '', b: undefined, c: null })).toBe('');
    expect(queryString(undefined)).toBe('');
    expect(queryString({ a: 0, b: false, c: 'x y' })).toBe('?a=0&b=false&c=x+y');
  });
});
