import { describe, expect, it } from 'vitest';
import { paymentMethodStatus } from '../payments/methods.ts';
import {
  businessUrlError,
  kanaDescriptorError,
  normaliseMonthlyAnchor,
  SETTINGS_FIELD_ERRORS,
  scheduleAnchorErrors,
  settingsFormErrors,
  statementDescriptorError,
  supportEmailError,
  supportPhoneError,
} from './rules.ts';

describe('statementDescriptorError', () => {
  it.each([
    ['Shop', SETTINGS_FIELD_ERRORS.descriptorLength],
    ['S'.repeat(23), SETTINGS_FIELD_ERRORS.descriptorLength],
    ['12345', SETTINGS_FIELD_ERRORS.descriptorLetter],
    ['Shop>1', SETTINGS_FIELD_ERRORS.descriptorCharacters],
    ['Shop*1', SETTINGS_FIELD_ERRORS.descriptorCharacters],
    ['Shop 1', null],
    ['S'.repeat(22), null],
    ['Café 24', null],
  ])('%j → %j', (value, reason) => {
    expect(statementDescriptorError(value)).toBe(reason);
  });
});

describe('contact formats', () => {
  it('accepts empty values and refuses malformed ones', () => {
    expect(supportEmailError('')).toBeNull();
    expect(supportEmailError('help@shop.test')).toBeNull();
    expect(supportEmailError('help@shop')).toBe(SETTINGS_FIELD_ERRORS.email);
    expect(businessUrlError('https://shop.test/a?b')).toBeNull();
    expect(businessUrlError('http://localhost:8080')).toBeNull();
    expect(businessUrlError('ftp://shop.test')).toBe(SETTINGS_FIELD_ERRORS.url);
    expect(supportPhoneError('+44 (20) 7946-0958')).toBeNull();
    expect(supportPhoneError('123456')).toBe(SETTINGS_FIELD_ERRORS.phone);
    expect(supportPhoneError('+1 2345 6789 0123 4567')).toBe(SETTINGS_FIELD_ERRORS.phone);
    expect(kanaDescriptorError('ﾍﾟｲﾃﾞｽｸ SHOP')).toBeNull();
    expect(kanaDescriptorError('ぺいです')).toBe(SETTINGS_FIELD_ERRORS.kanaCharacters);
  });
});

describe('payout schedule', () => {
  it('turns an empty monthly anchor into null', () => {
    expect(normaliseMonthlyAnchor('')).toBeNull();
    expect(normaliseMonthlyAnchor(null)).toBeNull();
    expect(normaliseMonthlyAnchor('12')).toBe(12);
    expect(normaliseMonthlyAnchor(3)).toBe(3);
  });
  it('asks for the anchor the interval uses, and only that one', () => {
    expect(scheduleAnchorErrors({ interval: 'weekly', weekly_anchor: null, monthly_anchor: null })).toEqual({
      deposit_schedule_weekly_anchor: SETTINGS_FIELD_ERRORS.weeklyAnchorRequired,
    });
    expect(
      scheduleAnchorErrors({ interval: 'monthly', weekly_anchor: 'monday', monthly_anchor: null }),
    ).toEqual({
      deposit_schedule_monthly_anchor: SETTINGS_FIELD_ERRORS.monthlyAnchorRequired,
    });
    expect(scheduleAnchorErrors({ interval: 'daily', weekly_anchor: null, monthly_anchor: null })).toEqual(
      {},
    );
  });
});

describe('paymentMethodStatus', () => {
  const ready = {
    payments_enabled: true,
    progressive_onboarding: { isEnabled: false, isComplete: false },
    currently_due: [] as string[],
  };
  it('derives each status from the account', () => {
    expect(paymentMethodStatus('sepa_debit', { ...ready, payments_enabled: false }).status).toBe('inactive');
    expect(paymentMethodStatus('card', { ...ready, currently_due: ['company.tax_id'] }).status).toBe(
      'active',
    );
    expect(paymentMethodStatus('sepa_debit', { ...ready, currently_due: ['company.tax_id'] })).toEqual({
      status: 'pending_verification',
      requirements: ['company.tax_id'],
    });
    expect(
      paymentMethodStatus('klarna', {
        ...ready,
        progressive_onboarding: { isEnabled: true, isComplete: false },
      }),
    ).toEqual({ status: 'pending', requirements: [] });
    expect(paymentMethodStatus('klarna', ready).status).toBe('active');
  });
});

describe('settingsFormErrors', () => {
  const valid = {
    account_statement_descriptor: 'Shop 1',
    account_statement_descriptor_kanji: '',
    account_statement_descriptor_kana: '',
    account_business_url: '',
    account_business_support_email: '',
    account_business_support_phone: '',
    deposit_schedule_interval: 'daily' as const,
    deposit_schedule_weekly_anchor: null,
    deposit_schedule_monthly_anchor: null,
    deposit_delay_days: 7,
    payment_request_button_border_radius: 4,
  };

  it('finds nothing wrong with a valid form', () => {
    expect(settingsFormErrors(valid)).toEqual({});
  });

  it("names every refused field with its rule's reason, the schedule's anchor included", () => {
    expect(
      settingsFormErrors({
        ...valid,
        account_statement_descriptor: 'Shop',
        deposit_schedule_interval: 'weekly',
      }),
    ).toEqual({
      account_statement_descriptor: SETTINGS_FIELD_ERRORS.descriptorLength,
      deposit_schedule_weekly_anchor: SETTINGS_FIELD_ERRORS.weeklyAnchorRequired,
    });
  });
});
