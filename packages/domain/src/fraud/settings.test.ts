import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateFraudRules, FRAUD_RULE_KEYS, type FraudRule } from './rules.ts';
import { ZFraudRules, ZFraudSettings, ZSavedFraudRules } from './schemas.ts';
import {
  defaultFraudSettings,
  FRAUD_SETTINGS_MESSAGES,
  type FraudSettings,
  fraudAmountToCents,
  fraudItemCount,
  fraudProtectionSaveOutcome,
  rulesToSettings,
  type SellingCountries,
  settingsToRules,
  validateFraudSettings,
} from './settings.ts';

const allCountries: SellingCountries = { mode: 'all', countries: [] };
const reviewOn = { reviewFeatureActive: true, declineOnAVSFailure: false };

function settingsWith(overrides: Partial<FraudSettings>): FraudSettings {
  return { ...defaultFraudSettings(reviewOn), ...overrides };
}

describe('defaultFraudSettings', () => {
  it('enables and blocks AVS when the account declines on AVS failure', () => {
    const settings = defaultFraudSettings({ reviewFeatureActive: true, declineOnAVSFailure: true });
    expect(settings.avs_verification).toEqual({ enabled: true, block: true });
    expect(settings.address_mismatch).toEqual({ enabled: false, block: false });
    expect(settings.order_items_threshold).toEqual({
      enabled: false,
      block: false,
      min_items: null,
      max_items: null,
    });
    expect(settings.purchase_price_threshold).toEqual({
      enabled: false,
      block: false,
      min_amount: null,
      max_amount: null,
    });
  });

  it('leaves AVS off when the account does not decline on AVS failure', () => {
    expect(defaultFraudSettings(reviewOn).avs_verification).toEqual({ enabled: false, block: false });
  });

  it('blocks by default when the review feature is off', () => {
    const settings = defaultFraudSettings({ reviewFeatureActive: false, declineOnAVSFailure: false });
    for (const setting of Object.values(settings))
      expect(setting).toMatchObject({ enabled: false, block: true });
  });
});

