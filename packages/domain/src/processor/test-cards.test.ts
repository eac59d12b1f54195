import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luhnCheckDigit, luhnValid } from './card-number.ts';
import { type CardInput, type CardResolution, findTestCard, resolveCard, TEST_CARDS } from './test-cards.ts';

const NOW = new Date('2026-11-22T04:00:00Z');
const valid = { exp_month: 12, exp_year: 2030, cvc: '123' } as const;

function pay(number: string, overrides: Partial<CardInput> = {}): CardResolution {
  return resolveCard({ number, ...valid, ...overrides }, NOW);
}

function succeeded(result: CardResolution) {
  if (!result.ok) throw new Error(`expected success, got ${result.code}`);
  return result;
}

function failed(result: CardResolution) {
  if (result.ok) throw new Error('expected a failure');
  return result;
}

describe('TEST_CARDS', () => {
  it('lists each number once, Luhn-valid, 12 to 19 digits, with its detected brand', () => {
    const numbers = TEST_CARDS.map((card) => card.number);
    expect(new Set(numbers).size).toBe(numbers.length);
    for (const card of TEST_CARDS) {
      expect(card.number).toMatch(/^\d{12,19}$/);
      expect(luhnValid(card.number)).toBe(true);
      expect(succeededOrFailedBrand(card.number)).toBe(card.brand);
    }
  });

  it('finds a card as typed with spaces or dashes, and nothing for other numbers', () => {
    expect(findTestCard('4000 0000 0000 0002')?.decline?.decline_code).toBe('generic_decline');
    expect(findTestCard('4000-0000-0000-9995')?.decline?.decline_code).toBe('insufficient_funds');
    expect(findTestCard('4111111111111111')).toBeUndefined();
  });
});

function succeededOrFailedBrand(number: string) {
  const result = pay(number);
  return result.ok ? result.card.brand : result.card?.brand;
}

describe('resolveCard: successful cards', () => {
  it.each([
    ['4242424242424242', 'visa', '4242'],
    ['5555555555554444', 'mastercard', '4444'],
    ['2223003122003222', 'mastercard', '3222'],
    ['378282246310005', 'amex', '0005'],
    ['6011111111111117', 'discover', '1117'],
    ['3056930009020004', 'diners', '0004'],
    ['3566002020360505', 'jcb', '0505'],
    ['6200000000000005', 'unionpay', '0005'],
  ])('%s succeeds as %s ending %s', (number, brand, last4) => {
    const result = succeeded(pay(number));
    expect(result.card).toMatchObject({
      brand,
      network: brand,
      last4,
      exp_month: 12,
      exp_year: 2030,
      funding: 'credit',
      country: 'US',
      checks: { cvc_check: 'pass', address_line1_check: 'pass', address_postal_code_check: 'pass' },
    });
    expect(result.risk_level).toBe(0);
    expect(result.scripted).toEqual({ refunds_fail: false, avs_mismatch: false });
  });

  it('accepts a four-digit CVC and a number typed in groups', () => {
    expect(succeeded(pay('3782 822463 10005', { cvc: '1234' })).card.last4).toBe('0005');
    expect(succeeded(pay('4242-4242-4242-4242')).card.last4).toBe('4242');
  });

  it('succeeds for any other Luhn-valid number of 12 to 19 digits', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 }),
        (payload) => {
          const number = `${payload}${luhnCheckDigit(payload)}`;
          fc.pre(findTestCard(number) === undefined);
          const result = succeeded(pay(number));
          expect(result.card.last4).toBe(number.slice(-4));
          expect(result.card.country).toBe('US');
          expect(result.risk_level).toBe(0);
          expect(result.card.funding).toBe(result.card.brand === 'unknown' ? 'unknown' : 'credit');
        },
      ),
    );
  });
});

