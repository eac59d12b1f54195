import { setFlagsFromString } from 'node:v8';

/** V8's default `--semi-space-growth-factor`: the young generation doubles when it grows. */
const DEFAULT_GROWTH_FACTOR = 2;

/**
 * Keeps V8's young generation (its new space: two semi-spaces) at its initial 1 MB per
 * semi-space while the server starts. V8 doubles it whenever a scavenge finds as much surviving
 * as it holds, up to 16 MB per semi-space, and loading the modules and building the app keep
 * nearly all they allocate: without this the young generation reaches its 32 MB within the
 * start and stays resident while the server waits idle. What survives goes to the old
 * generation a little sooner instead (a few MB). Must run before the server's dependencies are
 * loaded: `entry.ts` calls it first thing, then imports `main.ts`.
 */
export function holdYoungGeneration(): void {
  setFlagsFromString('--semi-space-growth-factor=1');
}

/**
 * Lets the young generation grow again as V8 does by default, once the server serves: under
 * load it grows to what the requests allocate, as it did before. Harmless when it was not held
 * (the TypeScript sources run `main.ts` directly).
 */
export function releaseYoungGeneration(): void {
  setFlagsFromString(`--semi-space-growth-factor=${DEFAULT_GROWTH_FACTOR}`);
}
