import { getSettings } from './bootstrap.ts';

/** The store's time in epoch milliseconds: the wall clock, moved as far as the sandbox clock is. */
export function storeNow(): number {
  return Date.now() + getSettings().clockOffsetMs;
}
