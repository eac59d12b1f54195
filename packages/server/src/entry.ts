/**
 * The compiled server's entry (`dist/main.mjs`): holds the young generation's growth before any
 * dependency is loaded (young-generation.ts), then loads and runs the server (`main.ts`, built
 * into `dist/server.mjs`), which releases it once it serves.
 */
import { holdYoungGeneration } from './young-generation.ts';

holdYoungGeneration();
await import('./main.ts');
