/** The admin's address, which every page URL starts from. */
export const ADMIN_PAGE = '/wp-admin/admin.php';

/**
 * The store's payments settings page (the store settings' checkout tab), optionally at one of
 * its sections, e.g. `#payout-schedule`.
 */
export function paymentsSettingsUrl(anchor?: string): string {
  return `${ADMIN_PAGE}?page=wc-settings&tab=checkout&section=woocommerce_payments${anchor ? `#${anchor}` : ''}`;
}

/** The store settings' multi-currency tab. */
export function multiCurrencySettingsUrl(): string {
  return `${ADMIN_PAGE}?page=wc-settings&tab=wcpay_multi_currency`;
}
