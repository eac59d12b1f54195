import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../html.ts';
import {
  CAPTURE_WINDOW_SECONDS,
  captureDeadline,
  chargeDisplayStatus,
  conversionLine,
  type DetailCharge,
  disallowedMessageTags,
  type FeeRates,
  feeBreakdownLine,
  feeBreakdownLines,
  feeLine,
  formatAddressHtml,
  isAllowedMessageTag,
  isBaseFeeOnly,
  isChargeId,
  MESSAGE_ALLOWED_TAGS,
  paymentDetailsIdKind,
  showsCaptureNotice,
  TIMELINE_EVENT_TYPES,
} from './format.ts';

const base = (overrides: Partial<FeeRates['history'][number]> = {}): FeeRates['history'][number] => ({
  type: 'base',
  percentage_rate: 0.029,
  fixed_rate: 30,
  currency: 'usd',
  ...overrides,
});
const rates = (...history: FeeRates['history'][number][]): FeeRates => ({
  percentage: history.reduce((sum, entry) => sum + entry.percentage_rate, 0),
  fixed: history[0]?.fixed_rate ?? 0,
  fixed_currency: history[0]?.currency ?? 'usd',
  history,
});

describe('payment detail ids', () => {
  it('reads all digits as an order, ch_ and py_ as a charge, anything else as an intent', () => {
    expect(paymentDetailsIdKind('123')).toBe('order');
    expect(paymentDetailsIdKind('ch_3Abc')).toBe('charge');
    expect(paymentDetailsIdKind('py_3Abc')).toBe('charge');
    expect(paymentDetailsIdKind('pi_3Abc')).toBe('payment_intent');
    expect(paymentDetailsIdKind('12a')).toBe('payment_intent');
    expect(paymentDetailsIdKind('')).toBe('payment_intent');
  });

  it('treats an id containing ch_ or py_ anywhere as a charge', () => {
    expect(isChargeId('x_ch_1')).toBe(true);
    expect(isChargeId('pi_py_1')).toBe(true);
    expect(isChargeId('pi_chx')).toBe(false);
    expect(isChargeId('ch1')).toBe(false);
  });
});

describe('feeLine', () => {
  it("names a single base entry 'Base fee' with its rate and fixed fee", () => {
    expect(feeLine(320, 'usd', rates(base()))).toBe('Base fee (2.9% + $0.30): -$3.20');
  });

  it('leaves out a zero fixed fee', () => {
    expect(feeLine(290, 'usd', rates(base({ fixed_rate: 0 })))).toBe('Base fee (2.9%): -$2.90');
  });

  it("says 'capped at' for a capped base fee", () => {
    expect(feeLine(500, 'usd', rates(base({ capped: true, fixed_rate: 500 })))).toBe(
      'Base fee (capped at $5.00): -$5.00',
    );
  });

  it('shows a fee of several entries, or with no rates, as Fee', () => {
    const international = base({
      type: 'additional',
      additional_type: 'international',
      percentage_rate: 0.01,
    });
    expect(feeLine(420, 'usd', rates(base(), international))).toBe('Fee: -$4.20');
    expect(feeLine(420, 'usd', null)).toBe('Fee: -$4.20');
    expect(feeLine(420, 'usd', rates())).toBe('Fee: -$4.20');
  });

  it('always shows the fee as a deduction, whatever its sign', () => {
    expect(feeLine(-320, 'usd', rates(base()))).toBe(feeLine(320, 'usd', rates(base())));
  });

  it('formats rates ×100 to three decimals and amounts in the locale', () => {
    expect(feeLine(123456, 'eur', rates(base({ percentage_rate: 0.028755, currency: 'eur' })), 'fr_FR')).toBe(
      'Base fee (2,876% + €0,30): -€1 234,56',
    );
  });

  it('keeps zero-decimal currencies whole', () => {
    expect(feeLine(500, 'jpy', rates(base({ currency: 'jpy', fixed_rate: 0, percentage_rate: 0.036 })))).toBe(
      'Base fee (3.6%): -¥500',
    );
  });
});

