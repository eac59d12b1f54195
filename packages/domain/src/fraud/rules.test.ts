import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  evaluateFraudRules,
  FRAUD_CHECK_MAX_DEPTH,
  type FraudAttributes,
  type FraudCheck,
  type FraudCurrencyConverter,
  type FraudRule,
  formatOrderTotalValue,
  fraudCheckKeys,
  matchesFraudCheck,
  parseOrderTotalValue,
} from './rules.ts';
import { ZFraudCheck, ZFraudRule, ZFraudRules } from './schemas.ts';

/** 1 USD = 0.5 GBP = 150 JPY in this test world; anything else has no rate. */
const convert: FraudCurrencyConverter = (amount_minor, from, to) => {
  const per_usd_major: Record<string, number> = { usd: 1, gbp: 0.5, jpy: 150 };
  const precision: Record<string, number> = { usd: 2, gbp: 2, jpy: 0 };
  const fromRate = per_usd_major[from.toLowerCase()];
  const toRate = per_usd_major[to.toLowerCase()];
  if (fromRate === undefined || toRate === undefined) return null;
  const major = amount_minor / 10 ** precision[from.toLowerCase()]!;
  return Math.round((major / fromRate) * toRate * 10 ** precision[to.toLowerCase()]!);
};

const noConversion: FraudCurrencyConverter = () => {
  throw new Error('should not convert');
};

const rule = (key: FraudRule['key'], outcome: FraudRule['outcome'], check: FraudCheck): FraudRule => ({
  key,
  outcome,
  check,
});