describe('resolveCard: declines', () => {
  it.each([
    ['4000000000000002', 'card_declined', 'generic_decline', 'The card was declined by the bank'],
    [
      '4000000000009995',
      'card_declined',
      'insufficient_funds',
      'The card has insufficient funds to complete the purchase',
    ],
    ['4000000000009987', 'card_declined', 'lost_card', 'The card was declined by the bank'],
    ['4000000000009979', 'card_declined', 'stolen_card', 'The card was declined by the bank'],
    ['4000000000000069', 'expired_card', 'expired_card', 'The card has expired'],
    ['4000000000000127', 'incorrect_cvc', 'incorrect_cvc', 'The security code is incorrect'],
    [
      '4000000000000119',
      'processing_error',
      'processing_error',
      'An error occurred while processing the card',
    ],
    [
      '4000002500003155',
      'authentication_required',
      'authentication_required',
      'The payment requires authentication',
    ],
  ])('%s is declined with %s / %s', (number, code, decline_code, message) => {
    const result = failed(pay(number));
    expect(result).toMatchObject({ code, decline_code, message, outcome_type: 'issuer_declined' });
    expect(result.card?.last4).toBe(number.slice(-4));
  });

  it('stores the reason whose words the timeline shows', () => {
    expect(failed(pay('4000000000009995')).failure_reason).toBe('insufficient_funds');
    expect(failed(pay('4000000000009987')).failure_reason).toBe('card_declined');
  });

  it('declines 4000000000000127 even without a CVC, with the check unchecked', () => {
    const result = failed(pay('4000000000000127', { cvc: undefined }));
    expect(result.code).toBe('incorrect_cvc');
    expect(result.card?.checks.cvc_check).toBe('unchecked');
  });

  it('reports a failed CVC check on 4000000000000127 when a CVC was sent', () => {
    expect(failed(pay('4000000000000127')).card?.checks.cvc_check).toBe('fail');
  });
});

describe('resolveCard: checks and risk', () => {
  it('4000000000000010 succeeds with both address checks failed: an AVS mismatch', () => {
    const result = succeeded(pay('4000000000000010'));
    expect(result.card.checks).toEqual({
      cvc_check: 'pass',
      address_line1_check: 'fail',
      address_postal_code_check: 'fail',
    });
    expect(result.scripted.avs_mismatch).toBe(true);
  });

  it.each([
    ['4000000000000028', 'fail', 'pass', true],
    ['4000000000000036', 'pass', 'fail', true],
    ['4000000000000044', 'unavailable', 'unavailable', false],
  ])('%s: street %s, postal code %s, AVS mismatch %s', (number, line1, postal, mismatch) => {
    const result = succeeded(pay(number));
    expect(result.card.checks.address_line1_check).toBe(line1);
    expect(result.card.checks.address_postal_code_check).toBe(postal);
    expect(result.scripted.avs_mismatch).toBe(mismatch);
  });

  it('4000000000000101 with a CVC is blocked: the CVC check failed', () => {
    const result = failed(pay('4000000000000101'));
    expect(result).toMatchObject({
      code: 'incorrect_cvc',
      decline_code: 'incorrect_cvc',
      message: 'The security code is incorrect',
      outcome_type: 'blocked',
    });
    expect(result.card?.checks.cvc_check).toBe('fail');
  });

  it('4000000000000101 without a CVC (in person) succeeds, nothing having been checked', () => {
    const result = succeeded(pay('4000000000000101', { cvc: undefined }));
    expect(result.card.checks.cvc_check).toBe('unchecked');
  });

  it('4000000000009235 succeeds with elevated risk and 4000000000004954 with the highest', () => {
    expect(succeeded(pay('4000000000009235')).risk_level).toBe(1);
    expect(succeeded(pay('4000000000004954')).risk_level).toBe(2);
  });
});

