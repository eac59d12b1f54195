import { afterEach, expect, it, vi } from 'vitest';
import { newIdempotencyKey } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

it('makes idempotency keys where randomUUID is missing, as on an admin served over plain HTTP', () => {
  // Browsers offer crypto.randomUUID only in secure contexts; getRandomValues everywhere.
  vi.stubGlobal('crypto', { getRandomValues: globalThis.crypto.getRandomValues.bind(globalThis.crypto) });
  const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
  expect(keys.size).toBe(50);
  for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
});
