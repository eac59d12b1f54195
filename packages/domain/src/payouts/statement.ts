/**
 * Bank statement matching (`POST {base}/deposits/reconcile`): reading a statement CSV into lines
 * and pairing its lines with payouts. Pure: the server reads the payouts, this decides.
 *
 * A statement is CSV text (UTF-8, an optional byte-order mark) whose first line names its
 * columns: `date`, `amount`, `reference` and optionally `currency`, in any order and case, with
 * any other columns ignored. Fields are separated by commas, semicolons or tabs — whichever
 * separates the header into those names — and may be quoted with `"` (a doubled `""` inside).
 * Dates are `YYYY-MM-DD` (a time after them is ignored); amounts are in major units with a point
 * for decimals (`1234.56`, `1,234.56`, `-12.00`): money in is positive, money out (a withdrawal)
 * negative. Lines are numbered as a text editor numbers them, the header being line 1.
 */
import { currencyPrecision, isKnownCurrency } from '../currencies.ts';
import { parseMajorUnits } from '../money/format.ts';
import { DAY_MS } from '../time.ts';

/** The largest statement file accepted, in bytes (5 MB). */
export const STATEMENT_MAX_BYTES = 5_000_000;
/** What a statement over STATEMENT_MAX_BYTES is told, by the page before it is sent and by the server. */
export const STATEMENT_MAX_BYTES_MESSAGE = `A bank statement can be at most ${(STATEMENT_MAX_BYTES / 1_000_000).toLocaleString('en-US')} MB.`;
/** The most statement lines accepted, not counting the header. */
export const STATEMENT_MAX_LINES = 50_000;
/** A line matches a payout that arrives at most this many days before or after its date. */
export const STATEMENT_MATCH_WINDOW_DAYS = 3;

export const STATEMENT_COLUMNS = ['date', 'amount', 'reference'] as const;

export interface StatementLine {
  /** Line number in the file (the header is line 1). */
  line: number;
  /** `YYYY-MM-DD`. */
  date: string;
  /** Minor units of `currency`; negative for money out. */
  amount: number;
  /** Lowercase ISO code. */
  currency: string;
  reference: string;
}

export type StatementReadResult =
  | { ok: true; lines: StatementLine[] }
  | { ok: false; reason: 'too_many_lines' }
  | { ok: false; reason: 'invalid'; line: number; message: string };

const SEPARATORS = [',', ';', '\t'] as const;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ][0-9:.+\-Z]*)?$/;
const GROUPED_AMOUNT = /^[+-]?\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** Splits CSV text into records of fields, each with the line its record starts on. */
function* records(
  text: string,
  separator: string,
): Generator<{ line: number; fields: string[] } | { line: number; unterminated: true }> {
  let at = 0;
  let line = 1;
  const length = text.length;
  while (at < length) {
    const start = line;
    const fields: string[] = [];
    let field = '';
    let ended = false;
    while (!ended) {
      if (text[at] === '"') {
        at += 1;
        for (;;) {
          if (at >= length) {
            yield { line: start, unterminated: true };
            return;
          }
          const quote = text.indexOf('"', at);
          if (quote < 0) {
            yield { line: start, unterminated: true };
            return;
          }
          const chunk = text.slice(at, quote);
          field += chunk;
          line += countNewlines(chunk);
          at = quote + 1;
          if (text[at] === '"') {
            field += '"';
            at += 1;
          } else break;
        }
      }
      // Unquoted text (or what follows a closing quote) up to the next separator or line end.
      let end = at;
      while (end < length && text[end] !== separator && text[end] !== '\n' && text[end] !== '\r') end += 1;
      field += text.slice(at, end);
      at = end;
      fields.push(field);
      field = '';
      if (at >= length) ended = true;
      else if (text[at] === separator) at += 1;
      else {
        at += text[at] === '\r' && text[at + 1] === '\n' ? 2 : 1;
        line += 1;
        ended = true;
      }
    }
    yield { line: start, fields };
  }
}

function countNewlines(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (text[i] === '\n' || (text[i] === '\r' && text[i + 1] !== '\n')) count += 1;
  }
  return count;
}