describe('resolveCard: disputes and refunds', () => {
  it.each([
    ['4000000000000259', { reason: 'fraudulent', inquiry: false }],
    ['4000000000002685', { reason: 'product_not_received', inquiry: false }],
    ['4000000000001976', { reason: 'fraudulent', inquiry: true }],
  ])('%s succeeds and scripts a dispute %j', (number, dispute) => {
    const result = succeeded(pay(number));
    expect(result.scripted.dispute).toEqual(dispute);
    expect(result.scripted.refunds_fail).toBe(false);
  });

  it('4000000000005126 succeeds, but its refunds fail: expired or canceled card', () => {
    const result = succeeded(pay('4000000000005126'));
    expect(result.scripted).toEqual({
      refunds_fail: true,
      refund_failure_reason: 'expired_or_canceled_card',
      avs_mismatch: false,
    });
  });

  it('returns a copy of the scripted dispute, so callers cannot change the table', () => {
    const result = succeeded(pay('4000000000000259'));
    result.scripted.dispute!.inquiry = true;
    expect(succeeded(pay('4000000000000259')).scripted.dispute?.inquiry).toBe(false);
  });
});

describe('resolveCard: international cards and funding', () => {
  it.each([
    ['4000000760000002', 'BR'],
    ['4000001240000000', 'CA'],
    ['4000002500000003', 'FR'],
    ['4000002760000016', 'DE'],
    ['4000008260000000', 'GB'],
    ['4000003920000003', 'JP'],
    ['4000000360000006', 'AU'],
  ])('%s is issued in %s', (number, country) => {
    expect(succeeded(pay(number)).card.country).toBe(country);
  });

  it.each([
    ['4000056655665556', 'visa', 'debit'],
    ['5200828282828210', 'mastercard', 'debit'],
    ['5105105105105100', 'mastercard', 'prepaid'],
  ])('%s is a %s %s card', (number, brand, funding) => {
    expect(succeeded(pay(number)).card).toMatchObject({ brand, funding });
  });
});

describe('resolveCard: input validation', () => {
  it.each([
    ['4242 4242 4242 4242 x', 'invalid_number', 'The card number is invalid'],
    ['', 'invalid_number', 'The card number is invalid'],
    ['42424242424', 'invalid_number', 'The card number is invalid'],
    ['42424242424242424242', 'invalid_number', 'The card number is invalid'],
    ['4'.repeat(65), 'invalid_number', 'The card number is invalid'],
    ['4242424242424241', 'incorrect_number', 'The card number is incorrect'],
  ])('number %j fails with %s', (number, code, message) => {
    const result = failed(pay(number));
    expect(result).toMatchObject({ code, message, outcome_type: 'invalid' });
    expect(result.card).toBeUndefined();
    expect(result.decline_code).toBeUndefined();
  });

  it('fails any Luhn-invalid number with incorrect_number', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 11, maxLength: 18 }),
        fc.integer({ min: 1, max: 9 }),
        (payload, delta) => {
          const wrong = (Number(luhnCheckDigit(payload)) + delta) % 10;
          expect(failed(pay(`${payload}${wrong}`)).code).toBe('incorrect_number');
        },
      ),
    );
  });

  it.each([0, 13, -1, 1.5, '', '1a', '013', 'twelve', Number.NaN])(
    'month %j is invalid_expiry_month',
    (month) => {
      expect(failed(pay('4242424242424242', { exp_month: month })).code).toBe('invalid_expiry_month');
    },
  );

  it.each([1, 12, '1', '01', '12'])('month %j is accepted', (month) => {
    expect(pay('4242424242424242', { exp_month: month }).ok).toBe(true);
  });

  it.each([
    [30, 2030],
    ['30', 2030],
    [2031, 2031],
    ['2031', 2031],
    [26, 2026],
    [2076, 2076],
  ])('year %j means %i', (year, expected) => {
    expect(succeeded(pay('4242424242424242', { exp_year: year })).card.exp_year).toBe(expected);
  });

  it.each([
    ['203', 'three digits'],
    ['20301', 'five digits'],
    [100, 'three digits as a number'],
    [20301, 'five digits as a number'],
    [2030.5, 'a fraction'],
    ['', 'empty'],
    ['ab', 'letters'],
    [2077, 'more than 50 years ahead'],
  ])('year %j (%s) is invalid_expiry_year', (year, _why) => {
    const result = failed(pay('4242424242424242', { exp_year: year }));
    expect(result).toMatchObject({ code: 'invalid_expiry_year', message: 'The expiration year is invalid' });
  });

  it.each(['', '12', '12345', 'abc', '12a', ' 123'])('CVC %j is invalid_cvc', (cvc) => {
    const result = failed(pay('4242424242424242', { cvc }));
    expect(result).toMatchObject({ code: 'invalid_cvc', message: 'The security code is invalid' });
  });

  it('reports the number before the expiry and the expiry before the CVC', () => {
    const everythingWrong = { number: '4242424242424241', exp_month: 13, exp_year: '2', cvc: 'x' };
    expect(failed(resolveCard(everythingWrong, NOW)).code).toBe('incorrect_number');
    expect(failed(resolveCard({ ...everythingWrong, number: '4242424242424242' }, NOW)).code).toBe(
      'invalid_expiry_month',
    );
    expect(
      failed(resolveCard({ ...everythingWrong, number: '4242424242424242', exp_month: 1 }, NOW)).code,
    ).toBe('invalid_expiry_year');
  });

  it('refuses an invalid clock', () => {
    expect(() => resolveCard({ number: '4242424242424242', ...valid }, new Date(Number.NaN))).toThrow(
      /Assertion failed/,
    );
  });
});