describe('settingsToRules', () => {
  it('writes no rules when nothing is enabled', () => {
    expect(settingsToRules(defaultFraudSettings(reviewOn), { sellingCountries: allCountries })).toEqual([]);
  });

  it('maps each simple filter to its check', () => {
    const settings = settingsWith({
      avs_verification: { enabled: true, block: true },
      address_mismatch: { enabled: true, block: false },
      ip_address_mismatch: { enabled: true, block: true },
    });
    expect(settingsToRules(settings, { sellingCountries: allCountries })).toEqual([
      {
        key: 'avs_verification',
        outcome: 'block',
        check: { key: 'avs_mismatch', operator: 'equals', value: true },
      },
      {
        key: 'address_mismatch',
        outcome: 'review',
        check: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
      },
      {
        key: 'ip_address_mismatch',
        outcome: 'block',
        check: { key: 'ip_billing_country_same', operator: 'equals', value: false },
      },
    ]);
  });

  it('always blocks when the review feature is off', () => {
    const settings = settingsWith({ address_mismatch: { enabled: true, block: false } });
    const rules = settingsToRules(settings, { sellingCountries: allCountries, reviewFeatureActive: false });
    expect(rules[0]!.outcome).toBe('block');
  });

  describe('international IP address', () => {
    const settings = settingsWith({ international_ip_address: { enabled: true, block: false } });

    it('screens IPs in the excluded countries when selling to all but some', () => {
      const rules = settingsToRules(settings, {
        sellingCountries: { mode: 'all_except', countries: ['RU', 'BY'] },
      });
      expect(rules).toEqual([
        {
          key: 'international_ip_address',
          outcome: 'review',
          check: { key: 'ip_country', operator: 'in', value: 'ru|by' },
        },
      ]);
    });

    it('screens IPs outside the countries the store sells to', () => {
      const rules = settingsToRules(settings, {
        sellingCountries: { mode: 'specific', countries: ['US', 'ca', 'US'] },
      });
      expect(rules[0]!.check).toEqual({ key: 'ip_country', operator: 'not_in', value: 'us|ca' });
    });

    it('is left out while the store sells to all countries', () => {
      expect(settingsToRules(settings, { sellingCountries: allCountries })).toEqual([]);
    });

    it('is left out when the country list is empty or holds no country codes', () => {
      expect(settingsToRules(settings, { sellingCountries: { mode: 'specific', countries: [] } })).toEqual(
        [],
      );
      expect(
        settingsToRules(settings, { sellingCountries: { mode: 'all_except', countries: ['USA'] } }),
      ).toEqual([]);
    });
  });

  describe('order items threshold', () => {
    const withItems = (min_items: number | string | null, max_items: number | string | null) =>
      settingsWith({ order_items_threshold: { enabled: true, block: true, min_items, max_items } });

    it('flags counts outside min and max', () => {
      expect(settingsToRules(withItems(2, 10), { sellingCountries: allCountries })[0]).toEqual({
        key: 'order_items_threshold',
        outcome: 'block',
        check: {
          operator: 'or',
          checks: [
            { key: 'item_count', operator: 'less_than', value: 2 },
            { key: 'item_count', operator: 'greater_than', value: 10 },
          ],
        },
      });
    });

    it('writes a single check when only one limit is set', () => {
      expect(settingsToRules(withItems('3', ''), { sellingCountries: allCountries })[0]!.check).toEqual({
        key: 'item_count',
        operator: 'less_than',
        value: 3,
      });
      expect(settingsToRules(withItems(null, 7), { sellingCountries: allCountries })[0]!.check).toEqual({
        key: 'item_count',
        operator: 'greater_than',
        value: 7,
      });
    });

    it('is left out without limits', () => {
      expect(settingsToRules(withItems(null, ''), { sellingCountries: allCountries })).toEqual([]);
    });

    it('lets counts from min to max pass and flags the rest', () => {
      const rules = settingsToRules(withItems(2, 10), { sellingCountries: allCountries });
      const outcome = (item_count: number) => evaluateFraudRules(rules, { item_count }, () => null).outcome;
      expect(outcome(1)).toBe('block');
      expect(outcome(2)).toBe('allow');
      expect(outcome(10)).toBe('allow');
      expect(outcome(11)).toBe('block');
    });
  });

  describe('purchase price threshold', () => {
    const withPrice = (min_amount: number | string | null, max_amount: number | string | null) =>
      settingsWith({ purchase_price_threshold: { enabled: true, block: false, min_amount, max_amount } });

    it('stores amounts in cents with the store currency', () => {
      const rules = settingsToRules(withPrice('10.5', 1000), {
        storeCurrency: 'EUR',
        sellingCountries: allCountries,
      });
      expect(rules[0]).toEqual({
        key: 'purchase_price_threshold',
        outcome: 'review',
        check: {
          operator: 'or',
          checks: [
            { key: 'order_total', operator: 'less_than', value: '1050|eur' },
            { key: 'order_total', operator: 'greater_than', value: '100000|eur' },
          ],
        },
      });
    });

    it('defaults the currency to usd', () => {
      for (const storeCurrency of [undefined, null, '']) {
        const rules = settingsToRules(withPrice(null, '20'), {
          storeCurrency,
          sellingCountries: allCountries,
        });
        expect(rules[0]!.check).toEqual({ key: 'order_total', operator: 'greater_than', value: '2000|usd' });
      }
    });

    it('stores zero-decimal currencies as amount × 100 too', () => {
      const rules = settingsToRules(withPrice('500', null), {
        storeCurrency: 'JPY',
        sellingCountries: allCountries,
      });
      expect(rules[0]!.check).toEqual({ key: 'order_total', operator: 'less_than', value: '50000|jpy' });
    });

    it('drops digits past the cents without float error', () => {
      const rules = settingsToRules(withPrice('19.999', 0.29), { sellingCountries: allCountries });
      expect(rules[0]!.check).toMatchObject({
        checks: [{ value: '1999|usd' }, { value: '29|usd' }],
      });
    });

    it('is left out when no limit is set or both are zero', () => {
      expect(settingsToRules(withPrice('', null), { sellingCountries: allCountries })).toEqual([]);
      expect(settingsToRules(withPrice('0', 0), { sellingCountries: allCountries })).toEqual([]);
    });

    it('writes rules the saved-rule schema accepts', () => {
      const rules = settingsToRules(withPrice('1', '2'), { sellingCountries: allCountries });
      expect(ZFraudRules.safeParse(rules).success).toBe(true);
    });
  });
});

