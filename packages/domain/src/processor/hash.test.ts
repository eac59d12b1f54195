import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, fnv1a64Hex, sandboxFingerprint, seededDigits, seededInt, seededPick } from './hash.ts';

describe('fnv1a32 and fnv1a64Hex', () => {
  it.each([
    ['', 0x811c9dc5, 'cbf29ce484222325'],
    ['a', 0xe40c292c, 'af63dc4c8601ec8c'],
    ['foobar', 0xbf9cf968, '85944171f73967e8'],
  ])('match the published FNV-1a test vectors for %j', (text, hash32, hash64) => {
    expect(fnv1a32(text)).toBe(hash32);
    expect(fnv1a64Hex(text)).toBe(hash64);
  });

  it('hashes characters beyond one byte, so names in any script differ', () => {
    expect(fnv1a32('Łódź')).not.toBe(fnv1a32('Lodz'));
    expect(fnv1a64Hex('Łódź')).toMatch(/^[0-9a-f]{16}$/);
  });

  it('always gives an unsigned 32-bit integer and 16 hex digits', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const hash = fnv1a32(text);
        expect(Number.isInteger(hash) && hash >= 0 && hash <= 0xffffffff).toBe(true);
        expect(fnv1a64Hex(text)).toMatch(/^[0-9a-f]{16}$/);
      }),
    );
  });
});

describe('sandboxFingerprint', () => {
  it('is stable, 16 characters, and depends on the kind', () => {
    const card = sandboxFingerprint('card', '4242424242424242');
    expect(card).toBe(sandboxFingerprint('card', '4242424242424242'));
    expect(card).toHaveLength(16);
    expect(card).not.toBe(sandboxFingerprint('sepa_debit', '4242424242424242'));
    expect(card).not.toBe(sandboxFingerprint('card', '4000056655665556'));
  });
});

describe('seeded choices', () => {
  it('stay in range and repeat for the same seed', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.integer({ min: 1, max: 1000 }), (seed, choice, modulo) => {
        const value = seededInt(seed, choice, modulo);
        expect(value).toBeGreaterThanOrEqual(0);
        expect(value).toBeLessThan(modulo);
        expect(seededInt(seed, choice, modulo)).toBe(value);
      }),
    );
  });

  it('differ between choices made from one seed', () => {
    const picks = new Set(
      Array.from({ length: 20 }, (_, index) => seededInt('pi_123', `choice${index}`, 1000)),
    );
    expect(picks.size).toBeGreaterThan(10);
  });

  it('pick from a table and make digit strings of the asked length', () => {
    expect(['a', 'b', 'c']).toContain(seededPick('seed', 'letter', ['a', 'b', 'c'] as const));
    expect(seededDigits('seed', 'iban', 18)).toMatch(/^\d{18}$/);
    expect(seededDigits('seed', 'iban', 0)).toBe('');
    expect(seededDigits('seed', 'iban', 4)).toBe(seededDigits('seed', 'iban', 4));
  });

  it('refuse an impossible range', () => {
    expect(() => seededInt('seed', 'x', 0)).toThrow(/Assertion failed/);
    expect(() => seededInt('seed', 'x', 1.5)).toThrow(/Assertion failed/);
    expect(() => seededDigits('seed', 'x', -1)).toThrow(/Assertion failed/);
    expect(() => seededDigits('seed', 'x', 65)).toThrow(/Assertion failed/);
  });
});
