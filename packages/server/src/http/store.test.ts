import { expect, it } from 'vitest';
import { testApi } from '../testing/api.ts';
import { makeUser, sessionNonce, signIn } from '../testing/app.ts';
import { describeEachDatabase } from '../testing/db.ts';

describeEachDatabase('store REST routes', (use) => {
  const api = testApi(use);

  it('writes and reads back an allowed option', async () => {
    const post = await api.post('/wp-json/wc-admin/options', {
      wcpay_next_deposit_notice_dismissed: true,
      woocommerce_dismissed_todo_tasks: ['a', 'b'],
    });
    expect(post.statusCode).toBe(200);
    const get = await api.get(
      '/wp-json/wc-admin/options?options=wcpay_next_deposit_notice_dismissed,woocommerce_dismissed_todo_tasks,wcpay_instant_deposit_notice_dismissed',
    );
    expect(get.json()).toEqual({
      wcpay_next_deposit_notice_dismissed: true,
      woocommerce_dismissed_todo_tasks: ['a', 'b'],
      wcpay_instant_deposit_notice_dismissed: null,
    });
  });

  it('refuses an unknown option and a wrongly shaped value, changing nothing', async () => {
    const unknown = await api.post('/wp-json/wc-admin/options', { siteurl: 'http://evil.test' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { siteurl: 'Unknown parameter.' } },
    });
    const shape = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc-admin/options',
      headers: api.headers,
      payload: {
        wcpay_next_deposit_notice_dismissed: 'yes please',
        wcpay_instant_deposit_notice_dismissed: true,
      },
    });
    expect(shape.statusCode).toBe(400);
    expect(Object.keys(shape.json().data.params)).toEqual(['wcpay_next_deposit_notice_dismissed']);
    const after = await api.get('/wp-json/wc-admin/options?options=wcpay_instant_deposit_notice_dismissed');
    expect(after.json()).toEqual({ wcpay_instant_deposit_notice_dismissed: null });
    const read = await api.get('/wp-json/wc-admin/options?options=siteurl');
    expect(read.statusCode).toBe(400);
  });

  it('keeps preferences per user', async () => {
    const other = await makeUser(use(), 'shop_manager');
    const set = await api.post('/wp-json/wc-admin/users/me/preferences', {
      wc_payments_transactions_hidden_columns: ['fees', 'net'],
    });
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ wc_payments_transactions_hidden_columns: ['fees', 'net'] });
    const mine = await api.get('/wp-json/wc-admin/users/me/preferences');
    expect(mine.json()).toEqual({ wc_payments_transactions_hidden_columns: ['fees', 'net'] });
    const theirs = await api.app.inject({
      method: 'GET',
      url: '/wp-json/wc-admin/users/me/preferences',
      headers: { authorization: other.basic },
    });
    expect(theirs.json()).toEqual({});
  });

  it('reads the signed-in user and the store settings', async () => {
    const me = await api.get('/wp-json/wp/v2/users/me');
    expect(me.json()).toMatchObject({
      username: api.admin.login,
      roles: ['administrator'],
      capabilities: { manage_woocommerce: true },
    });
    const settings = await api.get('/wp-json/wc/v3/settings/general');
    expect(settings.json()).toMatchObject({ woocommerce_currency: 'USD', blogname: 'My Store' });
  });

  it('records usage events and refuses malformed ones', async () => {
    const session = await signIn(api.app, api.admin);
    const nonce = await sessionNonce(use(), session.cookie);
    const ok = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/payments/tracks',
      headers: { cookie: session.cookie, 'x-wp-nonce': nonce },
      payload: { name: 'wcpay_page_view', properties: { path: '/payments/overview' } },
    });
    expect(ok.statusCode).toBe(200);
    const rows = await use()
      .db.selectFrom('usage_events')
      .selectAll()
      .where('name', '=', 'wcpay_page_view')
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.properties).toEqual({ path: '/payments/overview' });
    const bad = await api.app.inject({
      method: 'POST',
      url: '/wp-json/wc/v3/payments/tracks',
      headers: { cookie: session.cookie, 'x-wp-nonce': nonce },
      payload: { name: 'Bad Name!' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.params).toHaveProperty('name');
  });

  it('answers rest_no_route for unknown REST paths', async () => {
    const res = await api.get('/wp-json/wc/v3/payments/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'rest_no_route', data: { status: 404 } });
  });
});

describeEachDatabase('where the store sells', (use) => {
  const api = testApi(use);
  const url = '/wp-json/wc/v3/settings/general';
  const update = (payload: Record<string, unknown>) => api.post(url, payload);

  it('sells to all countries until told otherwise, then keeps the mode and its list', async () => {
    const before = (await api.get(url)).json();
    expect(before.woocommerce_allowed_countries).toBe('all');
    const res = await update({
      woocommerce_allowed_countries: 'specific',
      woocommerce_specific_allowed_countries: 'us,ca',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      woocommerce_allowed_countries: 'specific',
      woocommerce_specific_allowed_countries: 'US,CA',
      blogname: before.blogname,
    });
  });

  it('refuses an unknown mode, a malformed list and other store settings, changing nothing', async () => {
    const before = (await api.get(url)).json();
    for (const payload of [
      { woocommerce_allowed_countries: 'some' },
      { woocommerce_all_except_countries: 'USA,CAN' },
      { woocommerce_all_except_countries: 'US;CA' },
      { blogname: 'Not here' },
    ]) {
      const res = await update(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().code).toBe('rest_invalid_param');
    }
    expect((await api.get(url)).json()).toEqual(before);
  });
});
