import { describe, expect, it } from 'vitest';
import {
  AUTHORIZATION_SUCCESS_MESSAGES,
  authorizationFailureMessage,
  authorizationFailureReason,
  CARD_FUNDING_VALUES,
  cardFundingLabel,
  checkResultLabel,
  fillTemplate,
  isTapToPay,
  PAYMENT_METHOD_LABELS,
  paymentMethodLabel,
  REFUND_MESSAGES,
  refundFailureReason,
  TIMELINE_FAILURE_REASONS,
  timelineFailureReason,
} from './messages.ts';
import { PAYMENT_METHOD_IDS } from './methods.ts';

describe('fillTemplate', () => {
  it('fills %s in order and %1$s by position', () => {
    expect(fillTemplate('a %s b %s', 1, 'x')).toBe('a 1 b x');
    expect(fillTemplate('%2$s then %1$s', 'one', 'two')).toBe('two then one');
    expect(fillTemplate(REFUND_MESSAGES.success, 42)).toBe('Refunded payment #42.');
    expect(fillTemplate(AUTHORIZATION_SUCCESS_MESSAGES.capture, '1001')).toBe(
      'Payment for order #1001 captured successfully.',
    );
  });

  it('leaves missing arguments empty', () => {
    expect(fillTemplate('a %s b %s', 1)).toBe('a 1 b ');
  });
});

describe('timelineFailureReason', () => {
  it.each([
    ['card_declined', 'The card was declined by the bank'],
    ['expired_card', 'The card has expired'],
    ['incorrect_cvc', 'The security code is incorrect'],
    ['incorrect_number', 'The card number is incorrect'],
    ['incorrect_zip', 'The postal code is incorrect'],
    ['invalid_cvc', 'The security code is invalid'],
    ['invalid_expiry_month', 'The expiration month is invalid'],
    ['invalid_expiry_year', 'The expiration year is invalid'],
    ['invalid_number', 'The card number is invalid'],
    ['processing_error', 'An error occurred while processing the card'],
    ['authentication_required', 'The payment requires authentication'],
    ['insufficient_funds', 'The card has insufficient funds to complete the purchase'],
  ])('%s reads %j', (code, reason) => {
    expect(timelineFailureReason(code)).toBe(reason);
  });

  it.each(['do_not_honor', '', null, undefined, 'toString', '__proto__'])('falls back for %j', (code) => {
    expect(timelineFailureReason(code)).toBe('The payment was declined');
  });

  it('covers the twelve decline codes with a reason of their own', () => {
    expect(Object.keys(TIMELINE_FAILURE_REASONS)).toHaveLength(12);
  });
});

describe('refundFailureReason', () => {
  it.each([
    ['expired_or_canceled_card', 'the card being expired or canceled.'],
    ['lost_or_stolen_card', 'the card being lost or stolen.'],
    ['unknown', 'the card being lost or stolen.'],
    ['something_else', 'the card being lost or stolen.'],
    [null, 'the card being lost or stolen.'],
  ])('%j reads %j', (code, reason) => {
    expect(refundFailureReason(code)).toBe(reason);
  });
});

describe('authorizationFailureReason', () => {
  it.each([
    ['wcpay_missing_order', 'The order could not be found.'],
    [
      'wcpay_refunded_order_uncapturable',
      'Payment cannot be processed for partially or fully refunded orders.',
    ],
    ['wcpay_intent_order_mismatch', 'The payment cannot be processed due to a mismatch with order details.'],
    ['wcpay_payment_uncapturable', 'This payment cannot be processed in its current state.'],
    ['wcpay_cancel_error', 'The payment cancellation failed to complete.'],
    ['wcpay_server_error', 'An unexpected error occurred. Please try again later.'],
    ['wcpay_capture_error', 'The payment capture failed to complete.'],
    ['something_new', 'Unable to process the payment. Please try again later.'],
    ['constructor', 'Unable to process the payment. Please try again later.'],
  ])('%s reads %j', (code, reason) => {
    expect(authorizationFailureReason({ code })).toBe(reason);
  });

  it('names the minimum amount in major units and the uppercase currency', () => {
    const error = {
      code: 'wcpay_capture_error',
      error_type: 'amount_too_small',
      minimum_amount: 50,
      currency: 'usd',
    };
    expect(authorizationFailureReason(error)).toBe('The minimum amount that can be processed is 0.50 USD.');
    expect(authorizationFailureReason({ ...error, minimum_amount: 50, currency: 'jpy' })).toBe(
      'The minimum amount that can be processed is 50 JPY.',
    );
  });

  it.each([
    ['no amount', { minimum_amount: null }],
    ['no currency', { currency: null }],
    ['an empty currency', { currency: '' }],
    ['a fractional amount', { minimum_amount: 0.5 }],
  ])('says the amount is too small with %s', (_name, overrides) => {
    const error = {
      code: 'wcpay_capture_error',
      error_type: 'amount_too_small',
      minimum_amount: 50,
      currency: 'usd',
      ...overrides,
    };
    expect(authorizationFailureReason(error)).toBe('The payment amount is too small to be processed.');
  });

  it('ignores amount details on other capture errors', () => {
    expect(
      authorizationFailureReason({
        code: 'wcpay_capture_error',
        error_type: 'other',
        minimum_amount: 50,
        currency: 'usd',
      }),
    ).toBe('The payment capture failed to complete.');
  });
});

