import { ERRORS, type ErrorCode } from './errors/registry.ts';
import { fillTemplate } from './template.ts';

export { ERRORS, type ErrorCode, errorSpec, isErrorCode } from './errors/registry.ts';
export { defineErrors, type ErrorSpec, type ErrorTable } from './errors/table.ts';

/**
 * An expected failure: a registered code, the message a person can read, and the HTTP status
 * the REST layer answers with. Make one with `appError(code, …)`, which takes the status and
 * message from the registry. Invariant breaks are not AppErrors; they are assertions.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly params: Record<string, string> | undefined;
  /** More fields for the error's `data` (e.g. `error_type`, `minimum_amount`). */
  readonly extra: Record<string, unknown> | undefined;

  /** Use `appError(code, …)`: it takes the status and message from the registry. */
  constructor(
    code: ErrorCode,
    message: string,
    status: number,
    options: { params?: Record<string, string>; extra?: Record<string, unknown> } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.params = options.params;
    this.extra = options.extra;
  }
}

export interface AppErrorOptions {
  /** Values for the registered message's placeholders, in order. */
  args?: readonly (string | number)[];
  /** Per-field reasons, answered in `data.params`. */
  params?: Record<string, string>;
  /** More fields for the error's `data`. */
  extra?: Record<string, unknown>;
}

/** The one way to raise an expected failure: status and message come from the registry. */
export function appError(code: ErrorCode, options: AppErrorOptions = {}): AppError {
  const spec = ERRORS[code];
  return new AppError(code, fillTemplate(spec.message, ...(options.args ?? [])), spec.status, {
    ...(options.params ? { params: options.params } : {}),
    ...(options.extra ? { extra: options.extra } : {}),
  });
}

export const notLoggedIn = () => appError('rest_not_logged_in');
export const forbidden = () => appError('rest_forbidden');
export const invalidNonce = () => appError('rest_cookie_invalid_nonce');
export const invalidParams = (params: Record<string, string>) =>
  appError('rest_invalid_param', { args: [Object.keys(params).join(', ')], params });

/** Throws when an invariant does not hold. Never used for input a person can get wrong. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`);
}