describe('rulesToSettings', () => {
  it('gives the defaults without saved rules', () => {
    expect(rulesToSettings(null, reviewOn)).toEqual(defaultFraudSettings(reviewOn));
    expect(rulesToSettings([], reviewOn)).toEqual(defaultFraudSettings(reviewOn));
  });

  it('maps a block outcome to block and any other to review', () => {
    const rules: FraudRule[] = [
      {
        key: 'avs_verification',
        outcome: 'block',
        check: { key: 'avs_mismatch', operator: 'equals', value: true },
      },
      {
        key: 'address_mismatch',
        outcome: 'review',
        check: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
      },
    ];
    const settings = rulesToSettings(rules, reviewOn);
    expect(settings.avs_verification).toEqual({ enabled: true, block: true });
    expect(settings.address_mismatch).toEqual({ enabled: true, block: false });
    expect(settings.ip_address_mismatch).toEqual({ enabled: false, block: false });
  });

  it('reads every outcome as block when the review feature is off', () => {
    const rules: FraudRule[] = [
      {
        key: 'address_mismatch',
        outcome: 'review',
        check: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
      },
    ];
    const settings = rulesToSettings(rules, { reviewFeatureActive: false, declineOnAVSFailure: false });
    expect(settings.address_mismatch).toEqual({ enabled: true, block: true });
  });

  it('reads the limits of the threshold rules', () => {
    const rules: FraudRule[] = [
      {
        key: 'order_items_threshold',
        outcome: 'review',
        check: { key: 'item_count', operator: 'greater_than', value: 10 },
      },
      {
        key: 'purchase_price_threshold',
        outcome: 'block',
        check: {
          operator: 'or',
          checks: [
            { key: 'order_total', operator: 'less_than', value: '1050|usd' },
            { key: 'order_total', operator: 'greater_than', value: '100000|usd' },
          ],
        },
      },
    ];
    const settings = rulesToSettings(rules, reviewOn);
    expect(settings.order_items_threshold).toEqual({
      enabled: true,
      block: false,
      min_items: null,
      max_items: 10,
    });
    expect(settings.purchase_price_threshold).toEqual({
      enabled: true,
      block: true,
      min_amount: '10.5',
      max_amount: '1000',
    });
  });

  it('round-trips settings through rules (property)', () => {
    const limit = fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null });
    fc.assert(
      fc.property(
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        limit,
        limit,
        limit,
        limit,
        (enabled, block, minItems, maxItems, minCents, maxCents) => {
          const cents = (value: number | null) =>
            value === null ? null : String(value / 100).replace(/(\.\d\d)\d+$/, '$1');
          const settings: FraudSettings = {
            avs_verification: { enabled: enabled[0]!, block: block[0]! },
            address_mismatch: { enabled: enabled[1]!, block: block[1]! },
            international_ip_address: { enabled: enabled[2]!, block: block[2]! },
            ip_address_mismatch: { enabled: enabled[3]!, block: block[3]! },
            order_items_threshold: {
              enabled: enabled[4]! && (minItems !== null || maxItems !== null),
              block: block[4]!,
              min_items: minItems,
              max_items: maxItems,
            },
            purchase_price_threshold: {
              enabled: enabled[5]! && (minCents !== null || maxCents !== null),
              block: block[5]!,
              min_amount: cents(minCents),
              max_amount: cents(maxCents),
            },
          };
          const rules = settingsToRules(settings, {
            sellingCountries: { mode: 'specific', countries: ['US'] },
          });
          expect(ZFraudRules.safeParse(rules).success).toBe(true);
          const back = rulesToSettings(rules, reviewOn);
          for (const key of Object.keys(settings) as (keyof FraudSettings)[]) {
            expect(back[key].enabled).toBe(settings[key].enabled);
            if (settings[key].enabled) expect(back[key]).toEqual(settings[key]);
          }
        },
      ),
    );
  });
});

