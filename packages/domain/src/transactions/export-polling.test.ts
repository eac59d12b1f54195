import { describe, expect, it } from 'vitest';
import { type ExportStatus, forcedDownloadUrl, pollExport } from './export-polling.ts';

function script(answers: ExportStatus[]) {
  const waits: number[] = [];
  let calls = 0;
  return {
    waits,
    calls: () => calls,
    options: {
      check: async () => {
        const answer = answers[Math.min(calls, answers.length - 1)]!;
        calls++;
        return answer;
      },
      wait: async (ms: number) => {
        waits.push(ms);
      },
    },
  };
}

describe('pollExport', () => {
  it('answers the download address once the export succeeds', async () => {
    const run = script([
      { status: 'pending' },
      { status: 'pending' },
      { status: 'success', download_url: '/files/x.csv' },
    ]);
    expect(await pollExport(run.options)).toEqual({ ready: true, download_url: '/files/x.csv' });
    expect(run.calls()).toBe(3);
    expect(run.waits).toEqual([1000, 1000, 1000]);
  });

  it('asks at most 5 times, 1000 ms apart', async () => {
    const run = script([{ status: 'pending' }]);
    expect(await pollExport(run.options)).toEqual({ ready: false, reason: 'timed_out', attempts: 5 });
    expect(run.calls()).toBe(5);
    expect(run.waits).toEqual([1000, 1000, 1000, 1000, 1000]);
  });

  it('does not count success without a download address as ready', async () => {
    const run = script([{ status: 'success', download_url: null }]);
    expect((await pollExport(run.options)).ready).toBe(false);
    expect(run.calls()).toBe(5);
  });

  it('stops at a failed export', async () => {
    const run = script([{ status: 'pending' }, { status: 'failed' }]);
    expect(await pollExport(run.options)).toEqual({ ready: false, reason: 'failed', attempts: 2 });
  });

  it('lets a failing check reject', async () => {
    await expect(
      pollExport({
        check: () => Promise.reject(new Error('offline')),
        wait: async () => {},
      }),
    ).rejects.toThrow('offline');
  });
});

describe('forcedDownloadUrl', () => {
  it('adds force_download=true to relative and absolute addresses', () => {
    expect(forcedDownloadUrl('/wp-json/wc/v3/payments/exports/e_1/file')).toBe(
      '/wp-json/wc/v3/payments/exports/e_1/file?force_download=true',
    );
    expect(forcedDownloadUrl('/file?_wpnonce=abc')).toBe('/file?_wpnonce=abc&force_download=true');
    expect(forcedDownloadUrl('https://example.test/f.csv?force_download=false')).toBe(
      'https://example.test/f.csv?force_download=true',
    );
    expect(forcedDownloadUrl('/f.csv?a=1&force_download=0#top')).toBe('/f.csv?a=1&force_download=true#top');
  });
});
