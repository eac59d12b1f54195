import { describe, expect, it } from 'vitest';
import { effectiveConnectSource, parseConnectQuery, sanitizeSource } from './connect-query.ts';

describe('sanitizeSource', () => {
  it('keeps word characters and hyphens and drops the rest', () => {
    expect(sanitizeSource('wcadmin-payment_task')).toBe('wcadmin-payment_task');
    expect(sanitizeSource('a<script>b"c d/e.f')).toBe('ascriptbcdef');
  });

  it('answers unknown when nothing is left', () => {
    expect(sanitizeSource(null)).toBe('unknown');
    expect(sanitizeSource('')).toBe('unknown');
    expect(sanitizeSource('<>/"')).toBe('unknown');
  });

  it('cuts a very long value', () => {
    expect(sanitizeSource('a'.repeat(500))).toHaveLength(100);
  });
});

describe('effectiveConnectSource', () => {
  it('derives the source from a known from', () => {
    expect(effectiveConnectSource('whatever', 'WCADMIN_PAYMENT_TASK')).toBe('wcadmin-payment-task');
    expect(effectiveConnectSource(null, 'WCADMIN_PAYMENT_SETTINGS')).toBe('wcadmin-settings-page');
    expect(effectiveConnectSource(null, 'WCADMIN_PAYMENT_INCENTIVE')).toBe('wcadmin-incentive-page');
  });

  it('falls back to the sanitised source, then to the Connect page', () => {
    expect(effectiveConnectSource('news-letter!', 'SOMETHING_ELSE')).toBe('news-letter');
    expect(effectiveConnectSource(null, null)).toBe('wcpay-connect-page');
    expect(effectiveConnectSource('%%%', 'toString')).toBe('wcpay-connect-page');
  });
});

/** A query string read as the page's URLSearchParams reads it. */
function readQuery(text: string) {
  const values = new Map<string, string>();
  for (const pair of text.split('&')) {
    const [key, value = ''] = pair.split('=');
    if (key && !values.has(key)) values.set(key, value);
  }
  return { get: (name: string) => values.get(name) ?? null };
}

describe('parseConnectQuery', () => {
  it('reads every parameter the page knows', () => {
    const query = parseConnectQuery(
      readQuery(
        'source=a.b&from=WCPAY_CONNECT&capabilities=card_payments,transfers,bad value,card_payments&redirect_to_settings_page=true&auto_start_test_drive_onboarding=true&test_drive_error=true&wcpay-connection-error=1',
      ),
    );
    expect(query).toEqual({
      source: 'ab',
      from: 'WCPAY_CONNECT',
      effectiveSource: 'wcpay-connect-page',
      capabilities: ['card_payments', 'transfers'],
      redirectToSettingsPage: true,
      autoStartTestDrive: true,
      testDriveError: true,
      connectionError: true,
    });
  });

  it('treats absent or other values as off', () => {
    expect(
      parseConnectQuery(readQuery('test_drive_error=yes&from=__proto__&wcpay-connection-error=0')),
    ).toEqual({
      source: 'unknown',
      from: null,
      effectiveSource: 'wcpay-connect-page',
      capabilities: [],
      redirectToSettingsPage: false,
      autoStartTestDrive: false,
      testDriveError: false,
      connectionError: false,
    });
  });
});