/** The header's column positions for one separator, or the columns it lacks. */
function columnsOf(
  header: string,
  separator: string,
): { indexes: Record<'date' | 'amount' | 'reference' | 'currency', number>; missing: string[] } {
  const first = records(header, separator).next().value;
  const names =
    first && 'fields' in first
      ? first.fields.map((name: string) => name.trim().toLowerCase())
      : ([] as string[]);
  const indexes = {
    date: names.indexOf('date'),
    amount: names.indexOf('amount'),
    reference: names.indexOf('reference'),
    currency: names.indexOf('currency'),
  };
  return { indexes, missing: STATEMENT_COLUMNS.filter((name) => indexes[name] < 0) };
}

/** `2026-03-05` as a day number (days since 1970-01-01), or null when it is not a calendar date. */
export function dayNumber(date: string): number | null {
  const match = DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const check = new Date(time);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) {
    return null;
  }
  return time / DAY_MS;
}

function parseLine(
  fields: string[],
  line: number,
  indexes: Record<'date' | 'amount' | 'reference' | 'currency', number>,
  defaultCurrency: string,
): StatementLine | string {
  const cell = (index: number) => (index >= 0 ? (fields[index] ?? '').trim() : '');
  const dateText = cell(indexes.date);
  const day = dayNumber(dateText);
  if (day === null) return `the date "${dateText}" is not a date such as 2026-03-31.`;
  const currencyText = cell(indexes.currency);
  const currency = (currencyText || defaultCurrency).toLowerCase();
  if (!/^[a-z]{3}$/.test(currency) || !isKnownCurrency(currency)) {
    return `"${currencyText}" is not a currency code such as USD.`;
  }
  const amountText = cell(indexes.amount);
  const amount = parseMajorUnits(
    GROUPED_AMOUNT.test(amountText) ? amountText.replaceAll(',', '') : amountText.replace(/^\+/, ''),
    currency,
  );
  if (!amount.ok) {
    return amount.code === 'too_many_decimals'
      ? `the amount "${amountText}" has more than ${currencyPrecision(currency)} decimal places for ${currency.toUpperCase()}.`
      : `the amount "${amountText}" is not an amount such as 1234.56.`;
  }
  return {
    line,
    date: dateText.slice(0, 10),
    amount: amount.amount_minor,
    currency,
    reference: cell(indexes.reference),
  };
}

/**
 * Reads a statement's text into its lines. Blank lines are skipped. The first line that cannot
 * be read stops the reading and is named, so a person can fix the file and send it again.
 */
export function readStatement(text: string, defaultCurrency: string): StatementReadResult {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const headerEnd = body.search(/\r?\n|\r/);
  const header = headerEnd < 0 ? body : body.slice(0, headerEnd);
  if (header.trim() === '') {
    return {
      ok: false,
      reason: 'invalid',
      line: 1,
      message: 'the first line must name the columns date, amount and reference.',
    };
  }
  const separator = SEPARATORS.find((candidate) => columnsOf(header, candidate).missing.length === 0);
  if (separator === undefined) {
    const missing = columnsOf(header, ',').missing;
    return {
      ok: false,
      reason: 'invalid',
      line: 1,
      message: `the first line must name the columns date, amount and reference; it has no ${missing.map((name) => `"${name}"`).join(', ')} column.`,
    };
  }
  const { indexes } = columnsOf(header, separator);
  const lines: StatementLine[] = [];
  let first = true;
  for (const record of records(body, separator)) {
    if ('unterminated' in record) {
      return { ok: false, reason: 'invalid', line: record.line, message: 'a quoted field is never closed.' };
    }
    if (first) {
      first = false;
      continue;
    }
    if (record.fields.every((field) => field.trim() === '')) continue;
    if (lines.length === STATEMENT_MAX_LINES) return { ok: false, reason: 'too_many_lines' };
    const parsed = parseLine(record.fields, record.line, indexes, defaultCurrency);
    if (typeof parsed === 'string')
      return { ok: false, reason: 'invalid', line: record.line, message: parsed };
    lines.push(parsed);
  }
  if (lines.length === 0) {
    return { ok: false, reason: 'invalid', line: 2, message: 'the statement has no lines after its header.' };
  }
  return { ok: true, lines };
}

/** What matching needs of a payout. */
export interface PayoutToMatch {
  id: string;
  /** Epoch milliseconds. */
  arrival_date: number;
  /** Minor units, positive. */
  amount: number;
  currency: string;
  type: 'deposit' | 'withdrawal';
  bank_reference_key: string;
}

