import {
  nextPollProgress,
  nextWarmupProgress,
  TEST_DRIVE_POLL_INTERVAL_MS,
  TEST_DRIVE_START_PROGRESS,
  TEST_DRIVE_WARMUP_CAP,
  testDriveFinished,
} from '@paydesk/domain/onboarding/test-drive-progress';
import { useCallback, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/track.ts';
import { requestTestDrive } from './api/connect-url.ts';
import { fetchAccount } from './api/get-account.ts';

const wait = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/** Adds query parameters to a same-site URL. */
function withQuery(url: string, query: Record<string, string>): string {
  const target = new URL(url, window.location.origin);
  for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
  return `${target.pathname}${target.search}`;
}

export interface TestDriveOptions {
  source: string;
  from: string | null;
  capabilities: string[];
  redirectToSettingsPage: boolean;
  sampleData: boolean;
  /** Where a failure goes: the Connect page with test_drive_error=true. */
  errorUrl: string;
}

/**
 * The sandbox test drive: progress climbs to 40 while the connect URL makes the
 * account, then each poll of the account adds 6; the flow ends on the Overview with the
 * test_drive and sandbox-success flags, or on the Connect page with test_drive_error=true.
 */
export function useTestDrive() {
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(timer.current), []);

  const start = useCallback(async (options: TestDriveOptions) => {
    setProgress(TEST_DRIVE_START_PROGRESS);
    track('wcpay_connect_account_clicked', { source: options.source, is_test_drive: true });
    timer.current = window.setInterval(
      () => setProgress((value) => nextWarmupProgress(value ?? TEST_DRIVE_START_PROGRESS)),
      TEST_DRIVE_POLL_INTERVAL_MS,
    );
    let redirectTo: string;
    try {
      redirectTo = await requestTestDrive({
        source: options.source,
        from: options.from ?? undefined,
        capabilities: options.capabilities.join(',') || undefined,
        redirect_to_settings_page: options.redirectToSettingsPage ? 'true' : undefined,
        sample_data: options.sampleData ? '1' : undefined,
      });
    } catch (error) {
      window.clearInterval(timer.current);
      console.error('The sandbox account could not be set up', error);
      window.location.assign(options.errorUrl);
      return;
    }
    window.clearInterval(timer.current);
    let current = TEST_DRIVE_WARMUP_CAP;
    setProgress(current);
    const pollStart = Date.now();
    for (;;) {
      await wait(TEST_DRIVE_POLL_INTERVAL_MS);
      let status: string | null;
      try {
        status = (await fetchAccount()).status;
      } catch (error) {
        console.error('The sandbox account could not be read', error);
        window.location.assign(options.errorUrl);
        return;
      }
      current = nextPollProgress(current);
      setProgress(current);
      if (testDriveFinished({ status, progress: current, elapsed_ms: Date.now() - pollStart })) break;
    }
    window.location.assign(withQuery(redirectTo, { test_drive: 'true', 'wcpay-sandbox-success': 'true' }));
  }, []);

  return { progress, start, busy: progress !== null };
}
