/**
 * The payment method logos of the Connect page: 19, plus the one-page checkout
 * logo where that checkout is available; how many show depends on the width.
 */

export const PAYMENT_METHOD_LOGOS = [
  'visa',
  'mastercard',
  'amex',
  'discover',
  'applepay',
  'googlepay',
  'jcb',
  'diners',
  'unionpay',
  'klarna',
  'afterpay',
  'affirm',
  'ideal',
  'bancontact',
  'eps',
  'giropay',
  'przelewy24',
  'sofort',
  'sepa',
] as const;

export const ONE_PAGE_CHECKOUT_LOGO = 'woopay';

export function paymentMethodLogos(oneClickCheckoutAvailable: boolean): string[] {
  return oneClickCheckoutAvailable
    ? [PAYMENT_METHOD_LOGOS[0], ONE_PAGE_CHECKOUT_LOGO, ...PAYMENT_METHOD_LOGOS.slice(1)]
    : [...PAYMENT_METHOD_LOGOS];
}

/** 10 logos by default, 7 at a width of 768 px or less, 5 at 480 px or less. */
export function visibleLogoCount(width_px: number): number {
  if (width_px <= 480) return 5;
  if (width_px <= 768) return 7;
  return 10;
}

/** The logos shown inline and the ones behind the +N popover. */
export function splitLogos(
  logos: readonly string[],
  width_px: number,
): { shown: string[]; hidden: string[] } {
  const count = visibleLogoCount(width_px);
  return { shown: logos.slice(0, count), hidden: logos.slice(count) };
}