describe('feeBreakdownLines', () => {
  it('lists every entry of a fee made of several', () => {
    const fee = rates(
      base(),
      base({ type: 'additional', additional_type: 'international', percentage_rate: 0.015, fixed_rate: 0 }),
      base({ type: 'additional', additional_type: 'fx', percentage_rate: 0.01, fixed_rate: 0 }),
      base({
        type: 'additional',
        additional_type: 'wcpay-subscription',
        percentage_rate: 0.01,
        fixed_rate: 0,
      }),
      base({ type: 'discount', percentage_rate: -0.01, fixed_rate: 0 }),
    );
    expect(feeBreakdownLines(fee)).toEqual([
      'Base fee: 2.9% + $0.30',
      'International card fee: 1.5%',
      'Currency conversion fee: 1%',
      'Additional fee: 1%',
      'Discount',
    ]);
  });

  it('is empty when the base rate alone priced the event, or there are no rates', () => {
    expect(feeBreakdownLines(rates(base()))).toEqual([]);
    expect(feeBreakdownLines(null)).toEqual([]);
    expect(isBaseFeeOnly(rates(base()))).toBe(true);
    expect(isBaseFeeOnly(rates(base(), base({ type: 'additional' })))).toBe(false);
    expect(isBaseFeeOnly(rates(base({ type: 'additional' })))).toBe(false);
  });

  it("says 'capped at' for a capped base entry and drops a zero fixed fee", () => {
    expect(feeBreakdownLine(base({ capped: true, fixed_rate: 600 }))).toBe('Base fee: capped at $6.00');
    expect(feeBreakdownLine(base({ fixed_rate: 0 }))).toBe('Base fee: 2.9%');
  });
});

describe('conversionLine', () => {
  it('shows the rate with 5 decimals at or above 1', () => {
    expect(
      conversionLine({
        customer_currency: 'eur',
        store_currency: 'usd',
        customer_amount: 10000,
        store_amount: 10870,
      }),
    ).toBe('€1.00 EUR → 1.08700 USD: $108.70 USD');
  });

  it('shows the rate with 6 decimals below 1, and zero-decimal currencies whole', () => {
    expect(
      conversionLine({
        customer_currency: 'usd',
        store_currency: 'eur',
        customer_amount: 10000,
        store_amount: 9200,
      }),
    ).toBe('$1.00 USD → 0.920000 EUR: €92.00 EUR');
    expect(
      conversionLine({
        customer_currency: 'jpy',
        store_currency: 'usd',
        customer_amount: 1000,
        store_amount: 660,
      }),
    ).toBe('¥1 JPY → 0.006600 USD: $6.60 USD');
  });

  it('reads the rate of a refund from its amounts and keeps its sign', () => {
    expect(
      conversionLine({
        customer_currency: 'eur',
        store_currency: 'usd',
        customer_amount: -1000,
        store_amount: -1087,
      }),
    ).toBe('€1.00 EUR → 1.08700 USD: -$10.87 USD');
  });

  it('uses the locale separators', () => {
    expect(
      conversionLine(
        { customer_currency: 'gbp', store_currency: 'eur', customer_amount: 100000, store_amount: 116456 },
        'de_DE',
      ),
    ).toBe('£1,00 GBP → 1,16456 EUR: €1.164,56 EUR');
  });

  it('is null without a conversion', () => {
    expect(
      conversionLine({
        customer_currency: 'usd',
        store_currency: 'USD',
        customer_amount: 100,
        store_amount: 100,
      }),
    ).toBeNull();
    expect(
      conversionLine({
        customer_currency: 'eur',
        store_currency: 'usd',
        customer_amount: 0,
        store_amount: 0,
      }),
    ).toBeNull();
  });
});

describe('authorization', () => {
  it('sets the capture deadline seven days after creation', () => {
    expect(CAPTURE_WINDOW_SECONDS).toBe(604_800);
    expect(captureDeadline(1_700_000_000)).toBe(1_700_604_800);
  });

  it('shows the capture notice only for uncaptured, non-failed, unrefunded charges with auth and capture on', () => {
    const uncaptured = { captured: false, status: 'succeeded', amount_refunded: 0 };
    expect(showsCaptureNotice(uncaptured, true)).toBe(true);
    expect(showsCaptureNotice(uncaptured, false)).toBe(false);
    expect(showsCaptureNotice({ ...uncaptured, captured: true }, true)).toBe(false);
    expect(showsCaptureNotice({ ...uncaptured, status: 'failed' }, true)).toBe(false);
    expect(showsCaptureNotice({ ...uncaptured, amount_refunded: 1 }, true)).toBe(false);
  });
});

