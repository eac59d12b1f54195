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
  | 'fr'
  | 'exp';

/**
 * The base-62 characters after an id's prefix: 16, about 95 bits, so that two ids of one store
 * meet with odds of about 1 in 10^13 at 100,000,000 ids, and a primary key refuses a repeated
 * one. An id is a name, not a secret (docs/decisions.md, "Object ids"). Each sits in several
 * rows and indexes of every payment (the ledger row names its charge and intent, the charge its
 * intent and method), so each character cost about 0.03 KB per ledger row of a 1M-row store
 * (docs/performance.md, "Storage"). Ids made before, of 24 characters, stay as they are. An
 * export's id keeps the length its contract names.
 */
export const ID_CHARS = 16;

function idChars(prefix: IdPrefix): number {
  return prefix === 'exp' ? exports.EXPORT_ID_CHARS : ID_CHARS;
}

/** Makes ids with the provider's prefixes (`pi_…`, `ch_…`). */
export interface IdSource {
  next(prefix: IdPrefix): string;
}

/** Random base-62 characters after the prefix, {@link ID_CHARS} of them. */
export const randomIds: IdSource = {
  next(prefix) {
    const length = idChars(prefix);
    let out = '';
    // Bytes from 248 up are refused, so each of the 62 characters is equally likely; 8 bytes
    // more than needed almost always suffice, and more are drawn when they do not.
    while (out.length < length) {
      for (const b of randomBytes(length - out.length + 8)) {
        if (b < 248) out += ALPHABET[b % 62];
        if (out.length === length) break;
      }
    }
    return `${prefix}_${out}`;
  },
};

/** The seeded ids' counter: base 36, 8 characters, in the order they are made. */
const COUNTER_CHARS = 8;

/**
 * Ids from a seeded generator, for the seeder: the same seed gives the same history, and the
 * same lengths as {@link randomIds}. A counter keeps them unique whatever the generator does. It
 * comes first, so a source's ids grow in the order it makes them and each primary key takes them
 * at its end: random ids land on a random page of an index that outgrows the database's buffers,
 * each a read and an eviction (docs/performance.md, "Where a seed's server time goes").
 */
export function seededIds(random: () => number): IdSource {
  let counter = 0;
  return {
    next(prefix) {
      counter++;
      let out = '';
      for (let i = idChars(prefix) - COUNTER_CHARS; i > 0; i--) out += ALPHABET[Math.floor(random() * 62)];
      return `${prefix}_${counter.toString(36).padStart(COUNTER_CHARS, '0')}${out}`;
    },
  };
}