export interface StatementMatch {
  line: number;
  payout_id: string;
  /** Whether the line's reference names the payout's bank reference (else amount and date alone). */
  by_reference: boolean;
}

export interface StatementMatchResult<P extends PayoutToMatch> {
  matched: StatementMatch[];
  unmatched_lines: StatementLine[];
  /** Payouts arriving within the statement's dates, in its currencies, that no line matched. */
  unmatched_payouts: P[];
}

/** The first and last day (day numbers) of a statement's lines. */
function statementDays(lines: readonly StatementLine[]): { first: number; last: number } {
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const line of lines) {
    const day = dayNumber(line.date) as number;
    if (day < first) first = day;
    if (day > last) last = day;
  }
  return { first, last };
}

/**
 * The arrival dates (epoch milliseconds, `from` inclusive, `to` exclusive) of the payouts a
 * statement can match: its first day less the window to the day after its last day plus it.
 */
export function statementWindow(lines: readonly StatementLine[]): { from: number; to: number } {
  const { first, last } = statementDays(lines);
  return {
    from: (first - STATEMENT_MATCH_WINDOW_DAYS) * DAY_MS,
    to: (last + STATEMENT_MATCH_WINDOW_DAYS + 1) * DAY_MS,
  };
}

/**
 * Pairs statement lines with payouts, each at most once. A line matches a payout of the same
 * currency and signed amount (a withdrawal is money out) arriving within
 * STATEMENT_MATCH_WINDOW_DAYS of the line's date. Lines whose reference contains a candidate's
 * bank reference are paired first; the rest take the candidate nearest in date (then the
 * earlier, then the lower id), in the file's order.
 */
export function matchStatement<P extends PayoutToMatch>(
  lines: readonly StatementLine[],
  payouts: readonly P[],
): StatementMatchResult<P> {
  const arrivalDay = (payout: P) => Math.floor(payout.arrival_date / DAY_MS);
  const key = (currency: string, amount: number) => `${currency.toLowerCase()} ${amount}`;
  const buckets = new Map<string, P[]>();
  for (const payout of payouts) {
    const bucketKey = key(payout.currency, payout.type === 'withdrawal' ? -payout.amount : payout.amount);
    const bucket = buckets.get(bucketKey);
    if (bucket) bucket.push(payout);
    else buckets.set(bucketKey, [payout]);
  }
  const taken = new Set<string>();
  const matchOf = new Map<number, StatementMatch>();
  const pick = (line: StatementLine, byReference: boolean): P | undefined => {
    const day = dayNumber(line.date) as number;
    const reference = line.reference.toLowerCase();
    let best: P | undefined;
    let bestDistance = Number.POSITIVE_INFINITY;
    for (const payout of buckets.get(key(line.currency, line.amount)) ?? []) {
      if (taken.has(payout.id)) continue;
      const distance = Math.abs(arrivalDay(payout) - day);
      if (distance > STATEMENT_MATCH_WINDOW_DAYS) continue;
      if (
        byReference &&
        !(payout.bank_reference_key && reference.includes(payout.bank_reference_key.toLowerCase()))
      ) {
        continue;
      }
      const better =
        distance < bestDistance ||
        (distance === bestDistance &&
          best !== undefined &&
          (payout.arrival_date < best.arrival_date ||
            (payout.arrival_date === best.arrival_date && payout.id < best.id)));
      if (better) {
        best = payout;
        bestDistance = distance;
      }
    }
    return best;
  };
  for (const byReference of [true, false]) {
    for (const line of lines) {
      if (matchOf.has(line.line)) continue;
      const payout = pick(line, byReference);
      if (!payout) continue;
      taken.add(payout.id);
      matchOf.set(line.line, { line: line.line, payout_id: payout.id, by_reference: byReference });
    }
  }
  const currencies = new Set(lines.map((line) => line.currency));
  const { first, last } = statementDays(lines);
  return {
    matched: lines.flatMap((line) => matchOf.get(line.line) ?? []),
    unmatched_lines: lines.filter((line) => !matchOf.has(line.line)),
    unmatched_payouts: payouts.filter(
      (payout) =>
        !taken.has(payout.id) &&
        currencies.has(payout.currency.toLowerCase()) &&
        arrivalDay(payout) >= first &&
        arrivalDay(payout) <= last,
    ),
  };
}
