/**
 * Where multi-currency lives: the setup wizard's admin path and the public storefront
 * preview. A module of its own, so the app's route table takes nothing else with it.
 */
export const MULTI_CURRENCY_SETUP_PATH = '/payments/multi-currency-setup';

/** The public storefront preview: sample products priced in the enabled currencies. */
export const STORE_PREVIEW_PATH = '/store/';
