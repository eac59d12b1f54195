import { describe, expect, it } from 'vitest';
import { declineMessage, declineReasonKey } from './declines.ts';

describe('declineMessage', () => {
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
  ])('%s reads %j', (reason, message) => {
    expect(declineMessage(reason)).toBe(message);
  });

  it.each(['payment_declined', 'lost_card', '', 'toString', '__proto__', null, undefined])(
    'falls back to the default for %j',
    (reason) => {
      expect(declineMessage(reason)).toBe('The payment was declined');
    },
  );
});

describe('declineReasonKey', () => {
  it('prefers a decline code the timeline has words for', () => {
    expect(declineReasonKey('card_declined', 'insufficient_funds')).toBe('insufficient_funds');
  });

  it('keeps the error code when the decline code has no words of its own', () => {
    expect(declineReasonKey('card_declined', 'lost_card')).toBe('card_declined');
    expect(declineReasonKey('card_declined', 'generic_decline')).toBe('card_declined');
    expect(declineReasonKey('card_declined')).toBe('card_declined');
    expect(declineReasonKey('payment_declined')).toBe('payment_declined');
  });
});
