// Types of what TypeScript files (the browser tests' global setup) import from build-lib.mjs.
import type { BuildOptions } from 'esbuild';

export function serverBundleOptions(): BuildOptions;
