import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../../testing/engine.ts';
import { priceRangeRule } from '../../testing/fraud.ts';
import { settingsApi } from '../../testing/settings.ts';

const AVS_RULE = {
  key: 'avs_verification',
  outcome: 'block',
  check: { key: 'avs_mismatch', operator: 'equals', value: true },
};
const PRICE_RULE = priceRangeRule(1_000, 100_000);

describeEachDatabase('settings API (fraud protection)', (use) => {
  const api = testApi(use);

  const { read, save } = settingsApi(
    () => api.app,
    () => api.admin.basic,
  );

  it('answers 409 wcpay_account_not_found before the store has an account', async () => {
    for (const res of [await read(), await save({ current_protection_level: 'basic' })]) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('wcpay_account_not_found');
    }
    await connectSandboxAccount(use());
  });

  it('starts at basic protection with no rules', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      current_protection_level: 'basic',
      advanced_fraud_protection_settings: [],
      is_manual_capture_enabled: false,
    });
  });

  it('round-trips advanced protection with its rules', async () => {
    const res = await save({
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [AVS_RULE, PRICE_RULE],
    });
    expect(res.statusCode).toBe(200);
    const expected = {
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [AVS_RULE, PRICE_RULE],
      is_manual_capture_enabled: false,
    };
    expect(res.json()).toMatchObject(expected);
    expect((await read()).json()).toMatchObject(expected);
  });

  it('keeps fields that are not sent, and saves manual capture', async () => {
    const res = await save({ is_manual_capture_enabled: true });
    expect(res.json()).toMatchObject({
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [AVS_RULE, PRICE_RULE],
      is_manual_capture_enabled: true,
    });
    await save({ is_manual_capture_enabled: false });
  });

  it('normalises rule values the way the domain schema does', async () => {
    const legacy = {
      key: 'international_ip_address',
      outcome: 'block',
      check: { key: 'ip_country', operator: 'not_in', value: ' US|CA ' },
    };
    const avsAsText = { ...AVS_RULE, check: { ...AVS_RULE.check, value: 'true' } };
    const res = await save({ advanced_fraud_protection_settings: [avsAsText, legacy] });
    expect(res.statusCode).toBe(200);
    expect(res.json().advanced_fraud_protection_settings).toEqual([
      AVS_RULE,
      { ...legacy, check: { ...legacy.check, value: 'us|ca' } },
    ]);
  });

  it('applies saved rules at checkout: a price outside the range is held for review', async () => {
    await save({ current_protection_level: 'advanced', advanced_fraud_protection_settings: [PRICE_RULE] });
    const held = await api.checkout(cardCheckout('4242424242424242', { amount: 500 }));
    expect(held.json()).toMatchObject({ fraud_outcome: 'review', status: 'requires_capture' });
    const allowed = await api.checkout(cardCheckout('4242424242424242', { amount: 5000 }));
    expect(allowed.json()).toMatchObject({ fraud_outcome: 'allow', status: 'succeeded' });
    await save({ current_protection_level: 'basic' });
    const basic = await api.checkout(cardCheckout('4242424242424242', { amount: 500 }));
    expect(basic.json()).toMatchObject({ fraud_outcome: 'allow' });
  });

  it('refuses advanced protection without any rule, with its message', async () => {
    const res = await save({ current_protection_level: 'advanced', advanced_fraud_protection_settings: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params.current_protection_level).toBe(
      'At least one risk filter needs to be enabled for advanced protection.',
    );
    expect((await read()).json().current_protection_level).toBe('basic');
  });

  it.each([
    ['an unknown level', { current_protection_level: 'paranoid' }],
    ['an unknown field', { is_moon_phase_enabled: true }],
    ['an unknown rule key', { advanced_fraud_protection_settings: [{ ...AVS_RULE, key: 'moon_phase' }] }],
    ['an unknown outcome', { advanced_fraud_protection_settings: [{ ...AVS_RULE, outcome: 'allow' }] }],
    [
      'a malformed order total',
      {
        advanced_fraud_protection_settings: [
          { ...PRICE_RULE, check: { key: 'order_total', operator: 'less_than', value: '10 dollars' } },
        ],
      },
    ],
    ['a repeated rule key', { advanced_fraud_protection_settings: [AVS_RULE, AVS_RULE] }],
    [
      'a check nested too deeply',
      {
        advanced_fraud_protection_settings: [
          {
            ...AVS_RULE,
            check: [1, 2, 3, 4, 5].reduce<object>(
              (check) => ({ operator: 'and', checks: [check] }),
              AVS_RULE.check,
            ),
          },
        ],
      },
    ],
    ['rules that are not a list', { advanced_fraud_protection_settings: 'error' }],
    [
      'an unknown operator',
      {
        advanced_fraud_protection_settings: [{ ...AVS_RULE, check: { ...AVS_RULE.check, operator: 'like' } }],
      },
    ],
    [
      'a price range whose maximum is not above its minimum',
      {
        advanced_fraud_protection_settings: [
          {
            ...PRICE_RULE,
            check: {
              operator: 'or',
              checks: [
                { key: 'order_total', operator: 'less_than', value: '5000|usd' },
                { key: 'order_total', operator: 'greater_than', value: '5000|usd' },
              ],
            },
          },
        ],
      },
      'Maximum purchase price must be greater than the minimum purchase price.',
    ],
    [
      'an item range whose maximum is below its minimum',
      {
        advanced_fraud_protection_settings: [
          {
            key: 'order_items_threshold',
            outcome: 'block',
            check: {
              operator: 'or',
              checks: [
                { key: 'item_count', operator: 'less_than', value: 10 },
                { key: 'item_count', operator: 'greater_than', value: 3 },
              ],
            },
          },
        ],
      },
      'Maximum item count must be greater than the minimum item count on the "Order Item Threshold" rule.',
    ],
    [
      'a fractional item count',
      {
        advanced_fraud_protection_settings: [
          {
            key: 'order_items_threshold',
            outcome: 'block',
            check: { key: 'item_count', operator: 'less_than', value: 1.5 },
          },
        ],
      },
    ],
  ])('refuses %s with 400 and saves nothing', async (_label, payload, reason?: string) => {
    const before = (await read()).json();
    const res = await save(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('rest_invalid_param');
    const params = res.json().data.params as Record<string, string>;
    expect(Object.keys(params).join(' ')).toMatch(
      /current_protection_level|advanced_fraud_protection_settings|is_moon_phase_enabled/,
    );
    if (reason) expect(Object.values(params)).toContain(reason);
    expect((await read()).json()).toEqual(before);
  });

  it('publishes the settings and disputes contracts in the OpenAPI document', async () => {
    const res = await api.app.inject({ method: 'GET', url: '/wp-json/wc/v3/payments/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const path of [
      '/wp-json/wc/v3/payments/settings',
      '/wp-json/wc/v3/payments/disputes/{id}',
      '/wp-json/wc/v3/payments/refund',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
