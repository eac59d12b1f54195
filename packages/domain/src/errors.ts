/**
 * An expected failure: a typed code, the message a person can read, and the HTTP status the
 * REST layer answers with. Invariant breaks are not AppErrors; they are assertions.
 */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly params: Record<string, string> | undefined;
  /** More fields for the error's `data` (e.g. `error_type`, `minimum_amount`). */
  readonly extra: Record<string, unknown> | undefined;

  constructor(
    code: string,
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

export const ErrorCodes = {
  notLoggedIn: 'rest_not_logged_in',
  forbidden: 'rest_forbidden',
  invalidNonce: 'rest_cookie_invalid_nonce',
  invalidParam: 'rest_invalid_param',
  noRoute: 'rest_no_route',
  notFound: 'rest_not_found',
  conflict: 'rest_conflict',
  tooLarge: 'rest_payload_too_large',
  idempotencyMismatch: 'idempotency_key_reused',
  idempotencyInFlight: 'idempotency_key_in_flight',
  rateLimited: 'rest_too_many_requests',
  serverError: 'internal_server_error',
} as const;

export const notLoggedIn = () =>
  new AppError(ErrorCodes.notLoggedIn, 'You are not currently logged in.', 401);
export const forbidden = () =>
  new AppError(ErrorCodes.forbidden, 'Sorry, you are not allowed to do that.', 403);
export const invalidNonce = () => new AppError(ErrorCodes.invalidNonce, 'Cookie check failed', 403);
export const notFound = (message = 'Not found.') => new AppError(ErrorCodes.notFound, message, 404);
export const invalidParams = (params: Record<string, string>) =>
  new AppError(ErrorCodes.invalidParam, `Invalid parameter(s): ${Object.keys(params).join(', ')}`, 400, {
    params,
  });

/** Throws when an invariant does not hold. Never used for input a person can get wrong. */
export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Assertion failed: ${message}`);
}
