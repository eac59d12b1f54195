import { writeFileSync } from 'node:fs';
import { renderErrorsDocument } from '../packages/domain/src/errors/document.ts';

/** Writes docs/errors.md from the error-code registry. */
writeFileSync(new URL('../docs/errors.md', import.meta.url), renderErrorsDocument());
