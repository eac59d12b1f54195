import { describe, expect, it } from 'vitest';
import { startLoop } from './loop.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `condition` holds, for at most `ms`. */
async function until(condition: () => boolean, ms = 2000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await sleep(2);
  }
}

describe('startLoop', () => {
  it('runs a pass after first_ms, then interval_ms after each pass ends, never two at once', async () => {
    let passes = 0;
    let inPass = 0;
    let overlapped = false;
    const loop = startLoop(
      async () => {
        inPass += 1;
        if (inPass > 1) overlapped = true;
        await sleep(5);
        passes += 1;
        inPass -= 1;
      },
      { interval_ms: 5, first_ms: 0 },
    );
    await until(() => passes >= 4);
    for (let i = 0; i < 10; i++) loop.wake();
    await loop.stop();
    expect(overlapped).toBe(false);
  });

  it('runs once more right after the pass in progress when woken during it, and at once when idle', async () => {
    const started: number[] = [];
    let release: () => void = () => {};
    const loop = startLoop(
      () => {
        started.push(Date.now());
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
      { interval_ms: 60_000, first_ms: 0 },
    );
    await until(() => started.length === 1);
    loop.wake();
    loop.wake();
    release();
    await until(() => started.length === 2);
    release();
    await sleep(20);
    // Woken twice during one pass: one more pass, not two; then idle until the next wake.
    expect(started).toHaveLength(2);
    loop.wake();
    await until(() => started.length === 3);
    release();
    await loop.stop();
  });

  it('hands a failed pass to onError and goes on', async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = startLoop(
      async () => {
        passes += 1;
        if (passes === 1) throw new Error('first pass fails');
      },
      { interval_ms: 1, first_ms: 0, onError: (error) => errors.push(error) },
    );
    await until(() => passes >= 3);
    await loop.stop();
    expect(errors).toHaveLength(1);
    expect((errors[0] as Error).message).toBe('first pass fails');
  });

  it('waits for the pass in progress when stopped, and starts none after', async () => {
    let finished = false;
    let passes = 0;
    const loop = startLoop(
      async () => {
        passes += 1;
        await sleep(30);
        finished = true;
      },
      { interval_ms: 1, first_ms: 0 },
    );
    await until(() => passes === 1);
    await loop.stop();
    expect(finished).toBe(true);
    loop.wake();
    await sleep(20);
    expect(passes).toBe(1);
  });
});
