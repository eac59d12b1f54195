export type DayPart = 'morning' | 'afternoon' | 'evening';

/** Morning from 5 to 12, afternoon from 12 to 17, evening otherwise. */
export function dayPart(hour: number): DayPart {
  if (hour >= 5 && hour < 12) return 'morning';
  if (hour >= 12 && hour < 17) return 'afternoon';
  return 'evening';
}
