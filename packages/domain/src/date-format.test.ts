import { describe, expect, it } from 'vitest';
import { calendarParts, formatStoreDate, formatStoreDateTime } from './date-format.ts';

// 2026-01-01T00:00:00Z, a Thursday.
const NEW_YEAR_S = 1_767_225_600;

describe('formatStoreDate', () => {
  it('applies the platform default formats in UTC', () => {
    expect(formatStoreDate(NEW_YEAR_S, 'F j, Y', 'UTC')).toBe('January 1, 2026');
    expect(formatStoreDate(NEW_YEAR_S + 9 * 3600 + 5 * 60, 'g:i a', 'UTC')).toBe('9:05 am');
    expect(formatStoreDate(NEW_YEAR_S + 13 * 3600, 'g:i A', 'UTC')).toBe('1:00 PM');
    expect(formatStoreDate(NEW_YEAR_S, 'g:i a', 'UTC')).toBe('12:00 am');
  });

  it('reads the wall clock of the store time zone, not UTC', () => {
    // Midnight UTC on New Year is still New Year's Eve in New York.
    expect(formatStoreDate(NEW_YEAR_S, 'Y-m-d H:i', 'America/New_York')).toBe('2025-12-31 19:00');
    expect(formatStoreDate(NEW_YEAR_S, 'Y-m-d H:i', 'Asia/Tokyo')).toBe('2026-01-01 09:00');
  });

  it('knows weekdays, short names, ordinals and padding', () => {
    expect(formatStoreDate(NEW_YEAR_S, 'D, l, N, w', 'UTC')).toBe('Thu, Thursday, 4, 4');
    expect(formatStoreDate(NEW_YEAR_S, 'M jS y', 'UTC')).toBe('Jan 1st 26');
    expect(formatStoreDate(NEW_YEAR_S + 10 * 86400, 'jS', 'UTC')).toBe('11th');
    expect(formatStoreDate(NEW_YEAR_S + 21 * 86400, 'jS', 'UTC')).toBe('22nd');
    expect(formatStoreDate(NEW_YEAR_S + 5 * 3600 + 7, 'd/m/Y h:i:s G', 'UTC')).toBe('01/01/2026 05:00:07 5');
  });

  it('copies escaped and unknown characters', () => {
    expect(formatStoreDate(NEW_YEAR_S, '\\Y\\e\\a\\r: Y', 'UTC')).toBe('Year: 2026');
    expect(formatStoreDate(NEW_YEAR_S, 'Y # Q', 'UTC')).toBe('2026 # Q');
  });

  it('falls back to UTC for a zone name it does not know', () => {
    expect(calendarParts(NEW_YEAR_S * 1000, 'Not/AZone')).toMatchObject({ year: 2026, month: 1, day: 1 });
  });
});

describe('formatStoreDateTime', () => {
  it('joins date and time', () => {
    expect(
      formatStoreDateTime(NEW_YEAR_S + 15 * 3600, {
        dateFormat: 'F j, Y',
        timeFormat: 'g:i a',
        timezone: 'UTC',
      }),
    ).toBe('January 1, 2026 / 3:00 pm');
  });
});
