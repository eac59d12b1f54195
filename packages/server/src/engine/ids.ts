import { randomBytes } from 'node:crypto';
import { exports } from '@paydesk/domain/contracts';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export type IdPrefix =
  | 'acct'
  | 'pi'
  | 'ch'
  | 'py'
  | 'pm'
  | 're'
  | 'dp'
  | 'po'
  | 'txn'
  | 'file'
  | 'tmr'
  | 'flxln'
  | 'fr';

/**
 * The base-62 characters after an id's prefix: 16. An id is a name, not a secret
 * (docs/decisions.md, "Object ids"). Each sits in several rows and indexes of every payment (the
 * ledger row names its charge and intent, the charge its intent and method), so each character
 * cost about 0.03 KB per ledger row of a 1M-row store (docs/performance.md, "Storage"). Ids made
 * before, of 24 characters, stay as they are.
 */
export const ID_CHARS = 16;

/**
 * The first characters of an id: the millisecond it was made, in base 62, which 8 characters
 * hold for the next 6,000 years. Ids then grow in the order they are made, and each index of
 * them takes a new one at its end, as an index of dates does: random ids land on any page, split
 * full pages into half-empty ones, and read a page from disk for each insert once the index
 * outgrows memory. The remaining 8 characters are random, about 48 bits, so that two ids made in
 * one millisecond meet with odds of about 1 in 10^14 (and a primary key refuses a repeated one).
 */
export const TIME_CHARS = 8;

/** Makes ids with the provider's prefixes (`pi_…`, `ch_…`). */
export interface IdSource {
  next(prefix: IdPrefix): string;
}

function base62(value: number, length: number): string {
  let out = '';
  let rest = value;
  for (let i = 0; i < length; i++) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out;
}

function randomBase62(length: number): string {
  let out = '';
  // Bytes from 248 up are refused, so each of the 62 characters is equally likely; 8 bytes
  // more than needed almost always suffice, and more are drawn when they do not.
  while (out.length < length) {
    for (const b of randomBytes(length - out.length + 8)) {
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Adds one to a base-62 number; false when it carried out of its last character. */
function increment(digits: number[]): boolean {
  for (let i = digits.length - 1; i >= 0; i--) {
    if ((digits[i] ?? 0) < 61) {
      digits[i] = (digits[i] ?? 0) + 1;
      return true;
    }
    digits[i] = 0;
  }
  return false;
}

/**
 * New ids: the prefix, the time in {@link TIME_CHARS} characters and random ones after it,
 * {@link ID_CHARS} in all. `now` is the wall clock in milliseconds, never the sandbox's; `random`
 * draws base-62 characters. Within one millisecond (or a clock set back) a source adds one to its
 * last id instead of drawing anew, so that its ids still grow: ids drawn at random within a
 * millisecond land in the middle of the index's last page, which then splits into two half-empty
 * ones, and a busy source fills its indexes only half (docs/performance.md, "Storage").
 */
export function timeOrderedIds(
  now: () => number = Date.now,
  random: (length: number) => string = randomBase62,
): IdSource {
  let lastTime = -1;
  const last: number[] = [];
  return {
    next(prefix) {
      const time = Math.floor(now());
      if (time > lastTime || !increment(last)) {
        lastTime = time > lastTime ? time : lastTime + 1;
        last.splice(0, last.length, ...[...random(ID_CHARS - TIME_CHARS)].map((c) => ALPHABET.indexOf(c)));
      }
      return `${prefix}_${base62(lastTime, TIME_CHARS)}${last.map((d) => ALPHABET[d]).join('')}`;
    },
  };
}

/** The ids the engine makes. */
export const randomIds: IdSource = timeOrderedIds();

/**
 * A new export's id: `exp_` and random characters, as many as its contract names. It is what a
 * script polls and downloads by, so it stays random whole, of that length.
 */
export function newExportId(): string {
  return `exp_${randomBase62(exports.EXPORT_ID_CHARS)}`;
}

/** The seeded ids' counter: base 36, 8 characters, in the order they are made. */
const COUNTER_CHARS = 8;

/**
 * Ids from a seeded generator, for the seeder: the same seed gives the same history, and the
 * same lengths as {@link randomIds}. A counter keeps them unique whatever the generator does. It
 * comes first, where a new id has its time, so a source's ids grow in the order it makes them
 * and each index of them takes them at its end, as a store's do ({@link TIME_CHARS};
 * docs/performance.md, "Where a seed's server time goes").
 */
export function seededIds(random: () => number): IdSource {
  let counter = 0;
  return {
    next(prefix) {
      counter++;
      let out = '';
      for (let i = ID_CHARS - COUNTER_CHARS; i > 0; i--) out += ALPHABET[Math.floor(random() * 62)];
      return `${prefix}_${counter.toString(36).padStart(COUNTER_CHARS, '0')}${out}`;
    },
  };
}