describe('ZSavedFraudRules', () => {
  const range = (key: 'item_count' | 'order_total', min: unknown, max: unknown) => ({
    operator: 'or',
    checks: [
      { key, operator: 'less_than', value: min },
      { key, operator: 'greater_than', value: max },
    ],
  });

  it('refuses a threshold whose maximum is not above its minimum, naming the rule', () => {
    const items = ZSavedFraudRules.safeParse([
      { key: 'order_items_threshold', outcome: 'block', check: range('item_count', 5, 5) },
    ]);
    expect(items.success).toBe(false);
    expect(items.error?.issues[0]).toMatchObject({
      path: [0, 'check'],
      message: FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin,
    });
    const price = ZSavedFraudRules.safeParse([
      {
        key: 'purchase_price_threshold',
        outcome: 'review',
        check: range('order_total', '900|usd', '100|usd'),
      },
    ]);
    expect(price.error?.issues[0]?.message).toBe(FRAUD_SETTINGS_MESSAGES.priceMaxNotAboveMin);
  });

  it('accepts an open range and a single limit', () => {
    expect(
      ZSavedFraudRules.safeParse([
        { key: 'order_items_threshold', outcome: 'block', check: range('item_count', 2, 5) },
        {
          key: 'purchase_price_threshold',
          outcome: 'review',
          check: { key: 'order_total', operator: 'greater_than', value: '100|usd' },
        },
      ]).success,
    ).toBe(true);
  });
});

describe('rules → settings → rules', () => {
  it('gives back the saved rules of every filter, both limits or one (property)', () => {
    const selling = { mode: 'all_except' as const, countries: ['RU', 'BY'] };
    const limit = fc.option(fc.integer({ min: 1, max: 100_000 }), { nil: null });
    fc.assert(
      fc.property(
        fc.subarray([...FRAUD_RULE_KEYS]),
        fc.array(fc.constantFrom('review' as const, 'block' as const), { minLength: 6, maxLength: 6 }),
        limit,
        limit,
        limit,
        limit,
        (keys, outcomes, minItems, maxItems, minCents, maxCents) => {
          const range = <V>(key: string, min: V | null, max: V | null) => {
            const checks = [
              ...(min !== null ? [{ key, operator: 'less_than', value: min }] : []),
              ...(max !== null ? [{ key, operator: 'greater_than', value: max }] : []),
            ];
            return checks.length === 1 ? checks[0] : { operator: 'or', checks };
          };
          const ordered = (min: number | null, max: number | null) =>
            min !== null && max !== null && max <= min ? [min, null] : [min, max];
          const [itemsMin, itemsMax] = ordered(minItems, maxItems);
          const [centsMin, centsMax] = ordered(minCents, maxCents);
          const checks: Record<string, unknown> = {
            avs_verification: { key: 'avs_mismatch', operator: 'equals', value: true },
            address_mismatch: { key: 'billing_shipping_address_same', operator: 'equals', value: false },
            international_ip_address: { key: 'ip_country', operator: 'in', value: 'ru|by' },
            ip_address_mismatch: { key: 'ip_billing_country_same', operator: 'equals', value: false },
            order_items_threshold:
              itemsMin === null && itemsMax === null ? null : range('item_count', itemsMin, itemsMax),
            purchase_price_threshold:
              centsMin === null && centsMax === null
                ? null
                : range(
                    'order_total',
                    centsMin === null ? null : `${centsMin}|eur`,
                    centsMax === null ? null : `${centsMax}|eur`,
                  ),
          };
          const rules = ZFraudRules.parse(
            keys
              .filter((key) => checks[key] !== null)
              .map((key) => ({ key, outcome: outcomes[FRAUD_RULE_KEYS.indexOf(key)]!, check: checks[key] })),
          );
          const settings = rulesToSettings(rules, reviewOn);
          const again = settingsToRules(settings, { storeCurrency: 'eur', sellingCountries: selling });
          // The page writes rules in its card order.
          const order = (list: readonly { key: string }[]) =>
            [...list].sort(
              (a, b) => FRAUD_RULE_KEYS.indexOf(a.key as never) - FRAUD_RULE_KEYS.indexOf(b.key as never),
            );
          expect(order(again)).toEqual(order(rules));
        },
      ),
    );
  });
});

