import { beforeAll, describe, expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { describeEachDatabase } from '../testing/db.ts';
import { cardCheckout } from '../testing/engine.ts';
import { foldBracketParameters } from './wp-conventions.ts';

const BASE = '/wp-json/wc/v3/payments';

describe('foldBracketParameters', () => {
  const fold = (query: Record<string, unknown>) => {
    foldBracketParameters(query);
    return query;
  };
  it('folds lists in index order and objects by name', () => {
    expect(fold({ 'type[1]': 'b', 'type[0]': 'a' })).toEqual({ type: ['a', 'b'] });
    expect(fold({ 'type[]': ['a', 'b'] })).toEqual({ type: ['a', 'b'] });
    expect(fold({ type: 'a', 'type[]': 'b' })).toEqual({ type: ['a', 'b'] });
    expect(fold({ 'self_assessment[country]': 'US', 'self_assessment[mcc]': '5734' })).toEqual({
      self_assessment: { country: 'US', mcc: '5734' },
    });
    expect(fold({ plain: 'x' })).toEqual({ plain: 'x' });
  });
  it('leaves a key used as a list and an object for the contract to refuse', () => {
    const query = fold({ 'a[0]': '1', 'a[x]': '2' });
    expect(query.a).toBeUndefined();
    expect(query['a[]']).toEqual(['2']);
  });
});

describeEachDatabase('WordPress REST conventions', (use) => {
  const api = testApi(use, { account: true });
  const get = (url: string) => api.get(url);

  beforeAll(async () => {
    expect((await api.checkout(cardCheckout())).statusCode).toBe(200);
  });

  it('takes _locale=user, _wpnonce and a trailing slash on any route, and still refuses unknown parameters', async () => {
    for (const url of [
      `${BASE}/transactions?_locale=user`,
      `${BASE}/transactions/?_locale=user&page=1`,
      `${BASE}/transactions/summary?_locale=user&date_between[0]=2026-01-01&date_between[1]=2030-01-01`,
      `${BASE}/documents?_locale=user&type_is=vat_invoice`,
      '/wp-json/wp/v2/users/me?_locale=user',
    ]) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    const unknown = await get(`${BASE}/transactions?_locale=user&colour=red`);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('rest_invalid_param');
  });

  it('answers only the fields _fields names, in lists and objects, nested by dots', async () => {
    const me = await get('/wp-json/wp/v2/users/me?_fields=id,name');
    expect(Object.keys(me.json()).sort()).toEqual(['id', 'name']);
    const summary = await get(`${BASE}/transactions/summary?_fields=count,currency`);
    expect(Object.keys(summary.json()).sort()).toEqual(['count', 'currency']);
    const error = await get(`${BASE}/documents/unknown_1?_fields=id`);
    expect(error.statusCode).toBe(404);
    expect(error.json().code).toBe('wcpay_document_not_found');
  });

  it('wraps the answer in an envelope with _envelope, errors included', async () => {
    const ok = await get(`${BASE}/transactions/summary?_envelope=1&_fields=count`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ body: { count: 1 }, status: 200, headers: {} });
    const missing = await get(`${BASE}/documents/unknown_1?_envelope`);
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ status: 404, body: { code: 'wcpay_document_not_found' } });
  });

  it('treats a POST with X-HTTP-Method-Override or _method as the method it names', async () => {
    const viaHeader = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc-analytics/admin/notes/delete/999999',
      headers: { authorization: api.admin.basic, 'x-http-method-override': 'DELETE' },
    });
    expect(viaHeader.json().code).toBe('woocommerce_note_invalid_id');
    const viaQuery = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc-analytics/admin/notes/delete/999999?_method=DELETE',
      headers: { authorization: api.admin.basic },
    });
    expect(viaQuery.json().code).toBe('woocommerce_note_invalid_id');
    // Only PUT, PATCH and DELETE can be asked for; a GET stays a GET.
    const get = await api.app.inject({
      method: 'GET',
      url: '/wp-json/wc-analytics/admin/notes/delete/999999',
      headers: { authorization: api.admin.basic, 'x-http-method-override': 'DELETE' },
    });
    expect(get.statusCode).toBe(404);
    expect(get.json().code).toBe('rest_no_route');
  });
});
