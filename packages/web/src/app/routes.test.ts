import { multiCurrencySettingsUrl, paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import { DISPUTE_CHALLENGE_PATH } from '@paydesk/domain/disputes/paths';
import { MULTI_CURRENCY_SETUP_PATH } from '@paydesk/domain/multi-currency/paths';
import { PAYMENT_METHODS_WIZARD_PATH } from '@paydesk/domain/payments/paths';
import { expect, it } from 'vitest';
import { findRoute, routeKeyOf } from './routes.ts';

it('registers the dispute challenge page at the path its links use', () => {
  expect(findRoute(DISPUTE_CHALLENGE_PATH)?.path).toBe(DISPUTE_CHALLENGE_PATH);
});

it('registers the payment-methods setup wizard at the path its links use', () => {
  expect(findRoute(PAYMENT_METHODS_WIZARD_PATH)?.path).toBe('/payments/additional-payment-methods');
});

it('registers the multi-currency wizard, and opens the multi-currency settings tab by its address', () => {
  expect(findRoute(MULTI_CURRENCY_SETUP_PATH)?.path).toBe('/payments/multi-currency-setup');
  // The store settings' multi-currency tab opens the same pages, which show the tab there.
  const tab = new URLSearchParams(multiCurrencySettingsUrl().split('?')[1]);
  expect(routeKeyOf(tab)).toBe(MULTI_CURRENCY_SETUP_PATH);
  expect(routeKeyOf(new URLSearchParams('page=wc-settings&tab=checkout&section=woocommerce_payments'))).toBe(
    paymentsSettingsUrl(),
  );
});

it('registers the audit log page, in the menu', () => {
  expect(findRoute('/payments/audit-log')?.menu?.label()).toBe('Audit log');
});
