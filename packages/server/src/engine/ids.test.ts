import { exports } from '@paydesk/domain/contracts';
import { describe, expect, it } from 'vitest';
import {
  ID_CHARS,
  type IdPrefix,
  newExportId,
  randomIds,
  seededIds,
  TIME_CHARS,
  timeOrderedIds,
} from './ids.ts';
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

  it('draws its random characters from the whole alphabet, none more often than chance allows', () => {
    const counts = new Map<string, number>();
    // A clock that moves on at every id, so that each draws its characters anew.
    let clock = 0;
    const ids = timeOrderedIds(() => clock++);
    for (let i = 0; i < 8000; i++) {
      for (const c of ids.next('ch').slice(-(ID_CHARS - TIME_CHARS))) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
    // 64,000 characters over 62: about 1,032 each, give or take 32. Taking each byte modulo 62
    // without refusing the bytes from 248 up would give eight of them about 1,250.
    expect(counts.size).toBe(62);
    for (const n of counts.values()) expect(n).toBeGreaterThan(870);
    for (const n of counts.values()) expect(n).toBeLessThan(1195);
  });

  it('begins with the millisecond it was made, so that ids grow in the order they are made', () => {
    let now = Date.parse('2026-11-30T12:00:00.000Z');
    const ids = timeOrderedIds(() => now);
    const made: string[] = [];
    for (let i = 0; i < 500; i++) {
      made.push(ids.next('txn'));
      // Each step carries into a higher character somewhere: 1 ms, 62 ms, a day, a year.
      now += [1, 62, 86_400_000, 31_536_000_000][i % 4] ?? 1;
    }
    expect([...made].sort()).toEqual(made);
    expect(new Set(made.map((id) => id.slice(4, 4 + TIME_CHARS))).size).toBe(500);
    // The time is there to be read back, in base 62 with the alphabet's order.
    const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
    const last = made.at(-1)?.slice(4, 4 + TIME_CHARS) ?? '';
    const decoded = [...last].reduce((value, c) => value * 62 + alphabet.indexOf(c), 0);
    expect(decoded).toBe(now - 31_536_000_000);
    // Ids made in one millisecond still grow, each one more than the last; so do ids made after
    // the clock was set back.
    let clock = now;
    const same = timeOrderedIds(() => clock);
    const burst = Array.from({ length: 1000 }, () => same.next('ch'));
    expect(new Set(burst).size).toBe(1000);
    expect([...burst].sort()).toEqual(burst);
    expect(new Set(burst.map((id) => id.slice(3, 3 + TIME_CHARS))).size).toBe(1);
    clock -= 60_000;
    const after = [same.next('ch'), same.next('pi')];
    expect(after[0]! > burst.at(-1)!).toBe(true);
    expect(after[1]!.slice(3) > after[0]!.slice(3)).toBe(true);
  });

  it("keeps an export's id as its contract names it, random whole", () => {
    const id = newExportId();
    expect(id).toHaveLength(4 + exports.EXPORT_ID_CHARS);
    expect(exports.zExportId.safeParse(id).success).toBe(true);
    expect(exports.zExportId.safeParse(randomIds.next('file').replace('file_', 'exp_')).success).toBe(false);
    expect(newExportId().slice(4, 4 + TIME_CHARS)).not.toBe(newExportId().slice(4, 4 + TIME_CHARS));
  });

  it('moves to the next millisecond when the random part can grow no more', () => {
    // The clock stands still; each id adds one to the last until its random part is all 'z',
    // then the next takes the next millisecond and draws anew.
    const draws = ['zzzzzzzy', 'zzzzzzzz', '00000000'];
    const ids = timeOrderedIds(
      () => 5,
      () => draws.shift() ?? 'ABCDEFGH',
    );
    expect([ids.next('ch'), ids.next('ch'), ids.next('ch'), ids.next('ch')]).toEqual([
      'ch_00000005zzzzzzzy',
      'ch_00000005zzzzzzzz',
      'ch_00000006zzzzzzzz',
      'ch_0000000700000000',
    ]);
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
  });
});