describe('authorizationFailureMessage', () => {
  it('joins the action prefix and the reason', () => {
    expect(
      authorizationFailureMessage('capture', 123, {
        code: 'wcpay_capture_error',
        error_type: 'amount_too_small',
        minimum_amount: 50,
        currency: 'USD',
      }),
    ).toBe(
      'There has been an error capturing the payment for order #123. The minimum amount that can be processed is 0.50 USD.',
    );
    expect(authorizationFailureMessage('cancel', '77', { code: 'wcpay_cancel_error' })).toBe(
      'There has been an error canceling the payment for order #77. The payment cancellation failed to complete.',
    );
  });
});

describe('checkResultLabel', () => {
  it.each([
    ['pass', 'Passed'],
    ['fail', 'Failed'],
    ['unavailable', 'Unavailable'],
    ['unchecked', 'Not checked'],
    [null, 'Not checked'],
    [undefined, 'Not checked'],
    ['PASS', 'Not checked'],
  ])('%j is %s', (result, label) => {
    expect(checkResultLabel(result)).toBe(label);
  });
});

describe('cardFundingLabel', () => {
  it('labels every funding value and falls back to Unknown', () => {
    for (const funding of CARD_FUNDING_VALUES) expect(cardFundingLabel(funding)).toMatch(/^[A-Z][a-z]+$/);
    expect(cardFundingLabel('credit')).toBe('Credit');
    expect(cardFundingLabel(null)).toBe('Unknown');
    expect(cardFundingLabel('charge_card')).toBe('Unknown');
    expect(cardFundingLabel('toString')).toBe('Unknown');
  });
});

describe('paymentMethodLabel', () => {
  it('calls afterpay_clearpay Clearpay for GB accounts only', () => {
    expect(paymentMethodLabel('afterpay_clearpay', 'GB')).toBe('Clearpay');
    expect(paymentMethodLabel('afterpay_clearpay', 'gb')).toBe('Clearpay');
    expect(paymentMethodLabel('afterpay_clearpay', 'US')).toBe('Afterpay');
    expect(paymentMethodLabel('afterpay_clearpay')).toBe('Afterpay');
  });

  it('labels every catalogue method, card_present, link and card brands', () => {
    for (const id of [...PAYMENT_METHOD_IDS, 'card_present', 'link', 'visa', 'mastercard', 'amex']) {
      expect(Object.hasOwn(PAYMENT_METHOD_LABELS, id)).toBe(true);
    }
    expect(paymentMethodLabel('giropay')).toBe('giropay');
    expect(paymentMethodLabel('ideal')).toBe('iDEAL');
  });

  it('shows unknown ids as they are', () => {
    expect(paymentMethodLabel('boleto')).toBe('boleto');
    expect(paymentMethodLabel('constructor')).toBe('constructor');
  });
});

describe('isTapToPay', () => {
  it('recognises the COTS_DEVICE reader model', () => {
    expect(isTapToPay('COTS_DEVICE')).toBe(true);
    expect(isTapToPay('BBPOS_WISEPOS_E')).toBe(false);
    expect(isTapToPay(null)).toBe(false);
  });
});