describe('ZFraudRule', () => {
  it('accepts the saved shapes the settings page writes', () => {
    const rules = [
      {
        key: 'avs_verification',
        outcome: 'block',
        check: { key: 'avs_mismatch', operator: 'equals', value: true },
      },
      {
        key: 'international_ip_address',
        outcome: 'review',
        check: { key: 'ip_country', operator: 'not_in', value: 'US|CA' },
      },
      {
        key: 'purchase_price_threshold',
        outcome: 'review',
        check: {
          operator: 'or',
          checks: [
            { key: 'order_total', operator: 'less_than', value: '1000|USD' },
            { key: 'order_total', operator: 'greater_than', value: '100000|usd' },
          ],
        },
      },
    ];
    const parsed = ZFraudRules.parse(rules);
    expect(parsed[1]!.check).toEqual({ key: 'ip_country', operator: 'not_in', value: 'us|ca' });
    expect(parsed[2]!.check).toEqual({
      operator: 'or',
      checks: [
        { key: 'order_total', operator: 'less_than', value: '1000|usd' },
        { key: 'order_total', operator: 'greater_than', value: '100000|usd' },
      ],
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    [true, true],
    [false, false],
  ])('normalises the boolean value %j', (value, expected) => {
    const parsed = ZFraudRule.parse({
      key: 'address_mismatch',
      outcome: 'block',
      check: { key: 'billing_shipping_address_same', operator: 'equals', value },
    });
    expect(parsed.check).toEqual({
      key: 'billing_shipping_address_same',
      operator: 'equals',
      value: expected,
    });
  });

  it('normalises numeric item counts given as strings', () => {
    expect(ZFraudCheck.parse({ key: 'item_count', operator: 'less_than', value: '5' })).toEqual({
      key: 'item_count',
      operator: 'less_than',
      value: 5,
    });
  });

  it.each([
    ['an unknown check key', { key: 'email_domain', operator: 'equals', value: 'x' }],
    ['a boolean given as yes', { key: 'avs_mismatch', operator: 'equals', value: 'yes' }],
    ['a comparison on a boolean', { key: 'avs_mismatch', operator: 'greater_than', value: true }],
    ['in on an item count', { key: 'item_count', operator: 'in', value: 3 }],
    ['a negative item count', { key: 'item_count', operator: 'less_than', value: -1 }],
    ['a fractional item count', { key: 'item_count', operator: 'less_than', value: 1.5 }],
    ['a country list with three letters', { key: 'ip_country', operator: 'in', value: 'usa|ca' }],
    ['an empty country list', { key: 'ip_country', operator: 'in', value: '' }],
    ['equals with several countries', { key: 'ip_country', operator: 'equals', value: 'us|ca' }],
    ['greater_than on a country', { key: 'ip_country', operator: 'greater_than', value: 'us' }],
    ['an order total without currency', { key: 'order_total', operator: 'less_than', value: '1000' }],
    ['an order total with decimals', { key: 'order_total', operator: 'less_than', value: '10.5|usd' }],
    ['an order total as a number', { key: 'order_total', operator: 'less_than', value: 1000 }],
    ['an empty list', { operator: 'or', checks: [] }],
    [
      'an unknown list operator',
      { operator: 'xor', checks: [{ key: 'avs_mismatch', operator: 'equals', value: true }] },
    ],
  ])('refuses %s', (_name, check) => {
    expect(ZFraudCheck.safeParse(check).success).toBe(false);
  });

  it('refuses unknown rule keys and outcomes', () => {
    const check = { key: 'avs_mismatch', operator: 'equals', value: true };
    expect(ZFraudRule.safeParse({ key: 'velocity', outcome: 'block', check }).success).toBe(false);
    expect(ZFraudRule.safeParse({ key: 'avs_verification', outcome: 'allow', check }).success).toBe(false);
  });

  it('accepts nesting up to the depth limit and refuses deeper trees', () => {
    const leaf = { key: 'avs_mismatch', operator: 'equals', value: true };
    const nest = (levels: number): unknown =>
      levels === 0 ? leaf : { operator: 'and', checks: [nest(levels - 1)] };
    expect(ZFraudCheck.safeParse(nest(FRAUD_CHECK_MAX_DEPTH - 1)).success).toBe(true);
    expect(ZFraudCheck.safeParse(nest(FRAUD_CHECK_MAX_DEPTH)).success).toBe(false);
    expect(ZFraudCheck.safeParse(nest(500)).success).toBe(false);
  });

  it('refuses too many checks in one list or in one rule', () => {
    const leaf = { key: 'avs_mismatch', operator: 'equals', value: true };
    expect(ZFraudCheck.safeParse({ operator: 'or', checks: Array(11).fill(leaf) }).success).toBe(false);
    const wide = { operator: 'or', checks: Array(10).fill(leaf) };
    expect(ZFraudCheck.safeParse({ operator: 'and', checks: [wide, wide] }).success).toBe(true);
    expect(ZFraudCheck.safeParse({ operator: 'and', checks: [wide, wide, leaf] }).success).toBe(false);
  });

  it('refuses a rule set with a repeated key', () => {
    const avs = {
      key: 'avs_verification',
      outcome: 'block',
      check: { key: 'avs_mismatch', operator: 'equals', value: true },
    };
    expect(ZFraudRules.safeParse([avs]).success).toBe(true);
    expect(ZFraudRules.safeParse([avs, avs]).success).toBe(false);
  });
});

describe('order total values', () => {
  it('parses and formats cents|currency', () => {
    expect(parseOrderTotalValue('100000|USD')).toEqual({ amount_cents: 100000, currency: 'usd' });
    expect(formatOrderTotalValue(50000, 'JPY')).toBe('50000|jpy');
    expect(parseOrderTotalValue('abc|usd')).toBeNull();
    expect(parseOrderTotalValue('100|us')).toBeNull();
  });
});

describe('matchesFraudCheck', () => {
  it.each([
    [{ avs_mismatch: true }, true],
    [{ avs_mismatch: false }, false],
    [{ avs_mismatch: null }, false],
    [{}, false],
  ] as [FraudAttributes, boolean][])('avs_mismatch equals true with %j is %s', (attributes, expected) => {
    const check: FraudCheck = { key: 'avs_mismatch', operator: 'equals', value: true };
    expect(matchesFraudCheck(check, attributes, noConversion)).toBe(expected);
  });

  it('matches a false boolean only when the attribute is false, not missing', () => {
    const check: FraudCheck = { key: 'billing_shipping_address_same', operator: 'equals', value: false };
    expect(matchesFraudCheck(check, { billing_shipping_address_same: false }, noConversion)).toBe(true);
    expect(matchesFraudCheck(check, { billing_shipping_address_same: true }, noConversion)).toBe(false);
    expect(matchesFraudCheck(check, {}, noConversion)).toBe(false);
  });

  it.each([
    ['in', 'US', true],
    ['in', 'fr', false],
    ['not_in', 'fr', true],
    ['not_in', 'ca', false],
    ['not_in', '', false],
    ['not_in', null, false],
    ['in', null, false],
    ['equals', 'us', false],
  ] as const)('ip_country %s us|ca with %j is %s', (operator, country, expected) => {
    const check: FraudCheck = { key: 'ip_country', operator, value: 'us|ca' };
    expect(matchesFraudCheck(check, { ip_country: country }, noConversion)).toBe(expected);
  });

  it('ip_country equals compares one country case-insensitively', () => {
    const check: FraudCheck = { key: 'ip_country', operator: 'equals', value: 'gb' };
    expect(matchesFraudCheck(check, { ip_country: 'GB' }, noConversion)).toBe(true);
    expect(matchesFraudCheck(check, { ip_country: 'IE' }, noConversion)).toBe(false);
  });

  it.each([
    ['equals', 5, true],
    ['equals', 4, false],
    ['greater_than', 6, true],
    ['greater_than', 5, false],
    ['less_than', 4, true],
    ['less_than', 5, false],
    ['greater_or_equal', 5, true],
    ['greater_or_equal', 4, false],
    ['less_or_equal', 5, true],
    ['less_or_equal', 6, false],
  ] as const)('item_count %s 5 with %i is %s', (operator, count, expected) => {
    const check: FraudCheck = { key: 'item_count', operator, value: 5 };
    expect(matchesFraudCheck(check, { item_count: count }, noConversion)).toBe(expected);
  });

  it('never matches a missing item count', () => {
    const check: FraudCheck = { key: 'item_count', operator: 'less_than', value: 5 };
    expect(matchesFraudCheck(check, { item_count: null }, noConversion)).toBe(false);
    expect(matchesFraudCheck(check, {}, noConversion)).toBe(false);
  });

  it('compares an order total in the same currency without converting', () => {
    const check: FraudCheck = { key: 'order_total', operator: 'greater_than', value: '10000|usd' };
    const total = (amount_minor: number) => ({ order_total: { amount_minor, currency: 'USD' } });
    expect(matchesFraudCheck(check, total(10001), noConversion)).toBe(true);
    expect(matchesFraudCheck(check, total(10000), noConversion)).toBe(false);
  });

  it('converts the order total to the threshold currency', () => {
    const check: FraudCheck = { key: 'order_total', operator: 'greater_or_equal', value: '5000|gbp' };
    // $100.00 is £50.00 at the test rate.
    expect(matchesFraudCheck(check, { order_total: { amount_minor: 10000, currency: 'usd' } }, convert)).toBe(
      true,
    );
    expect(matchesFraudCheck(check, { order_total: { amount_minor: 9998, currency: 'usd' } }, convert)).toBe(
      false,
    );
  });

  it('reads thresholds of zero-decimal currencies as amount × 100', () => {
    // ¥500 is stored as 50000|jpy; an order of ¥499 is below it, ¥500 is not.
    const check: FraudCheck = { key: 'order_total', operator: 'less_than', value: '50000|jpy' };
    expect(
      matchesFraudCheck(check, { order_total: { amount_minor: 499, currency: 'JPY' } }, noConversion),
    ).toBe(true);
    expect(
      matchesFraudCheck(check, { order_total: { amount_minor: 500, currency: 'JPY' } }, noConversion),
    ).toBe(false);
    // $3.00 is ¥450 at the test rate.
    expect(matchesFraudCheck(check, { order_total: { amount_minor: 300, currency: 'USD' } }, convert)).toBe(
      true,
    );
  });

  it('does not match when no rate is known or the total is missing', () => {
    const check: FraudCheck = { key: 'order_total', operator: 'greater_than', value: '0|eur' };
    expect(matchesFraudCheck(check, { order_total: { amount_minor: 100, currency: 'usd' } }, convert)).toBe(
      false,
    );
    expect(matchesFraudCheck(check, { order_total: null }, convert)).toBe(false);
  });

  it('combines checks with and/or, nested', () => {
    const small: FraudCheck = { key: 'item_count', operator: 'less_than', value: 2 };
    const large: FraudCheck = { key: 'item_count', operator: 'greater_than', value: 10 };
    const outside: FraudCheck = { operator: 'or', checks: [small, large] };
    const foreign: FraudCheck = { key: 'ip_country', operator: 'not_in', value: 'us' };
    const both: FraudCheck = { operator: 'and', checks: [outside, foreign] };
    expect(matchesFraudCheck(outside, { item_count: 1 }, noConversion)).toBe(true);
    expect(matchesFraudCheck(outside, { item_count: 5 }, noConversion)).toBe(false);
    expect(matchesFraudCheck(outside, { item_count: 11 }, noConversion)).toBe(true);
    expect(matchesFraudCheck(both, { item_count: 11, ip_country: 'fr' }, noConversion)).toBe(true);
    expect(matchesFraudCheck(both, { item_count: 11, ip_country: 'us' }, noConversion)).toBe(false);
    expect(matchesFraudCheck(both, { item_count: 11 }, noConversion)).toBe(false);
  });

  it('never matches anything when no attribute is known', () => {
    const leaves: FraudCheck[] = [
      { key: 'avs_mismatch', operator: 'equals', value: true },
      { key: 'billing_shipping_address_same', operator: 'equals', value: false },
      { key: 'ip_billing_country_same', operator: 'equals', value: false },
      { key: 'ip_country', operator: 'not_in', value: 'us' },
      { key: 'ip_country', operator: 'in', value: 'us' },
      { key: 'item_count', operator: 'greater_or_equal', value: 0 },
      { key: 'order_total', operator: 'greater_or_equal', value: '0|usd' },
    ];
    fc.assert(
      fc.property(fc.subarray(leaves, { minLength: 1 }), fc.constantFrom('and', 'or'), (checks, operator) => {
        expect(matchesFraudCheck({ operator, checks } as FraudCheck, {}, convert)).toBe(false);
      }),
    );
  });
});

describe('evaluateFraudRules', () => {
  const avs = rule('avs_verification', 'block', { key: 'avs_mismatch', operator: 'equals', value: true });
  const address = rule('address_mismatch', 'review', {
    key: 'billing_shipping_address_same',
    operator: 'equals',
    value: false,
  });
  const ip = rule('ip_address_mismatch', 'review', {
    key: 'ip_billing_country_same',
    operator: 'equals',
    value: false,
  });

  it('allows a payment when no rule matches', () => {
    expect(evaluateFraudRules([avs, address], { avs_mismatch: false }, noConversion)).toEqual({
      outcome: 'allow',
      ruleset_results: { avs_verification: 'allow', address_mismatch: 'allow' },
      matched: [],
    });
  });

  it('allows a payment when there are no rules', () => {
    expect(evaluateFraudRules([], { avs_mismatch: true }, noConversion)).toEqual({
      outcome: 'allow',
      ruleset_results: {},
      matched: [],
    });
  });

  it('reviews a payment matching a review rule', () => {
    expect(
      evaluateFraudRules([avs, address], { billing_shipping_address_same: false }, noConversion),
    ).toEqual({
      outcome: 'review',
      ruleset_results: { avs_verification: 'allow', address_mismatch: 'review' },
      matched: ['address_mismatch'],
    });
  });

  it('blocks over review when several rules match, whatever their order', () => {
    const attributes = {
      avs_mismatch: true,
      billing_shipping_address_same: false,
      ip_billing_country_same: false,
    };
    for (const rules of [
      [avs, address, ip],
      [address, ip, avs],
      [ip, avs, address],
    ]) {
      const result = evaluateFraudRules(rules, attributes, noConversion);
      expect(result.outcome).toBe('block');
      expect(result.ruleset_results).toEqual({
        avs_verification: 'block',
        address_mismatch: 'review',
        ip_address_mismatch: 'review',
      });
      expect([...result.matched].sort()).toEqual([
        'address_mismatch',
        'avs_verification',
        'ip_address_mismatch',
      ]);
    }
  });

  it('gives the strongest matched outcome (property)', () => {
    const outcomes = fc.constantFrom<'review' | 'block'>('review', 'block');
    fc.assert(
      fc.property(
        outcomes,
        outcomes,
        outcomes,
        fc.boolean(),
        fc.boolean(),
        fc.boolean(),
        (o1, o2, o3, a, b, c) => {
          const rules = [
            rule('avs_verification', o1, { key: 'avs_mismatch', operator: 'equals', value: true }),
            rule('address_mismatch', o2, {
              key: 'billing_shipping_address_same',
              operator: 'equals',
              value: false,
            }),
            rule('ip_address_mismatch', o3, {
              key: 'ip_billing_country_same',
              operator: 'equals',
              value: false,
            }),
          ];
          const result = evaluateFraudRules(
            rules,
            { avs_mismatch: a, billing_shipping_address_same: !b, ip_billing_country_same: !c },
            noConversion,
          );
          const hits = [a && o1, b && o2, c && o3].filter((x): x is 'review' | 'block' => x !== false);
          const expected = hits.includes('block') ? 'block' : hits.includes('review') ? 'review' : 'allow';
          expect(result.outcome).toBe(expected);
          expect(result.matched).toHaveLength(hits.length);
        },
      ),
    );
  });
});

describe('fraudCheckKeys', () => {
  it('lists each attribute a check reads once, at any depth', () => {
    const total = { key: 'order_total', operator: 'greater_than', value: '1000|usd' } as const;
    const items = { key: 'item_count', operator: 'greater_than', value: 3 } as const;
    const avs = { key: 'avs_mismatch', operator: 'equals', value: true } as const;
    expect(fraudCheckKeys(total)).toEqual(['order_total']);
    expect(fraudCheckKeys({ operator: 'or', checks: [total, { ...total, operator: 'less_than' }] })).toEqual([
      'order_total',
    ]);
    expect(fraudCheckKeys({ operator: 'and', checks: [avs, items] })).toEqual(['avs_mismatch', 'item_count']);
    expect(
      fraudCheckKeys({ operator: 'and', checks: [avs, { operator: 'or', checks: [items, total] }] }),
    ).toEqual(['avs_mismatch', 'item_count', 'order_total']);
  });
});
