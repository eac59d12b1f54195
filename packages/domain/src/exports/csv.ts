import { calendarParts } from '../date-format.ts';
import { assert } from '../errors.ts';
import { toMajorUnits } from '../money/format.ts';

/**
 * The cells of a CSV export. A spreadsheet opening the file runs any cell
 * that starts like a formula, so text from customers (a name such as `=HYPERLINK(…)`) is
 * neutralised as OWASP recommends: a cell starting with = + - @ TAB or CR gets a leading single
 * quote. Numbers are written by us from integers, never from customer text, so they are emitted
 * as they are and a negative amount stays a number a spreadsheet can add up.
 */

/** The first characters that make a spreadsheet read a cell as a formula (OWASP "CSV Injection"). */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const TRIGGER = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
const NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Prefixes text a spreadsheet would run as a formula with a single quote. */
export function neutralizeFormula(text: string): string {
  return TRIGGER.test(text) ? `'${text}` : text;
}

/** RFC 4180: a cell holding a quote, comma or line break is quoted, its quotes doubled. */
export function quoteCsv(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** A text cell: empty for nothing, else neutralised and quoted as needed. */
export function textCell(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  return quoteCsv(neutralizeFormula(value));
}

/**
 * A number cell. Only a plain decimal is accepted (an optional minus, digits, an optional
 * fraction), so nothing but a number can take this path around the formula guard.
 */
export function numberCell(text: string): string {
  assert(NUMBER.test(text), `A number cell must be a plain decimal, got ${JSON.stringify(text)}`);
  return text;
}

/**
 * An amount in major units with its currency's decimals (zero-decimal currencies have
 * none): 1234 USD is 12.34, -5 USD is -0.05, 500 JPY is 500. Empty when there is no amount.
 */
export function moneyCell(
  amount_minor: number | null | undefined,
  currency: string | null | undefined,
): string {
  if (amount_minor === null || amount_minor === undefined || !currency) return '';
  // Negative zero (the fee of a free transaction, negated for display) is written as zero.
  return numberCell(toMajorUnits(amount_minor === 0 ? 0 : amount_minor, currency));
}

/** One CSV record with its line ending (RFC 4180: CRLF). Cells are already escaped. */
export function csvRecord(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}

const FIXED_OFFSET = /^([+-])(\d{2}):?(\d{2})$/;
/** Zone offsets are read once per quarter hour of UTC: no zone changes its offset more often. */
const OFFSET_BUCKET_MS = 15 * 60 * 1000;
/** Quarter hours whose offsets are kept: a bit over a year's worth. */
const OFFSET_CACHE_SIZE = 40_000;
const pad2 = (value: number) => (value < 10 ? `0${value}` : String(value));

/** The offset east of UTC of a fixed-offset zone such as `+05:30` or `-0800`; undefined for a name. */
export function fixedOffsetMinutes(timeZone: string | null | undefined): number | undefined {
  const fixed = FIXED_OFFSET.exec(timeZone ?? '');
  if (!fixed) return undefined;
  const minutes = Number(fixed[2]) * 60 + Number(fixed[3]);
  return fixed[1] === '-' ? -minutes : minutes;
}

/**
 * Formats instants as `YYYY-MM-DD HH:MM:SS` in a time zone: an IANA name, `UTC`, or a fixed
 * offset such as `+05:30`; an unknown name is written in UTC. Asking Intl for every row of a
 * million-row export would cost seconds, so the zone's offset is asked once per quarter hour
 * and the wall-clock time computed from it; rows come in date order, so it is asked rarely.
 */
export function zonedDateTimeFormatter(timeZone: string | null | undefined): (epoch_ms: number) => string {
  const fixed_minutes = fixedOffsetMinutes(timeZone);
  let offsetOf: (epoch_ms: number) => number;
  if (fixed_minutes !== undefined) {
    const offset_ms = fixed_minutes * 60_000;
    offsetOf = () => offset_ms;
  } else if (!timeZone || timeZone === 'UTC') {
    offsetOf = () => 0;
  } else {
    const zone = timeZone;
    const offsets = new Map<number, number>();
    offsetOf = (epoch_ms) => {
      const bucket = Math.floor(epoch_ms / OFFSET_BUCKET_MS);
      let offset_ms = offsets.get(bucket);
      if (offset_ms === undefined) {
        // Bounded: a file's rows span few quarter hours at a time, and the map starts over when full.
        if (offsets.size >= OFFSET_CACHE_SIZE) offsets.clear();
        const start = bucket * OFFSET_BUCKET_MS;
        const p = calendarParts(start, zone);
        offset_ms = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second) - start;
        offsets.set(bucket, offset_ms);
      }
      return offset_ms;
    };
  }
  return (epoch_ms) => {
    const wall = new Date(epoch_ms + offsetOf(epoch_ms));
    return `${wall.getUTCFullYear()}-${pad2(wall.getUTCMonth() + 1)}-${pad2(wall.getUTCDate())} ${pad2(
      wall.getUTCHours(),
    )}:${pad2(wall.getUTCMinutes())}:${pad2(wall.getUTCSeconds())}`;
  };
}
