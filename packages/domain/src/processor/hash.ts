/**
 * Small non-cryptographic hashes for the sandbox processor. The domain package runs in the browser
 * too, so it cannot use Node's crypto; FNV-1a is enough to make fingerprints and sample data
 * deterministic. Nothing here protects a real secret: the live processor supplies its own
 * fingerprints.
 */

import { assert } from '../errors.ts';

const FNV32_OFFSET = 0x811c9dc5;
const FNV32_PRIME = 0x01000193;
const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK64 = (1n << 64n) - 1n;

/** The bytes FNV-1a consumes: each UTF-16 code unit as its low byte, then its high byte when set. */
function forEachByte(text: string, visit: (byte: number) => void): void {
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    visit(unit & 0xff);
    if (unit > 0xff) visit(unit >>> 8);
  }
}

/** 32-bit FNV-1a, as an unsigned integer. */
export function fnv1a32(text: string): number {
  let hash = FNV32_OFFSET;
  forEachByte(text, (byte) => {
    hash = Math.imul(hash ^ byte, FNV32_PRIME);
  });
  return hash >>> 0;
}

/** 64-bit FNV-1a rendered as 16 lowercase hex digits. */
export function fnv1a64Hex(text: string): string {
  let hash = FNV64_OFFSET;
  forEachByte(text, (byte) => {
    hash = ((hash ^ BigInt(byte)) * FNV64_PRIME) & MASK64;
  });
  return hash.toString(16).padStart(16, '0');
}

/**
 * A stable 16-character fingerprint of an account or card number. The kind is mixed in so the same
 * digits used as a card and as a bank account do not share a fingerprint.
 */
export function sandboxFingerprint(kind: string, value: string): string {
  return fnv1a64Hex(`paydesk-sandbox-fingerprint:${kind}:${value}`);
}

/** A deterministic integer in [0, modulo) for one named choice made from a seed. */
export function seededInt(seed: string, choice: string, modulo: number): number {
  assert(
    Number.isSafeInteger(modulo) && modulo > 0,
    `seededInt modulo must be a positive integer, got ${modulo}`,
  );
  return fnv1a32(`${choice}:${seed}`) % modulo;
}

/** A deterministic pick from a non-empty table. */
export function seededPick<T>(seed: string, choice: string, table: readonly [T, ...T[]]): T {
  return table[seededInt(seed, choice, table.length)] ?? table[0];
}

/** A deterministic string of decimal digits, such as the last four digits of an IBAN. */
export function seededDigits(seed: string, choice: string, count: number): string {
  assert(
    Number.isSafeInteger(count) && count >= 0 && count <= 64,
    `seededDigits count out of range: ${count}`,
  );
  let digits = '';
  for (let position = 0; position < count; position++) digits += seededInt(seed, `${choice}:${position}`, 10);
  return digits;
}
