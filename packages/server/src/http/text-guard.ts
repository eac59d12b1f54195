import { invalidParams } from '@paydesk/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Text the database cannot store: PostgreSQL refuses the NUL character in text, and a lone
 * UTF-16 surrogate has no UTF-8 form. Such text is refused where every request enters, before
 * any route or form reads it, so it answers 400 naming the field instead of failing in a query.
 */
const UNSTORABLE = new RegExp(
  ['\\u0000', '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])', '(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]'].join('|'),
);

export const UNSTORABLE_TEXT_REASON = 'Text may not contain NUL characters or unpaired surrogates.';

export function isUnstorableText(value: string): boolean {
  return UNSTORABLE.test(value);
}

/**
 * The path of the first string (value or key) in `value` that cannot be stored, or undefined.
 * The walk uses its own stack, so a hostile, deeply nested body cannot exhaust the call stack.
 * Bytes (an uploaded file's content) are not walked.
 */
export function findUnstorableText(value: unknown, root: string): string | undefined {
  const stack: { value: unknown; path: string }[] = [{ value, path: root }];
  while (stack.length > 0) {
    const { value: current, path } = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnstorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) stack.push({ value: item, path: `${path}[${index}]` });
    } else if (current !== null && typeof current === 'object' && !ArrayBuffer.isView(current)) {
      // An uploaded file's bytes (a Buffer) are not text: the route that stores them decides.
      for (const [key, item] of Object.entries(current)) {
        const child = path ? `${path}.${key}` : key;
        if (isUnstorableText(key)) return path || readableKey(key);
        stack.push({ value: item, path: child });
      }
    }
  }
  return undefined;
}

/** A key that cannot be stored either, named with its bad characters replaced so it can be shown. */
function readableKey(key: string): string {
  return key.replace(new RegExp(UNSTORABLE.source, 'g'), '\uFFFD');
}

/** Refuses unstorable text in the path parameters, query and body of every route. */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // An address no route takes answers 404 `rest_no_route`, whatever its query holds.
    if (request.is404) return;
    for (const part of [request.params, request.query, request.body]) {
      const field = findUnstorableText(part, '');
      if (field !== undefined) throw invalidParams({ [field || 'body']: UNSTORABLE_TEXT_REASON });
    }
  });
}
