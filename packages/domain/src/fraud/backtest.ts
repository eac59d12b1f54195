/** How far back a backtest of fraud rules may look, in days. */
export const BACKTEST_MAX_DAYS = 90;
/** The window the fraud protection page tests its unsaved filters on, in days. */
export const BACKTEST_PAGE_DAYS = 30;