describe('fraudAmountToCents and fraudItemCount', () => {
  it.each([
    ['12.34', 1234],
    ['12', 1200],
    ['.5', 50],
    ['7.', 700],
    [0.29, 29],
    [1.005, 100],
    ['', null],
    [null, null],
    ['abc', null],
    ['-5', null],
    ['1,5', null],
    [Number.NaN, null],
    [-1, null],
  ] as const)('amount %j is %j cents', (value, expected) => {
    expect(fraudAmountToCents(value)).toBe(expected);
  });

  it.each([
    [3, 3],
    ['3', 3],
    [' 12 ', 12],
    ['', null],
    [null, null],
    ['1.5', null],
    ['1e3', null],
    [1.5, null],
    [-2, null],
  ] as const)('item count %j is %j', (value, expected) => {
    expect(fraudItemCount(value)).toBe(expected);
  });
});

describe('ZFraudSettings', () => {
  it('accepts the settings the page holds', () => {
    const settings = settingsWith({
      order_items_threshold: { enabled: true, block: false, min_items: '2', max_items: 5 },
      purchase_price_threshold: { enabled: true, block: false, min_amount: '10.50', max_amount: null },
    });
    expect(ZFraudSettings.safeParse(settings).success).toBe(true);
  });

  it.each([
    ['an amount with a comma', { min_amount: '1,5', max_amount: null }],
    ['a negative amount', { min_amount: -1, max_amount: null }],
    ['an amount with letters', { min_amount: '10e2', max_amount: null }],
  ])('refuses %s', (_name, limits) => {
    const settings = settingsWith({ purchase_price_threshold: { enabled: true, block: false, ...limits } });
    expect(ZFraudSettings.safeParse(settings).success).toBe(false);
  });

  it('refuses fractional item counts and missing cards', () => {
    const settings = settingsWith({
      order_items_threshold: { enabled: true, block: false, min_items: 1.5, max_items: null },
    });
    expect(ZFraudSettings.safeParse(settings).success).toBe(false);
    const { avs_verification: _avs, ...partial } = defaultFraudSettings(reviewOn);
    expect(ZFraudSettings.safeParse(partial).success).toBe(false);
  });
});