describe('chargeDisplayStatus', () => {
  const paid: DetailCharge = {
    status: 'succeeded',
    paid: true,
    captured: true,
    refunded: false,
    amount_refunded: 0,
    has_failed_refund: false,
    dispute: null,
    outcome: { type: 'authorized' },
    order: { fraud_meta_box_type: 'allow' },
  };

  it('derives each display status from the detail fields', () => {
    expect(chargeDisplayStatus(paid)).toBe('paid');
    expect(chargeDisplayStatus({ ...paid, captured: false }, 'requires_capture')).toBe('authorized');
    expect(chargeDisplayStatus({ ...paid, amount_refunded: 5 })).toBe('refunded_partial');
    expect(chargeDisplayStatus({ ...paid, amount_refunded: 5, refunded: true })).toBe('refunded_full');
    expect(chargeDisplayStatus({ ...paid, has_failed_refund: true })).toBe('refund_failed');
    expect(chargeDisplayStatus({ ...paid, dispute: { status: 'won' } })).toBe('disputed_won');
    const failed = { ...paid, status: 'failed', paid: false, captured: false };
    expect(chargeDisplayStatus({ ...failed, outcome: { type: 'issuer_declined' } })).toBe('failed');
    expect(chargeDisplayStatus({ ...failed, outcome: { type: 'invalid' } })).toBe('failed');
    expect(chargeDisplayStatus({ ...failed, outcome: { type: 'blocked' } })).toBe('blocked');
    expect(
      chargeDisplayStatus(
        { ...paid, captured: false, order: { fraud_meta_box_type: 'review' } },
        'requires_capture',
      ),
    ).toBe('fraud_outcome_review');
    expect(chargeDisplayStatus({ ...failed, order: { fraud_meta_box_type: 'block' } })).toBe(
      'fraud_outcome_block',
    );
    expect(chargeDisplayStatus({ ...paid, order: { fraud_meta_box_type: 'review_blocked' } })).toBe(
      'fraud_outcome_block',
    );
  });

  it('applies the rules in their order', () => {
    // A held payment is under review before anything else, a dispute outranks refunds.
    const held = {
      ...paid,
      captured: false,
      order: { fraud_meta_box_type: 'review' },
      dispute: { status: 'lost' },
    };
    expect(chargeDisplayStatus(held, 'requires_capture')).toBe('fraud_outcome_review');
    expect(chargeDisplayStatus(held, 'succeeded')).toBe('disputed_lost');
    expect(
      chargeDisplayStatus({ ...paid, dispute: { status: 'lost' }, refunded: true, amount_refunded: 9 }),
    ).toBe('disputed_lost');
    expect(chargeDisplayStatus({ ...paid, has_failed_refund: true, amount_refunded: 9 })).toBe(
      'refunded_partial',
    );
  });

  it('falls back to the raw status', () => {
    expect(chargeDisplayStatus({ ...paid, status: 'pending', paid: false })).toBe('pending');
    expect(chargeDisplayStatus({ ...paid, status: 'failed', paid: false, outcome: null })).toBe('failed');
    expect(
      chargeDisplayStatus({
        status: 'pending',
        paid: false,
        captured: false,
        refunded: false,
        amount_refunded: 0,
      }),
    ).toBe('pending');
  });
});

describe('message HTML', () => {
  it('allows exactly a, b, em, i, strong, p and br', () => {
    expect([...MESSAGE_ALLOWED_TAGS].sort()).toEqual(['a', 'b', 'br', 'em', 'i', 'p', 'strong']);
    expect(isAllowedMessageTag('STRONG')).toBe(true);
    for (const tag of ['script', 'img', 'div', 'span', 'iframe', 'u', 'abbr'])
      expect(isAllowedMessageTag(tag), tag).toBe(false);
  });

  it('finds the tags a message may not carry', () => {
    expect(
      disallowedMessageTags('<p>Hi <strong>you</strong>,<br/><a href="/x">look</a> <EM>now</EM></p>'),
    ).toEqual([]);
    expect(disallowedMessageTags('<script>x</script><IMG src=x onerror=y><p>ok</p><Script>')).toEqual([
      'script',
      'img',
    ]);
    expect(disallowedMessageTags('5 < 6 and 7 > 3')).toEqual([]);
    expect(disallowedMessageTags('<abbr>x</abbr>')).toEqual(['abbr']);
  });

  it('escapes text so it cannot open a tag', () => {
    expect(escapeHtml(`<b>"Tom" & 'Jerry'</b>`)).toBe(
      '&lt;b&gt;&quot;Tom&quot; &amp; &#39;Jerry&#39;&lt;/b&gt;',
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(disallowedMessageTags(escapeHtml(text))).toEqual([]);
        expect(escapeHtml(text)).not.toMatch(/[<>"']/);
      }),
    );
  });

  it('formats an address as escaped lines joined with br', () => {
    expect(
      formatAddressHtml({
        line1: '1 Main St',
        line2: 'Apt <2>',
        city: 'Springfield',
        state: 'IL',
        postal_code: '62701',
        country: 'US',
      }),
    ).toBe('1 Main St<br/>Apt &lt;2&gt;<br/>Springfield, IL 62701<br/>US');
    expect(formatAddressHtml({ city: ' ', postal_code: '75001', country: 'FR' })).toBe('75001<br/>FR');
    expect(formatAddressHtml({})).toBe('');
  });
});

describe('timeline event types', () => {
  it('lists the twenty timeline event types once each', () => {
    expect(TIMELINE_EVENT_TYPES).toHaveLength(20);
    expect(new Set(TIMELINE_EVENT_TYPES).size).toBe(20);
  });
});
