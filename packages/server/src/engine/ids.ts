import { randomBytes } from 'node:crypto';

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

/** Makes ids with the provider's prefixes (`pi_…`, `ch_…`). */
export interface IdSource {
  next(prefix: IdPrefix): string;
}

/** 24 random base-62 characters (about 143 bits) after the prefix. */
export const randomIds: IdSource = {
  next(prefix) {
    const bytes = randomBytes(32);
    let out = '';
    for (const b of bytes) {
      if (b < 248) out += ALPHABET[b % 62];
      if (out.length === 24) break;
    }
    return `${prefix}_${out.padEnd(24, '0')}`;
  },
};

/**
 * Ids from a seeded generator, for the seeder: the same seed gives the same history. A counter
 * keeps them unique whatever the generator does. It comes first, so a source's ids grow in the
 * order it makes them and each primary key takes them at its end: random ids land on a random
 * page of an index that outgrows the database's buffers, each a read and an eviction
 * (docs/performance.md, "Where a seed's server time goes").
 */
export function seededIds(random: () => number): IdSource {
  let counter = 0;
  return {
    next(prefix) {
      counter++;
      let out = '';
      for (let i = 0; i < 16; i++) out += ALPHABET[Math.floor(random() * 62)];
      return `${prefix}_${counter.toString(36).padStart(8, '0')}${out}`;
    },
  };
}
