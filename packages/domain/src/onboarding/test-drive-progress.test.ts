import { describe, expect, it } from 'vitest';
import {
  nextPollProgress,
  nextWarmupProgress,
  testDriveFinished,
  warmupSchedule,
} from './test-drive-progress.ts';

describe('test drive progress', () => {
  it('climbs from 5 to 40 by 5 while the first request runs, and stays at 40', () => {
    expect(warmupSchedule()).toEqual([5, 10, 15, 20, 25, 30, 35, 40]);
    expect(nextWarmupProgress(40)).toBe(40);
    expect(nextWarmupProgress(38)).toBe(40);
  });

  it('adds 6 per poll from 40 and stops at 100', () => {
    const values = [40];
    while (values[values.length - 1]! < 100) values.push(nextPollProgress(values[values.length - 1]!));
    expect(values).toEqual([40, 46, 52, 58, 64, 70, 76, 82, 88, 94, 100]);
    expect(nextPollProgress(100)).toBe(100);
  });

  it('finishes once the status no longer says pending', () => {
    expect(testDriveFinished({ status: 'pending', progress: 46, elapsed_ms: 5000 })).toBe(false);
    expect(testDriveFinished({ status: 'pending_verification', progress: 46, elapsed_ms: 5000 })).toBe(false);
    expect(testDriveFinished({ status: 'complete', progress: 46, elapsed_ms: 5000 })).toBe(true);
    expect(testDriveFinished({ status: null, progress: 46, elapsed_ms: 5000 })).toBe(true);
  });

  it('finishes above 95 but not at 95', () => {
    expect(testDriveFinished({ status: 'pending', progress: 95, elapsed_ms: 0 })).toBe(false);
    expect(testDriveFinished({ status: 'pending', progress: 96, elapsed_ms: 0 })).toBe(true);
  });

  it('finishes after more than 40 s', () => {
    expect(testDriveFinished({ status: 'pending', progress: 40, elapsed_ms: 40_000 })).toBe(false);
    expect(testDriveFinished({ status: 'pending', progress: 40, elapsed_ms: 40_001 })).toBe(true);
  });
});
