import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { renderErrorsDocument } from '../packages/domain/src/errors/document.ts';

/** Writes docs/errors.md from the error-code registry. */
const file = new URL('../docs/errors.md', import.meta.url);
writeFileSync(file, renderErrorsDocument());
// Biome pads the tables' columns; the test compares the page with that padding taken out.
execFileSync('npx', ['biome', 'format', '--write', file.pathname], { stdio: 'inherit' });
