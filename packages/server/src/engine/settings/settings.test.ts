import { PAYMENT_METHOD_IDS, SETTINGS_FIELD_ERRORS } from '@paydesk/domain';
import { describe, expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { makeUser } from '../../testing/app.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { SETTINGS_URL, settingsApi } from '../../testing/settings.ts';
import { defaultStatementDescriptor } from './stored.ts';

/** Every field the settings page sends, with values other than the defaults. */
const EDITED = {
  enabled_payment_method_ids: ['card', 'sepa_debit', 'ideal'],
  is_wcpay_enabled: true,
  account_statement_descriptor: 'PAYDESK SHOP',
  account_statement_descriptor_kanji: 'ペイデスク',
  account_statement_descriptor_kana: 'ペイデスク',
  account_business_name: 'Paydesk Shop',
  account_business_url: 'https://shop.example.test/about',
  account_business_support_address: {
    country: 'US',
    line1: '1 Main St',
    line2: 'Suite 2',
    city: 'Springfield',
    state: 'IL',
    postal_code: '62701',
  },
  account_business_support_email: 'help@shop.example.test',
  account_business_support_phone: '+1 555 123 4567',
  account_branding_logo: '',
  deposit_schedule_interval: 'monthly',
  deposit_schedule_weekly_anchor: null,
  deposit_schedule_monthly_anchor: 15,
  deposit_delay_days: 3,
  is_manual_capture_enabled: false,
  is_test_mode_enabled: true,
  is_payment_request_enabled: false,
  is_debug_log_enabled: true,
  is_multi_currency_enabled: true,
  is_saved_cards_enabled: false,
  payment_request_enabled_locations: ['cart'],
  payment_request_button_type: 'buy',
  payment_request_button_size: 'large',
  payment_request_button_theme: 'light-outline',
  payment_request_button_border_radius: 12,
  current_protection_level: 'basic',
  advanced_fraud_protection_settings: [],
};

/** Each field with a value it must refuse, and the reason the field names. */
const REFUSED: [string, unknown, string | RegExp][] = [
  ['account_statement_descriptor', 'ABCD', SETTINGS_FIELD_ERRORS.descriptorLength],
  ['account_statement_descriptor', 'A'.repeat(23), SETTINGS_FIELD_ERRORS.tooLong],
  ['account_statement_descriptor', '123456', SETTINGS_FIELD_ERRORS.descriptorLetter],
  ['account_statement_descriptor', 'Shop <b>', SETTINGS_FIELD_ERRORS.descriptorCharacters],
  ['account_statement_descriptor', "Bob's shop", SETTINGS_FIELD_ERRORS.descriptorCharacters],
  ['account_statement_descriptor', 'Shop "one"', SETTINGS_FIELD_ERRORS.descriptorCharacters],
  ['account_statement_descriptor', 'Shop *one', SETTINGS_FIELD_ERRORS.descriptorCharacters],
  ['account_statement_descriptor', 'Shop \\one', SETTINGS_FIELD_ERRORS.descriptorCharacters],
  ['account_statement_descriptor_kanji', '漢'.repeat(18), SETTINGS_FIELD_ERRORS.tooLong],
  ['account_statement_descriptor_kana', 'かな', SETTINGS_FIELD_ERRORS.kanaCharacters],
  ['account_business_name', 'x'.repeat(201), SETTINGS_FIELD_ERRORS.tooLong],
  ['account_business_url', 'shop.example.test', SETTINGS_FIELD_ERRORS.url],
  ['account_business_url', 'javascript:alert(1)', SETTINGS_FIELD_ERRORS.url],
  ['account_business_support_email', 'not-an-address', SETTINGS_FIELD_ERRORS.email],
  ['account_business_support_email', 'a@b', SETTINGS_FIELD_ERRORS.email],
  ['account_business_support_phone', '12345', SETTINGS_FIELD_ERRORS.phone],
  ['account_business_support_phone', 'call me', SETTINGS_FIELD_ERRORS.phone],
  ['account_branding_logo', 'https://evil.example/logo.png', /file id/],
  ['deposit_schedule_interval', 'hourly', /./],
  ['deposit_schedule_weekly_anchor', 'someday', /./],
  ['deposit_schedule_monthly_anchor', 0, SETTINGS_FIELD_ERRORS.monthlyAnchor],
  ['deposit_schedule_monthly_anchor', 32, SETTINGS_FIELD_ERRORS.monthlyAnchor],
  ['deposit_schedule_monthly_anchor', 'x', SETTINGS_FIELD_ERRORS.monthlyAnchor],
  ['deposit_schedule_monthly_anchor', 1.5, SETTINGS_FIELD_ERRORS.monthlyAnchor],
  ['deposit_delay_days', 1, SETTINGS_FIELD_ERRORS.delayDays],
  ['deposit_delay_days', 31, SETTINGS_FIELD_ERRORS.delayDays],
  ['deposit_delay_days', '7', /./],
  ['payment_request_enabled_locations', ['everywhere'], /./],
  ['payment_request_button_type', 'pay', /./],
  ['payment_request_button_size', 'huge', /./],
  ['payment_request_button_theme', 'pink', /./],
  ['payment_request_button_border_radius', -1, SETTINGS_FIELD_ERRORS.borderRadius],
  ['payment_request_button_border_radius', 31, SETTINGS_FIELD_ERRORS.borderRadius],
  ['payment_request_button_border_radius', 2.5, SETTINGS_FIELD_ERRORS.borderRadius],
  ['enabled_payment_method_ids', ['card', 'bitcoin'], SETTINGS_FIELD_ERRORS.unknownMethod],
  ['enabled_payment_method_ids', ['sepa_debit'], SETTINGS_FIELD_ERRORS.cardRequired],
  ['is_debug_log_enabled', 'yes', /./],
];

describeEachDatabase('settings API (the whole object)', (use) => {
  const api = testApi(use, { account: { enabledMethods: ['card'] } });

  const read = () => api.get(SETTINGS_URL);
  const { save } = settingsApi(
    () => api.app,
    () => api.admin.basic,
  );

  it('answers the whole settings object with its defaults', async () => {
    const res = await read();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      enabled_payment_method_ids: ['card'],
      available_payment_method_ids: [...PAYMENT_METHOD_IDS],
      duplicated_payment_method_ids: [],
      account_statement_descriptor: 'Test Store',
      account_business_name: 'Test Store',
      account_domestic_currency: 'usd',
      account_country: 'US',
      deposit_schedule_interval: 'daily',
      deposit_schedule_monthly_anchor: null,
      deposit_delay_days: 7,
      deposit_status: expect.any(String),
      deposit_restrictions: 'deposits_unrestricted',
      is_manual_capture_enabled: false,
      is_test_mode_enabled: true,
      is_test_mode_onboarding: true,
      is_saved_cards_enabled: true,
      payment_request_button_border_radius: 4,
      current_protection_level: 'basic',
    });
    expect(body.payment_method_statuses.card).toEqual({ status: 'active', requirements: [] });
    expect(Object.keys(body.payment_method_statuses).sort()).toEqual([...PAYMENT_METHOD_IDS].sort());
  });

  it('saves every field and answers them with the method statuses', async () => {
    const res = await save(EDITED);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject(EDITED);
    expect(res.json().payment_method_statuses.sepa_debit.status).toBe('active');
    const again = (await read()).json();
    expect(again).toMatchObject(EDITED);
  });

  it('turns an empty monthly anchor into null and a numeric text into a number', async () => {
    const weekly = await save({
      deposit_schedule_interval: 'weekly',
      deposit_schedule_weekly_anchor: 'friday',
      deposit_schedule_monthly_anchor: '',
    });
    expect(weekly.statusCode).toBe(200);
    expect(weekly.json()).toMatchObject({
      deposit_schedule_interval: 'weekly',
      deposit_schedule_weekly_anchor: 'friday',
      deposit_schedule_monthly_anchor: null,
    });
    const monthly = await save({
      deposit_schedule_interval: 'monthly',
      deposit_schedule_monthly_anchor: '28',
    });
    expect(monthly.json().deposit_schedule_monthly_anchor).toBe(28);
  });

  it('refuses a schedule without the anchor its interval needs', async () => {
    const res = await save({ deposit_schedule_interval: 'weekly', deposit_schedule_weekly_anchor: null });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.params).toEqual({
      deposit_schedule_weekly_anchor: SETTINGS_FIELD_ERRORS.weeklyAnchorRequired,
    });
    const monthly = await save({ deposit_schedule_interval: 'monthly', deposit_schedule_monthly_anchor: '' });
    expect(monthly.json().data.params).toEqual({
      deposit_schedule_monthly_anchor: SETTINGS_FIELD_ERRORS.monthlyAnchorRequired,
    });
  });

  describe('refuses each bad field by name, saving nothing', () => {
    it.each(REFUSED)('%s = %j', async (field, value, reason) => {
      const before = (await read()).json();
      const res = await save({ ...EDITED, account_business_name: 'Changed Name', [field]: value });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('rest_invalid_param');
      const params = res.json().data.params as Record<string, string>;
      // A bad item of a list is named by its place, as `field.0`.
      const [name, ...others] = Object.keys(params);
      expect(others).toEqual([]);
      expect(name === field || name?.startsWith(`${field}.`)).toBe(true);
      const message = params[name as string];
      if (typeof reason === 'string') expect(message).toContain(reason);
      else expect(message).toMatch(reason);
      expect((await read()).json()).toEqual(before);
    });
  });

  it('names every bad field of one request', async () => {
    const res = await save({
      ...EDITED,
      account_statement_descriptor: 'ab',
      account_business_support_email: 'nope',
      deposit_delay_days: 99,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().data.params).sort()).toEqual([
      'account_business_support_email',
      'account_statement_descriptor',
      'deposit_delay_days',
    ]);
  });

  it('refuses read-only and unknown fields', async () => {
    for (const field of ['payment_method_statuses', 'account_domestic_currency', 'deposit_status', 'nope']) {
      const res = await save({ [field]: 'x' });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().data.params)).toEqual([field]);
    }
  });

  it('requires manage_woocommerce', async () => {
    const customer = await makeUser(use(), 'customer');
    const res = await api.app.inject({
      method: 'GET',
      url: SETTINGS_URL,
      headers: { authorization: customer.basic },
    });
    expect(res.statusCode).toBe(403);
  });
});

