import { describe, expect, it } from 'vitest';
import { onFirstUse } from './first-use.ts';

describe('onFirstUse', () => {
  it('loads nothing until asked, then once for every caller, at once or later', async () => {
    let loads = 0;
    const module = onFirstUse(async () => ({ load: ++loads }));
    expect(loads).toBe(0);
    const [first, second] = await Promise.all([module(), module()]);
    expect(await module()).toBe(first);
    expect(second).toBe(first);
    expect(loads).toBe(1);
  });

  it('starts a failed load again on the next call', async () => {
    let loads = 0;
    const module = onFirstUse(async () => {
      loads += 1;
      if (loads === 1) throw new Error('not installed');
      return 'loaded';
    });
    await expect(module()).rejects.toThrow('not installed');
    expect(await module()).toBe('loaded');
    expect(await module()).toBe('loaded');
    expect(loads).toBe(2);
  });
});