describe('validateFraudSettings', () => {
  const price = (min_amount: string | number | null, max_amount: string | number | null, enabled = true) =>
    settingsWith({ purchase_price_threshold: { enabled, block: false, min_amount, max_amount } });
  const items = (min_items: string | number | null, max_items: string | number | null, enabled = true) =>
    settingsWith({ order_items_threshold: { enabled, block: false, min_items, max_items } });

  it('accepts the defaults', () => {
    expect(validateFraudSettings(defaultFraudSettings(reviewOn))).toEqual([]);
  });

  it.each([
    [null, null, FRAUD_SETTINGS_MESSAGES.priceRangeRequired],
    ['', '', FRAUD_SETTINGS_MESSAGES.priceRangeRequired],
    ['0', '0.00', FRAUD_SETTINGS_MESSAGES.priceRangeRequired],
    ['10', '10', FRAUD_SETTINGS_MESSAGES.priceMaxNotAboveMin],
    ['10.01', '10', FRAUD_SETTINGS_MESSAGES.priceMaxNotAboveMin],
  ])('refuses a price range of %j to %j', (min, max, message) => {
    expect(validateFraudSettings(price(min, max))).toEqual([{ key: 'purchase_price_threshold', message }]);
  });

  it.each([
    ['10', null],
    [null, '10'],
    ['0', '10'],
    ['10', '10.01'],
    [5, 6],
  ])('accepts a price range of %j to %j', (min, max) => {
    expect(validateFraudSettings(price(min, max))).toEqual([]);
  });

  it.each([
    [null, null, FRAUD_SETTINGS_MESSAGES.itemRangeRequired],
    ['', '', FRAUD_SETTINGS_MESSAGES.itemRangeRequired],
    [5, 5, FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin],
    ['6', '5', FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin],
  ])('refuses an item range of %j to %j', (min, max, message) => {
    expect(validateFraudSettings(items(min, max))).toEqual([{ key: 'order_items_threshold', message }]);
  });

  it.each([
    [1, null],
    [null, 3],
    [1, 2],
  ])('accepts an item range of %j to %j', (min, max) => {
    expect(validateFraudSettings(items(min, max))).toEqual([]);
  });

  it('does not validate disabled filters', () => {
    expect(validateFraudSettings(price(null, null, false))).toEqual([]);
    expect(validateFraudSettings(items(5, 1, false))).toEqual([]);
  });

  it('reports both filters in card order', () => {
    const settings = settingsWith({
      order_items_threshold: { enabled: true, block: false, min_items: null, max_items: null },
      purchase_price_threshold: { enabled: true, block: false, min_amount: '5', max_amount: '1' },
    });
    expect(validateFraudSettings(settings).map((error) => error.key)).toEqual([
      'purchase_price_threshold',
      'order_items_threshold',
    ]);
  });

  it('uses the page’s messages verbatim', () => {
    expect(FRAUD_SETTINGS_MESSAGES.priceRangeRequired).toBe(
      'A price range must be set for the "Purchase Price threshold" filter.',
    );
    expect(FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin).toBe(
      'Maximum item count must be greater than the minimum item count on the "Order Item Threshold" rule.',
    );
  });
});

describe('fraudProtectionSaveOutcome', () => {
  const enabled = settingsWith({ address_mismatch: { enabled: true, block: false } });
  const none = defaultFraudSettings(reviewOn);

  it('switches to advanced and says so when a filter is enabled', () => {
    expect(fraudProtectionSaveOutcome(enabled, 'basic')).toEqual({
      save: true,
      protection_level: 'advanced',
      notice: { status: 'success', message: 'Current protection level is set to "advanced".' },
    });
  });

  it('saves quietly when the level already was advanced', () => {
    expect(fraudProtectionSaveOutcome(enabled, 'advanced')).toEqual({
      save: true,
      protection_level: 'advanced',
      notice: null,
    });
  });

  it('falls back to basic with an error when no filter is enabled', () => {
    expect(fraudProtectionSaveOutcome(none, 'advanced')).toEqual({
      save: true,
      protection_level: 'basic',
      notice: {
        status: 'error',
        message:
          'Current protection level is set to "basic". At least one risk filter needs to be enabled for advanced protection.',
      },
    });
  });

  it('saves nothing when the level already was basic and no filter is enabled', () => {
    expect(fraudProtectionSaveOutcome(none, 'basic')).toEqual({
      save: false,
      protection_level: 'basic',
      notice: {
        status: 'error',
        message: 'At least one risk filter needs to be enabled for advanced protection.',
      },
    });
  });
});
