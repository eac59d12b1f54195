/** The admin's address, which every page URL starts from. */
export const ADMIN_PAGE = '/wp-admin/admin.php';

/** A query value as a form encodes it (as URLSearchParams does): spaces as '+', the rest escaped. */
function formEncode(value: string): string {
  return encodeURIComponent(value)
    .replace(/[!'()~]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%20', '+');
}

/**
 * The address the server sends the browser to for an admin page: `page=wc-admin`, the page's
 * `path`, then `query`, form-encoded. (The admin's own links keep the path's slashes readable:
 * web lib/navigation's getAdminUrl.)
 */
export function adminPageUrl(path: string, query: Readonly<Record<string, string>> = {}): string {
  const pairs = Object.entries({ page: 'wc-admin', path, ...query });
  return `${ADMIN_PAGE}?${pairs.map(([key, value]) => `${formEncode(key)}=${formEncode(value)}`).join('&')}`;
}

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
