import { describe, expect, it } from 'vitest';
import { epochSeconds, utcDateTime, utcDateTimeSeconds } from './time.ts';

describe('the UTC date-time form of list instants', () => {
  it('writes whole seconds in UTC and reads them back', () => {
    const at = new Date('2026-06-15T12:34:56.789Z');
    expect(utcDateTime(at)).toBe('2026-06-15 12:34:56');
    expect(utcDateTimeSeconds(utcDateTime(at))).toBe(epochSeconds(at));
    expect(utcDateTime(new Date(Date.UTC(2026, 0, 1)))).toBe('2026-01-01 00:00:00');
  });

  it('reads nothing else', () => {
    for (const text of ['2026-06-15T12:34:56Z', '2026-06-15', '1781526896', '', '2026-06-15 12:34']) {
      expect(utcDateTimeSeconds(text), text).toBeNaN();
    }
  });

  it('refuses a date or time that does not exist instead of rolling it over', () => {
    for (const text of [
      '2026-02-30 00:00:00',
      '2026-02-29 12:00:00',
      '2026-04-31 00:00:00',
      '2026-13-01 00:00:00',
      '2026-00-10 00:00:00',
      '2026-06-00 00:00:00',
      '2026-06-15 24:00:00',
      '2026-06-15 12:60:00',
      '2026-06-15 12:00:60',
    ]) {
      expect(utcDateTimeSeconds(text), text).toBeNaN();
    }
    expect(utcDateTimeSeconds('2028-02-29 23:59:59')).toBe(Date.UTC(2028, 1, 29, 23, 59, 59) / 1000);
    expect(utcDateTimeSeconds('0050-01-01 00:00:00')).toBe(Date.parse('0050-01-01T00:00:00Z') / 1000);
  });
});
