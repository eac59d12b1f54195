import {
  CURRENCIES,
  localeSeparators,
  PROCESSOR_FRAUD_CHECKS,
  SUPPORTED_COUNTRIES,
  storeCountry,
  ZERO_DECIMAL_CURRENCIES,
} from '@paydesk/domain';
import { adminPageUrl } from '@paydesk/domain/admin-urls';
import type { TWcpaySettings } from '@paydesk/domain/contracts';
import { CONNECTED_HOME_OPTION, isSafeMode } from '@paydesk/domain/overview/safe-mode';
import { PAYMENT_METHOD_IDS } from '@paydesk/domain/payments/methods';
import { onlineMethodFees } from '@paydesk/domain/processor/pricing';
import type { Db } from '../db/database.ts';
import { getConnectOptions } from './connect-options.ts';
import { getOption, getStoreSettings } from './options.ts';

/** The account as the settings object needs it; the engine supplies it once an account exists. */
export interface AccountSnapshot {
  isJetpackConnected: boolean;
  isAccountConnected: boolean;
  isAccountValid: boolean;
  status: string | null;
  detailsSubmitted: boolean;
  paymentsEnabled: boolean;
  testMode: boolean;
  testModeOnboarding: boolean;
  errorMessage: string;
  hasSubmittedVatData: boolean;
  /** The engine's time: the sandbox clock, which may run ahead of the wall clock. */
  now: Date;
  /** The account's country; null without an account. */
  country: string | null;
  /** The currency the account settles in; null without an account. */
  currency: string | null;
  accountLoans: { has_active_loan: boolean; has_past_loans: boolean };
}

export type AccountSnapshotReader = (db: Db) => Promise<AccountSnapshot>;

/** Builds the settings object the admin page is given (`window.wcpaySettings`). */
export async function buildWcpaySettings(
  db: Db,
  nonce: string,
  readAccount: AccountSnapshotReader,
): Promise<TWcpaySettings> {
  const [store, account, connectedHome, connectOptions] = await Promise.all([
    getStoreSettings(db),
    readAccount(db),
    getOption<string>(db, CONNECTED_HOME_OPTION),
    getConnectOptions(db),
  ]);
  const separators = localeSeparators(store.locale);
  const country = storeCountry(store);
  return {
    connectUrl: adminPageUrl('/payments/connect', { 'wcpay-connect': '1', _wpnonce: nonce }),
    connect: { country, availableCountries: { ...SUPPORTED_COUNTRIES } },
    testMode: account.testMode,
    testModeOnboarding: account.testModeOnboarding,
    isJetpackConnected: account.isJetpackConnected,
    isAccountConnected: account.isAccountConnected,
    isAccountValid: account.isAccountValid,
    accountStatus: {
      status: account.status,
      detailsSubmitted: account.detailsSubmitted,
      paymentsEnabled: account.paymentsEnabled,
      fraudProtection: {
        declineOnAVSFailure: PROCESSOR_FRAUD_CHECKS.declineOnAVSFailure,
        declineOnCVCFailure: PROCESSOR_FRAUD_CHECKS.declineOnCVCFailure,
      },
      hasSubmittedVatData: account.hasSubmittedVatData,
      country: account.country ?? country,
    },
    featureFlags: { documents: store._wcpay_feature_documents === '1' },
    errorMessage: account.errorMessage,
    // The operator's switches (docs/configuration.md "Connect page"); a promotion is offered only
    // to a store that has not connected an account yet.
    onBoardingDisabled: connectOptions.onBoardingDisabled,
    connectIncentive: account.isAccountConnected ? null : connectOptions.connectIncentive,
    isWooPayStoreCountryAvailable: country === 'US',
    fraudServices: {},
    currencyData: Object.fromEntries(
      Object.values(CURRENCIES).map((c) => [
        c.code,
        {
          code: c.code,
          symbol: c.symbol,
          symbolPosition: c.symbolPosition,
          precision: c.precision,
          ...separators,
        },
      ]),
    ),
    zeroDecimalCurrencies: [...ZERO_DECIMAL_CURRENCIES],
    dateFormat: store.date_format,
    timeFormat: store.time_format,
    shouldUseExplicitPrice: false,
    storeCurrency: store.woocommerce_currency,
    isFRTReviewFeatureActive: PROCESSOR_FRAUD_CHECKS.reviewFeatureActive,
    clockOffsetMs: account.now.getTime() - Date.now(),
    storeCountry: country,
    locale: store.locale,
    timezone: store.timezone_string,
    siteTitle: store.blogname,
    homeUrl: store.home,
    isSafeModeEnabled: account.isAccountConnected && isSafeMode(store.home, connectedHome),
    storeIndustry: store.woocommerce_store_industry,
    accountLoans: account.accountLoans,
    accountFees:
      account.country && account.currency
        ? Object.fromEntries(
            PAYMENT_METHOD_IDS.map((id) => [id, onlineMethodFees(account.country!, account.currency!)]),
          )
        : {},
  };
}
