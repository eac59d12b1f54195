import { REST_ERRORS } from './rest.ts';
import type { ErrorSpec } from './table.ts';

/**
 * Every error code the API answers with, one table per area. A code is defined once, here,
 * with its status and message; code that raises it names only the code (`appError`), and each
 * endpoint's contract lists the codes it can answer, which the OpenAPI document publishes.
 *
 * To add an area: write `errors/<area>.ts` with `defineErrors({...})` and spread it below.
 */
export const ERRORS = {
  ...REST_ERRORS,
} as const satisfies Record<string, ErrorSpec>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERRORS, code);
}

export function errorSpec(code: ErrorCode): ErrorSpec {
  return ERRORS[code];
}

/** Fills `%s`, `%d` and `%1$s`-style placeholders, as the spec's strings write them. */
export function formatMessage(template: string, args: readonly (string | number)[]): string {
  let next = 0;
  return template.replace(/%(?:(\d+)\$)?([sd])/g, (_match, position: string | undefined) => {
    const index = position ? Number(position) - 1 : next++;
    const value = args[index];
    return value === undefined ? '' : String(value);
  });
}
