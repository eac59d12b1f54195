/**
 * Currencies the sandbox processor settles and displays. Amounts are always integer minor
 * units; `precision` is how many minor digits a currency has (0 for zero-decimal ones).
 */
export interface CurrencyInfo {
  readonly code: string;
  readonly name: string;
  readonly symbol: string;
  readonly symbolPosition: 'left' | 'right' | 'left_space' | 'right_space';
  readonly precision: number;
}

/** Stripe's zero-decimal currencies: an amount of 500 JPY is ¥500, not ¥5.00. */
export const ZERO_DECIMAL_CURRENCIES = [
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
] as const;

const table: readonly (readonly [string, string, string, CurrencyInfo['symbolPosition']])[] = [
  ['USD', 'United States (US) dollar', '$', 'left'],
  ['EUR', 'Euro', '€', 'left'],
  ['GBP', 'Pound sterling', '£', 'left'],
  ['AUD', 'Australian dollar', '$', 'left'],
  ['CAD', 'Canadian dollar', '$', 'left'],
  ['CHF', 'Swiss franc', 'CHF', 'left_space'],
  ['DKK', 'Danish krone', 'kr.', 'left_space'],
  ['NOK', 'Norwegian krone', 'kr', 'left_space'],
  ['NZD', 'New Zealand dollar', '$', 'left'],
  ['SEK', 'Swedish krona', 'kr', 'right_space'],
  ['PLN', 'Polish złoty', 'zł', 'right_space'],
  ['CZK', 'Czech koruna', 'Kč', 'right_space'],
  ['HUF', 'Hungarian forint', 'Ft', 'right_space'],
  ['RON', 'Romanian leu', 'lei', 'right_space'],
  ['BGN', 'Bulgarian lev', 'лв.', 'right_space'],
  ['JPY', 'Japanese yen', '¥', 'left'],
  ['KRW', 'South Korean won', '₩', 'left'],
  ['CNY', 'Chinese yuan', '¥', 'left'],
  ['HKD', 'Hong Kong dollar', '$', 'left'],
  ['SGD', 'Singapore dollar', '$', 'left'],
  ['MYR', 'Malaysian ringgit', 'RM', 'left'],
  ['THB', 'Thai baht', '฿', 'left'],
  ['INR', 'Indian rupee', '₹', 'left'],
  ['AED', 'United Arab Emirates dirham', 'د.إ', 'right_space'],
  ['BRL', 'Brazilian real', 'R$', 'left'],
  ['MXN', 'Mexican peso', '$', 'left'],
  ['ZAR', 'South African rand', 'R', 'left'],
  ['CLP', 'Chilean peso', '$', 'left'],
  ['VND', 'Vietnamese đồng', '₫', 'right_space'],
  ['XOF', 'West African CFA franc', 'CFA', 'right_space'],
];

export const CURRENCIES: Readonly<Record<string, CurrencyInfo>> = Object.fromEntries(
  table.map(([code, name, symbol, symbolPosition]) => [
    code,
    {
      code,
      name,
      symbol,
      symbolPosition,
      precision: (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(code.toLowerCase()) ? 0 : 2,
    },
  ]),
);

export function isZeroDecimal(currency: string): boolean {
  return (ZERO_DECIMAL_CURRENCIES as readonly string[]).includes(currency.toLowerCase());
}

export function isKnownCurrency(currency: string): boolean {
  return currency.toUpperCase() in CURRENCIES;
}

/** Digits after the decimal point for a currency: 0 for zero-decimal currencies, else 2. */
export function currencyPrecision(currency: string): number {
  return isZeroDecimal(currency) ? 0 : 2;
}
