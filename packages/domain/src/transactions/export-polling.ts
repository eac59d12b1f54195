/**
 * After an export is requested, its availability is asked for at
 * most 5 times, 1000 ms apart, until it is ready with a download address.
 */

export const EXPORT_POLL_INTERVAL_MS = 1_000;
export const EXPORT_POLL_MAX_ATTEMPTS = 5;

export interface ExportStatus {
  status: string;
  download_url?: string | null | undefined;
}

export type ExportPollResult =
  | { ready: true; download_url: string }
  | { ready: false; reason: 'failed' | 'timed_out'; attempts: number };

export interface PollOptions {
  /** Asks once whether the file is ready. */
  check: () => Promise<ExportStatus>;
  /** Waits between two checks (the page sleeps; tests do not). */
  wait: (ms: number) => Promise<void>;
  interval_ms?: number;
  max_attempts?: number;
}

/**
 * Checks until the export succeeds with a download address, fails, or the attempts run out.
 * The first check waits one interval too: a file is never ready the moment it is asked for.
 */
export async function pollExport(options: PollOptions): Promise<ExportPollResult> {
  const { wait } = options;
  const interval = options.interval_ms ?? EXPORT_POLL_INTERVAL_MS;
  const maxAttempts = options.max_attempts ?? EXPORT_POLL_MAX_ATTEMPTS;
  for (let attempt = 1; attempt <= maxAttempts; attempt++) {
    await wait(interval);
    const answer = await options.check();
    if (answer.status === 'success' && answer.download_url) {
      return { ready: true, download_url: answer.download_url };
    }
    if (answer.status === 'failed' || answer.status === 'error') {
      return { ready: false, reason: 'failed', attempts: attempt };
    }
  }
  return { ready: false, reason: 'timed_out', attempts: maxAttempts };
}

/** The download address with force_download=true, keeping the rest of its query and its hash. */
export function forcedDownloadUrl(download_url: string): string {
  const hashAt = download_url.indexOf('#');
  const hash = hashAt === -1 ? '' : download_url.slice(hashAt);
  const rest = hashAt === -1 ? download_url : download_url.slice(0, hashAt);
  const queryAt = rest.indexOf('?');
  const path = queryAt === -1 ? rest : rest.slice(0, queryAt);
  const params = (queryAt === -1 ? '' : rest.slice(queryAt + 1))
    .split('&')
    .filter((param) => param !== '' && param.split('=')[0] !== 'force_download');
  return `${path}?${[...params, 'force_download=true'].join('&')}${hash}`;
}
