/**
 * The query parameters of the Connect page and how they are cleaned before use.
 * The page reads them from the URL, so anything a visitor typed arrives here first.
 */

/** `from` values the Connect page knows, with the tracking source each one stands for. */
export const CONNECT_FROM_SOURCES = {
  WCADMIN_PAYMENT_TASK: 'wcadmin-payment-task',
  WCADMIN_PAYMENT_SETTINGS: 'wcadmin-settings-page',
  WCADMIN_PAYMENT_INCENTIVE: 'wcadmin-incentive-page',
  WCPAY_CONNECT: 'wcpay-connect-page',
} as const;

export type ConnectFrom = keyof typeof CONNECT_FROM_SOURCES;

export const DEFAULT_CONNECT_SOURCE = 'wcpay-connect-page';
export const UNKNOWN_SOURCE = 'unknown';
/** A source is a short tracking label; longer values are cut, not refused. */
export const MAX_SOURCE_LENGTH = 100;

/** Keeps word characters and hyphens only; empty becomes `unknown`. */
export function sanitizeSource(value: string | null | undefined): string {
  const cleaned = (value ?? '').replace(/[^\w-]+/g, '').slice(0, MAX_SOURCE_LENGTH);
  return cleaned === '' ? UNKNOWN_SOURCE : cleaned;
}

export function knownFrom(value: string | null | undefined): ConnectFrom | null {
  return value != null && Object.hasOwn(CONNECT_FROM_SOURCES, value) ? (value as ConnectFrom) : null;
}

/**
 * The source the connect flow reports: the one `from` stands for when it is known, else the
 * sanitised `source` when one was given, else the Connect page itself.
 */
export function effectiveConnectSource(
  source: string | null | undefined,
  from: string | null | undefined,
): string {
  const known = knownFrom(from);
  if (known) return CONNECT_FROM_SOURCES[known];
  const cleaned = sanitizeSource(source);
  return cleaned === UNKNOWN_SOURCE ? DEFAULT_CONNECT_SOURCE : cleaned;
}

const isTrue = (value: string | null | undefined) => value === 'true' || value === '1';

export interface ConnectQuery {
  /** The sanitised `source` (`unknown` when absent). */
  source: string;
  /** `from` when it is one of the known values, else null. */
  from: ConnectFrom | null;
  /** The source the flow reports (see effectiveConnectSource). */
  effectiveSource: string;
  /** Requested capabilities: comma-separated names of word characters; others are dropped. */
  capabilities: string[];
  redirectToSettingsPage: boolean;
  autoStartTestDrive: boolean;
  testDriveError: boolean;
  /** `wcpay-connection-error=1`: finishing the business verification failed, and the merchant is sent back here. */
  connectionError: boolean;
}

export const MAX_CAPABILITIES = 50;

/** What the page's URLSearchParams offers; domain code runs without the DOM's types. */
export interface QueryReader {
  get(name: string): string | null;
}

/** Reads and cleans the Connect page's query parameters. */
export function parseConnectQuery(search: QueryReader): ConnectQuery {
  const capabilities = (search.get('capabilities') ?? '')
    .split(',')
    .map((name: string) => name.trim())
    .filter((name: string) => /^\w{1,64}$/.test(name))
    .slice(0, MAX_CAPABILITIES);
  return {
    source: sanitizeSource(search.get('source')),
    from: knownFrom(search.get('from')),
    effectiveSource: effectiveConnectSource(search.get('source'), search.get('from')),
    capabilities: [...new Set(capabilities)],
    redirectToSettingsPage: isTrue(search.get('redirect_to_settings_page')),
    autoStartTestDrive: isTrue(search.get('auto_start_test_drive_onboarding')),
    testDriveError: isTrue(search.get('test_drive_error')),
    connectionError: isTrue(search.get('wcpay-connection-error')),
  };
}
