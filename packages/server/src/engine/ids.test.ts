import { exports } from '@paydesk/domain/contracts';
import { describe, expect, it } from 'vitest';
import { ID_CHARS, type IdPrefix, randomIds, seededIds } from './ids.ts';
import { mulberry32 } from './seed/mix.ts';

const PREFIXES: IdPrefix[] = [
  'acct',
  'pi',
  'ch',
  'py',
  'pm',
  're',
  'dp',
  'po',
  'txn',
  'file',
  'tmr',
  'flxln',
  'fr',
];

describe('randomIds', () => {
  it('makes the prefix and 16 base-62 characters, each id new', () => {
    const seen = new Set<string>();
    for (const prefix of PREFIXES) {
      for (let i = 0; i < 2000; i++) {
        const id = randomIds.next(prefix);
        expect(id).toMatch(new RegExp(`^${prefix}_[0-9A-Za-z]{${ID_CHARS}}$`));
        seen.add(id);
      }
    }
    expect(seen.size).toBe(PREFIXES.length * 2000);
    expect(ID_CHARS).toBe(16);
  });

  it('uses every character of the alphabet, none more often than chance allows', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 4000; i++) {
      for (const c of randomIds.next('ch').slice(3)) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // 64,000 characters over 62: about 1,032 each, give or take 32. Taking each byte modulo 62
    // without refusing the bytes from 248 up would give eight of them about 1,250.
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(870);
    for (const n of counts.values()) expect(n).toBeLessThan(1195);
  });

  it("keeps an export's id as its contract names it", () => {
    const id = randomIds.next('exp');
    expect(id).toHaveLength(4 + exports.EXPORT_ID_CHARS);
    expect(exports.zExportId.safeParse(id).success).toBe(true);
    expect(exports.zExportId.safeParse(randomIds.next('file').replace('file_', 'exp_')).success).toBe(false);
  });
});

describe('seededIds', () => {
  it('gives the same ids for the same seed, as long as random ones, growing in the order made', () => {
    const a = seededIds(mulberry32(7));
    const b = seededIds(mulberry32(7));
    let previous = '';
    for (let i = 0; i < 3000; i++) {
      const prefix = PREFIXES[i % PREFIXES.length] ?? 'ch';
      const id = a.next(prefix);
      expect(b.next(prefix)).toBe(id);
      expect(id).toHaveLength(randomIds.next(prefix).length);
      const body = id.slice(prefix.length + 1);
      expect(body > previous).toBe(true);
      previous = body;
    }
    expect(seededIds(mulberry32(8)).next('ch')).not.toBe(seededIds(mulberry32(7)).next('ch'));
    expect(seededIds(mulberry32(7)).next('exp')).toHaveLength(4 + exports.EXPORT_ID_CHARS);
  });
});
