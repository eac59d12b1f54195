import { z } from 'zod';

/** Formatting data of one currency, as the admin pages format amounts. */
export const ZCurrencyFormat = z.object({
  code: z.string(),
  symbol: z.string(),
  symbolPosition: z.enum(['left', 'right', 'left_space', 'right_space']),
  thousandSeparator: z.string(),
  decimalSeparator: z.string(),
  precision: z.number().int(),
});

/**
 * The settings object the page gives the product, written into the admin page as
 * `window.wcpaySettings`. Fields the platform's admin client does not know are Paydesk's own
 * and named so.
 */
const ZFeePart = z.object({
  /** A fraction: 0.029 is 2.9 %. */
  percentage_rate: z.number(),
  /** Minor units of `currency`. */
  fixed_rate: z.number().int(),
  currency: z.string(),
});

export const ZWcpaySettings = z.object({
  connectUrl: z.string(),
  connect: z.object({ country: z.string(), availableCountries: z.record(z.string(), z.string()) }),
  testMode: z.boolean(),
  testModeOnboarding: z.boolean(),
  isJetpackConnected: z.boolean(),
  isAccountConnected: z.boolean(),
  isAccountValid: z.boolean(),
  accountStatus: z.object({
    status: z.string().nullable(),
    detailsSubmitted: z.boolean(),
    paymentsEnabled: z.boolean(),
    /** What the processor refuses by itself, shown on the fraud protection page. */
    fraudProtection: z.object({ declineOnAVSFailure: z.boolean(), declineOnCVCFailure: z.boolean() }),
    /** Whether the VAT details printed on invoices were given. */
    hasSubmittedVatData: z.boolean(),
    /** The account's country (the store's before an account exists). */
    country: z.string(),
  }),
  /** Features a store may turn off; each page checks its flag. */
  featureFlags: z.object({ documents: z.boolean() }),
  errorMessage: z.string(),
  onBoardingDisabled: z.boolean(),
  connectIncentive: z.object({ id: z.string(), description: z.string(), tc_url: z.string() }).nullable(),
  isWooPayStoreCountryAvailable: z.boolean(),
  fraudServices: z.record(
    z.string(),
    z.object({
      beacon_key: z.string().optional(),
      session_id: z.string().optional(),
      user_id: z.string().optional(),
    }),
  ),
  currencyData: z.record(z.string(), ZCurrencyFormat),
  zeroDecimalCurrencies: z.array(z.string()),
  dateFormat: z.string(),
  timeFormat: z.string(),
  shouldUseExplicitPrice: z.boolean(),
  storeCurrency: z.string(),
  storeCountry: z.string(),
  locale: z.string(),
  timezone: z.string(),
  siteTitle: z.string(),
  homeUrl: z.string(),
  /** Paydesk's own: the store answers at another address than the one it was connected from. */
  isSafeModeEnabled: z.boolean(),
  /** The industries chosen at store set-up (`woocommerce_store_industry`), for the onboarding MCC. */
  storeIndustry: z.string(),
  /** Whether fraud filters may hold a payment for review, not only block it. */
  isFRTReviewFeatureActive: z.boolean(),
  /**
   * Paydesk's own: how far the store's clock runs ahead of the wall clock, in milliseconds (a
   * sandbox clock moved forward; 0 otherwise). Deadlines are counted from the store's time.
   */
  clockOffsetMs: z.number().int(),
  /**
   * Whether the account repays a loan now and whether it repaid loans before; the payments menu
   * shows Loans for either.
   */
  accountLoans: z.object({ has_active_loan: z.boolean(), has_past_loans: z.boolean() }),
  /** Each payment method's price for the account, by method id; empty without an account. */
  accountFees: z.record(
    z.string(),
    z.object({
      base: ZFeePart,
      additional: ZFeePart.optional(),
      fx: ZFeePart.optional(),
      discount: z.array(ZFeePart.partial()).readonly().optional(),
    }),
  ),
});
export type TWcpaySettings = z.infer<typeof ZWcpaySettings>;

/** What the admin page needs besides the settings object: who is signed in, and the nonce. */
export const ZPageBootstrap = z.object({
  nonce: z.string(),
  restRoot: z.string(),
  logoutUrl: z.string(),
  user: z.object({
    id: z.number().int(),
    login: z.string(),
    first_name: z.string(),
    display_name: z.string(),
    email: z.string(),
  }),
});
export type TPageBootstrap = z.infer<typeof ZPageBootstrap>;