describeEachDatabase('settings honoured by checkout', (use) => {
  const api = testApi(use, { account: { enabledMethods: ['card'] } });

  const { save } = settingsApi(
    () => api.app,
    () => api.admin.basic,
  );
  const sepa = () =>
    cardCheckout('4242424242424242', {
      currency: 'eur',
      payment_method_data: { type: 'sepa_debit' },
    });

  it('refuses a checkout with a method the store has not enabled, and takes it once enabled', async () => {
    const refused = await api.checkout(sepa());
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.params).toEqual({
      'payment_method_data.type': 'This payment method is not enabled on this store.',
    });
    expect(await use().db.selectFrom('payment_intents').select('id').execute()).toEqual([]);

    expect((await save({ enabled_payment_method_ids: ['card', 'sepa_debit'] })).statusCode).toBe(200);
    const taken = await api.checkout(sepa());
    expect(taken.statusCode).toBe(200);
  });

  it('authorizes card payments only while manual capture is on', async () => {
    await save({ is_manual_capture_enabled: true });
    const held = await api.checkout(cardCheckout());
    expect(held.json().status).toBe('requires_capture');
    const intent = await use()
      .db.selectFrom('payment_intents')
      .select('capture_method')
      .where('id', '=', held.json().id)
      .executeTakeFirstOrThrow();
    expect(intent.capture_method).toBe('manual');

    await save({ is_manual_capture_enabled: false });
    const captured = await api.checkout(cardCheckout());
    expect(captured.json().status).toBe('succeeded');
  });

  it('puts the saved statement descriptor on new charges', async () => {
    await save({ account_statement_descriptor: 'NEW DESCRIPTOR' });
    const res = await api.checkout(cardCheckout());
    const charge = await use()
      .db.selectFrom('charges')
      .select('statement_descriptor')
      .where('id', '=', res.json().charge.id)
      .executeTakeFirstOrThrow();
    expect(charge.statement_descriptor).toBe('NEW DESCRIPTOR');
  });

  it('makes captured funds available after the saved delay', async () => {
    await save({ deposit_delay_days: 3 });
    const res = await api.checkout(cardCheckout());
    const row = await use()
      .db.selectFrom('balance_transactions')
      .select(['created_at', 'available_on'])
      .where('source_id', '=', res.json().charge.id)
      .executeTakeFirstOrThrow();
    const days = (new Date(row.available_on).getTime() - new Date(row.created_at).getTime()) / 86_400_000;
    expect(days).toBe(3);
  });
});

describe('defaultStatementDescriptor', () => {
  it('cleans the business name, and falls back when it cannot be a descriptor', () => {
    expect(defaultStatementDescriptor('Bob\'s "Best" <Shop>')).toBe('Bobs Best Shop');
    expect(defaultStatementDescriptor('A very long business name indeed')).toBe('A very long business n');
    expect(defaultStatementDescriptor('1234')).toBe('Online store');
  });
});
