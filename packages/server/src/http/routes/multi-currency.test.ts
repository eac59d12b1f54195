import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { json, makeUser, sessionNonce, signIn } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';

/** The multi-currency endpoints over REST, and the public storefront preview it prices. */

const MC = '/wp-json/wc/v3/payments/multi-currency';

interface Currencies {
  available: Record<string, { code: string; rate: string; is_default: boolean; flag: string }>;
  enabled: Record<string, { code: string; rate: string }>;
  default: { code: string };
}

describeEachDatabase('the multi-currency API', (use) => {
  const api = testApi(use);

  const call = (method: 'GET' | 'POST', url: string, payload?: unknown, headers?: Record<string, string>) =>
    api.app.inject({
      method,
      url: url.startsWith('/') ? url : `${MC}/${url}`,
      headers: headers ?? { authorization: api.admin.basic },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  const ok = async <T>(method: 'GET' | 'POST', url: string, payload?: unknown) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return json<T>(res);
  };
  const refused = async (method: 'GET' | 'POST', url: string, payload: unknown, status = 400) => {
    const res = await call(method, url, payload);
    expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(status);
    return json<{ code: string; message: string; data: { params?: Record<string, string> } }>(res);
  };
  const storefront = async (query = '') => {
    const res = await api.app.inject({ method: 'GET', url: `/store/${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.body;
  };

  it('answers the available, enabled and default currencies keyed by code', async () => {
    const currencies = await ok<Currencies>('GET', 'currencies');
    expect(currencies.default.code).toBe('USD');
    expect(Object.keys(currencies.enabled)).toEqual(['USD']);
    expect(currencies.available.EUR).toMatchObject({
      code: 'EUR',
      rate: '0.92',
      is_default: false,
      flag: '🇪🇺',
    });
    expect(currencies.available.JPY?.rate).toBe('151.5');
    expect(currencies.available.USD?.is_default).toBe(true);
  });

  it('enables currencies, keeps the store currency, and refuses unknown codes by name', async () => {
    const saved = await ok<Currencies>('POST', 'update-enabled-currencies', {
      enabled: ['eur', 'JPY', 'EUR'],
    });
    expect(Object.keys(saved.enabled)).toEqual(['USD', 'EUR', 'JPY']);
    const read = await ok<Currencies>('GET', 'currencies');
    expect(Object.keys(read.enabled)).toEqual(['USD', 'EUR', 'JPY']);

    const unknown = await refused('POST', 'update-enabled-currencies', { enabled: ['EUR', 'XYZ', 'QQQ'] });
    expect(unknown.code).toBe('rest_invalid_param');
    expect(unknown.data.params?.enabled).toContain('XYZ, QQQ');
    for (const body of [
      { enabled: ['EU'] },
      { enabled: 'EUR' },
      {},
      { enabled: ['EUR'], extra: 1 },
      { enabled: [1] },
    ]) {
      await refused('POST', 'update-enabled-currencies', body);
    }
    expect(Object.keys((await ok<Currencies>('GET', 'currencies')).enabled)).toEqual(['USD', 'EUR', 'JPY']);
  });

  it("answers a currency's defaults, saves its settings, and uses a manual rate", async () => {
    expect(await ok('GET', 'currencies/EUR')).toEqual({
      exchange_rate_type: 'automatic',
      manual_rate: null,
      price_rounding: '1.00',
      price_charm: '0.00',
    });
    expect((await ok<{ price_rounding: string }>('GET', 'currencies/jpy')).price_rounding).toBe('100');
    const saved = await ok('POST', 'currencies/EUR', {
      exchange_rate_type: 'manual',
      manual_rate: '0.9',
      price_rounding: '0.5',
      price_charm: -0.01,
    });
    expect(saved).toEqual({
      exchange_rate_type: 'manual',
      manual_rate: '0.9',
      price_rounding: '0.50',
      price_charm: '-0.01',
    });
    expect(await ok('GET', 'currencies/EUR')).toEqual(saved);
    expect((await ok<Currencies>('GET', 'currencies')).enabled.EUR?.rate).toBe('0.9');
    // Back to automatic: the manual rate is remembered, the shipped one applies.
    await ok('POST', 'currencies/EUR', {
      exchange_rate_type: 'automatic',
      price_rounding: '1.00',
      price_charm: '0.00',
    });
    expect((await ok<{ manual_rate: string }>('GET', 'currencies/EUR')).manual_rate).toBe('0.9');
    expect((await ok<Currencies>('GET', 'currencies')).enabled.EUR?.rate).toBe('0.92');
  });

  it('validates each currency setting', async () => {
    const good = {
      exchange_rate_type: 'manual',
      manual_rate: '1.5',
      price_rounding: '1.00',
      price_charm: '0.00',
    };
    const cases: [string, Record<string, unknown>][] = [
      ['EUR', { ...good, exchange_rate_type: 'fixed' }],
      ['EUR', { ...good, manual_rate: '0' }],
      ['EUR', { ...good, manual_rate: '-1' }],
      ['EUR', { ...good, manual_rate: '1e3' }],
      ['EUR', { ...good, manual_rate: 1.5 }],
      ['EUR', { ...good, manual_rate: 'abc' }],
      ['EUR', { ...good, price_rounding: '2.00' }],
      ['EUR', { ...good, price_charm: '-0.02' }],
      ['EUR', { ...good, price_charm: true }],
      ['JPY', { ...good, price_rounding: '0.25' }],
      ['JPY', { ...good, price_rounding: '100', price_charm: '-0.01' }],
      ['GBP', { exchange_rate_type: 'manual', price_rounding: '1.00', price_charm: '0.00' }],
      ['EUR', { ...good, unknown: 1 }],
      ['EUR', { exchange_rate_type: 'automatic' }],
    ];
    for (const [code, body] of cases) await refused('POST', `currencies/${code}`, body);
    const reasons = await refused('POST', 'currencies/JPY', { ...good, price_rounding: '0.25' });
    expect(reasons.data.params?.price_rounding).toContain('100');
  });

  it('answers 404 for a currency the store cannot offer, 400 for a malformed code', async () => {
    const body = { exchange_rate_type: 'automatic', price_rounding: '1.00', price_charm: '0.00' };
    for (const res of [await call('GET', 'currencies/XYZ'), await call('POST', 'currencies/XYZ', body)]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('wcpay_multi_currency_currency_not_found');
      expect(res.json().message).toContain('XYZ');
    }
    for (const code of ['EU', 'EURO', 'E1R', '%3Cb%3E']) {
      expect((await call('GET', `currencies/${code}`)).statusCode, code).toBe(400);
    }
  });

  it("saves the store settings as 'yes' or 'no' and answers them with store_url", async () => {
    expect(await ok('GET', 'get-settings')).toEqual({
      wcpay_multi_currency_enable_auto_currency: false,
      wcpay_multi_currency_enable_storefront_switcher: false,
      site_theme: 'Paydesk sample store',
      date_format: 'F j, Y',
      time_format: 'g:i a',
      store_url: '/store/',
    });
    const saved = await ok('POST', 'update-settings', {
      wcpay_multi_currency_enable_auto_currency: 'yes',
      wcpay_multi_currency_enable_storefront_switcher: 'no',
    });
    expect(saved).toMatchObject({
      wcpay_multi_currency_enable_auto_currency: true,
      wcpay_multi_currency_enable_storefront_switcher: false,
    });
    expect(await ok('GET', 'get-settings')).toEqual(saved);
    for (const value of ['true', true, 1, 'YES', '', null]) {
      await refused('POST', 'update-settings', {
        wcpay_multi_currency_enable_auto_currency: value,
        wcpay_multi_currency_enable_storefront_switcher: 'no',
      });
    }
    await refused('POST', 'update-settings', { wcpay_multi_currency_enable_auto_currency: 'yes' });
  });

  it('needs a signed-in manager, and a nonce with a cookie', async () => {
    const urls: ['GET' | 'POST', string, unknown][] = [
      ['GET', 'currencies', undefined],
      ['GET', 'currencies/EUR', undefined],
      ['GET', 'get-settings', undefined],
      ['POST', 'update-enabled-currencies', { enabled: ['EUR'] }],
      [
        'POST',
        'update-settings',
        {
          wcpay_multi_currency_enable_auto_currency: 'no',
          wcpay_multi_currency_enable_storefront_switcher: 'no',
        },
      ],
      [
        'POST',
        'currencies/EUR',
        { exchange_rate_type: 'automatic', price_rounding: '1.00', price_charm: '0.00' },
      ],
    ];
    const customer = await makeUser(use(), 'customer');
    const { cookie } = await signIn(api.app, api.admin);
    const nonce = await sessionNonce(use(), cookie);
    for (const [method, url, body] of urls) {
      expect((await call(method, url, body, {})).statusCode, `${url} anonymous`).toBe(401);
      expect(
        (await call(method, url, body, { authorization: customer.basic })).statusCode,
        `${url} customer`,
      ).toBe(403);
      expect((await call(method, url, body, { cookie })).statusCode, `${url} no nonce`).toBe(403);
      expect(
        (await call(method, url, body, { cookie, 'x-wp-nonce': nonce })).statusCode,
        `${url} nonce`,
      ).toBe(200);
    }
  });

  it('prices the storefront in the chosen currency with its rate, rounding and charm', async () => {
    await ok('POST', 'update-enabled-currencies', { enabled: ['EUR', 'JPY'] });
    await ok('POST', 'currencies/EUR', {
      exchange_rate_type: 'automatic',
      price_rounding: '1.00',
      price_charm: '-0.01',
    });
    await ok('POST', 'currencies/JPY', {
      exchange_rate_type: 'manual',
      manual_rate: '150',
      price_rounding: '100',
      price_charm: '-1',
    });
    const usd = await storefront();
    expect(usd).toContain('data-testid="price-beanie">$18.00 USD<');
    const eur = await storefront('?currency=eur');
    // $18.00 × 0.92 = €16.56 → up to €17.00 → charm €16.99.
    expect(eur).toContain('data-testid="price-beanie">€16.99 EUR<');
    const jpy = await storefront('?currency=JPY');
    // $18.00 × 150 = ¥2,700 → up to ¥2,700 → charm ¥2,699.
    expect(jpy).toContain('data-testid="price-beanie">¥2,699 JPY<');
    // Every enabled currency appears in the table with its rate.
    expect(usd).toMatch(/<tr data-currency="JPY"><th scope="row">JPY<\/th><td>150<\/td>/);
    expect(usd).toMatch(/<tr data-currency="EUR"><th scope="row">EUR<\/th><td>0.92<\/td>/);
    // A currency that is not enabled is not offered.
    expect(await storefront('?currency=GBP')).toContain('data-testid="price-beanie">$18.00 USD<');
  });

  it('shows the switcher and automatic currency as saved, or as a simulation asks', async () => {
    await ok('POST', 'update-settings', {
      wcpay_multi_currency_enable_auto_currency: 'no',
      wcpay_multi_currency_enable_storefront_switcher: 'yes',
    });
    const withSwitcher = await storefront('?country=DE');
    expect(withSwitcher).toContain('data-testid="currency-switcher"');
    expect(withSwitcher).toContain('<option value="EUR">EUR</option>');
    expect(withSwitcher).toContain('data-testid="shown-currency">USD<');

    await ok('POST', 'update-settings', {
      wcpay_multi_currency_enable_auto_currency: 'yes',
      wcpay_multi_currency_enable_storefront_switcher: 'no',
    });
    const auto = await storefront('?country=DE');
    expect(auto).not.toContain('data-testid="currency-switcher"');
    expect(auto).toContain('data-testid="shown-currency">EUR<');
    expect(await storefront('?country=DE&currency=JPY')).toContain('data-testid="shown-currency">JPY<');
    expect(await storefront('?country=BR')).toContain('data-testid="shown-currency">USD<');

    const simulated = await storefront(
      '?is_mc_onboarding_simulation=1&enable_storefront_switcher=true&enable_auto_currency=false&country=DE',
    );
    expect(simulated).toContain('data-testid="currency-switcher"');
    expect(simulated).toContain('data-testid="shown-currency">USD<');
    expect(simulated).toContain('name="is_mc_onboarding_simulation" value="1"');
    // Without the simulation flag the overrides are ignored.
    expect(await storefront('?enable_storefront_switcher=true')).not.toContain(
      'data-testid="currency-switcher"',
    );
    // Nothing was saved by the preview.
    expect(await ok('GET', 'get-settings')).toMatchObject({
      wcpay_multi_currency_enable_auto_currency: true,
      wcpay_multi_currency_enable_storefront_switcher: false,
    });
  });

  it('escapes every query value it shows, and shows nothing of the admin', async () => {
    const attack = encodeURIComponent('"><script>alert(1)</script>');
    const page = await storefront(
      `?currency=${attack}&country=${attack}&is_mc_onboarding_simulation=1&enable_storefront_switcher=true&enable_auto_currency=${attack}`,
    );
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toMatch(/nonce|wp-json|paydesk-bootstrap/i);
    // Repeated and overlong values are ignored, never a 500.
    await storefront('?currency=EUR&currency=JPY');
    await storefront(`?currency=${'A'.repeat(5000)}`);
    await storefront('?currency[a]=1');
  });
});
