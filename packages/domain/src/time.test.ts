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
});
