import { z } from 'zod';

import type { ErrorCode } from '../errors/registry.ts';
import { UTC_DATE_TIME_PATTERN } from '../time.ts';
import type { HttpMethod } from './paths.ts';

export { buildPath, type HttpMethod, PAYMENTS_BASE, REST_ROOT } from './paths.ts';

/**
 * One endpoint of the REST API: its route, its inputs and its answer, as zod schemas.
 * The server registers routes from these and publishes them as OpenAPI; the web client
 * builds typed requests from the same objects, so a type is never written twice.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  readonly method: HttpMethod;
  /** Full path from the site root with `:name` parameters, e.g. `/wp-json/wc/v3/payments/charges/:id`. */
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params: P | undefined;
  readonly query: Q | undefined;
  readonly body: B | undefined;
  readonly response: R;
  /** Money-moving POSTs replay their first answer for a repeated `Idempotency-Key`. */
  readonly idempotent: boolean;
  /**
   * The error codes this endpoint's own logic can answer; `endpointErrors` adds the REST layer's
   * (access, validation, idempotency). OpenAPI publishes them under their statuses.
   */
  readonly errors: readonly ErrorCode[];
}

interface EndpointInput<P, Q, B, R> {
  method: HttpMethod;
  path: string;
  summary: string;
  tags?: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  response: R;
  idempotent?: boolean;
  errors?: readonly ErrorCode[];
}

export function defineEndpoint<
  R extends z.ZodType,
  P extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
>(
  input: EndpointInput<P, Q, B, R>,
): Endpoint<
  P extends z.ZodType ? P : z.ZodUndefined,
  Q extends z.ZodType ? Q : z.ZodUndefined,
  B extends z.ZodType ? B : z.ZodUndefined,
  R
> {
  return {
    method: input.method,
    path: input.path,
    summary: input.summary,
    tags: input.tags ?? [],
    params: input.params,
    query: input.query,
    body: input.body,
    response: input.response,
    idempotent: input.idempotent ?? false,
    errors: input.errors ?? [],
  } as never;
}

/** What any route may answer before or around its own logic. */
export const REST_LAYER_ERRORS = [
  'rest_invalid_param',
  'rest_invalid_json',
  'rest_invalid_request',
  'rest_not_logged_in',
  'incorrect_password',
  'rest_forbidden',
  'rest_cookie_invalid_nonce',
  'rest_cookie_invalid_origin',
  'rest_payload_too_large',
  'rest_unsupported_media_type',
  'rest_too_many_requests',
  'internal_server_error',
] as const satisfies readonly ErrorCode[];

/** What an idempotent route may answer about its Idempotency-Key. */
export const IDEMPOTENCY_ERRORS = [
  'idempotency_key_reused',
  'idempotency_key_in_flight',
  'idempotency_key_retry',
  'idempotency_key_outcome_unknown',
] as const satisfies readonly ErrorCode[];

/** Every code an endpoint can answer: its own, the REST layer's, and the idempotency ones. */
export function endpointErrors(endpoint: Endpoint): readonly ErrorCode[] {
  return [...REST_LAYER_ERRORS, ...(endpoint.idempotent ? IDEMPOTENCY_ERRORS : []), ...endpoint.errors];
}

export type ParamsOf<E extends Endpoint> = z.input<NonNullable<E['params']>>;
export type QueryOf<E extends Endpoint> = z.input<NonNullable<E['query']>>;
export type BodyOf<E extends Endpoint> = z.input<NonNullable<E['body']>>;
export type ResponseOf<E extends Endpoint> = z.output<E['response']>;

/**
 * An integer carried as text in a query string or a path: digits only (no sign, exponent, hex,
 * spaces or empty value, all of which `Number()` would accept), then bounded. A JSON number is
 * taken as it is (typed clients build queries from numbers); a boolean never.
 */
export const zIntFromQuery = (min: number, max: number) =>
  z
    .union([
      z
        .string()
        .regex(/^\d{1,16}$/, 'Digits only.')
        .transform(Number),
      z.number(),
    ])
    .pipe(z.number().int().min(min).max(max));

/**
 * An instant answered as `YYYY-MM-DD HH:MM:SS` in UTC, the form the admin client reads in the
 * lists that use it (docs/compatibility.md); `time.ts` writes and reads it.
 */
export const zUtcDateTime = z
  .string()
  .regex(UTC_DATE_TIME_PATTERN, 'YYYY-MM-DD HH:MM:SS')
  .describe('UTC date and time, YYYY-MM-DD HH:MM:SS');

/** List parameters shared by every list endpoint. */
export const listQuery = {
  page: zIntFromQuery(1, 1_000_000).default(1),
  pagesize: zIntFromQuery(1, 100).default(25),
  direction: z.enum(['asc', 'desc']).optional(),
};