describe('resolveCard: expiry', () => {
  it('accepts a card through the last day of its expiry month', () => {
    expect(pay('4242424242424242', { exp_month: 11, exp_year: 2026 }).ok).toBe(true);
    const lastMoment = new Date('2026-11-30T23:59:59.999Z');
    expect(
      resolveCard({ number: '4242424242424242', ...valid, exp_month: 11, exp_year: 2026 }, lastMoment).ok,
    ).toBe(true);
  });

  it.each([
    [10, 2026],
    [12, 2025],
    [1, 2000],
    [12, 1999],
  ])('%i/%i has expired', (exp_month, exp_year) => {
    const result = failed(pay('4242424242424242', { exp_month, exp_year }));
    expect(result).toMatchObject({
      code: 'expired_card',
      message: 'The card has expired',
      outcome_type: 'invalid',
    });
    expect(result.card?.checks).toEqual({
      cvc_check: 'unchecked',
      address_line1_check: 'unchecked',
      address_postal_code_check: 'unchecked',
    });
  });

  it('expires at the turn of the month in UTC', () => {
    const nextMonth = new Date('2026-12-01T00:00:00Z');
    const card = { number: '4242424242424242', ...valid, exp_month: 11, exp_year: 2026 };
    expect(failed(resolveCard(card, nextMonth)).code).toBe('expired_card');
  });

  it('reads a past expiry before the scripted outcome of a test card', () => {
    expect(failed(pay('4000000000000002', { exp_year: 2020 })).code).toBe('expired_card');
  });
});

describe('card fingerprint', () => {
  it('is the same for the same number however it is typed, and 16 hex characters', () => {
    const plain = succeeded(pay('4242424242424242')).card.fingerprint;
    expect(plain).toMatch(/^[0-9a-f]{16}$/);
    expect(succeeded(pay('4242 4242 4242 4242', { exp_year: 2031, cvc: '999' })).card.fingerprint).toBe(
      plain,
    );
  });

  it('differs between numbers and never contains the number', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 15, maxLength: 15 }),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 15, maxLength: 15 }),
        (a, b) => {
          fc.pre(a !== b);
          const first = succeeded(pay(`${a}${luhnCheckDigit(a)}`)).card.fingerprint;
          const second = succeeded(pay(`${b}${luhnCheckDigit(b)}`)).card.fingerprint;
          expect(first).not.toBe(second);
          expect(first).not.toContain(a.slice(0, 12));
        },
      ),
    );
  });
});
