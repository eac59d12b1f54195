import type { ErrorCode } from '@paydesk/domain';
import {
  type BodyOf,
  buildPath,
  type Endpoint,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@paydesk/domain/contracts';
import { getPage } from './bootstrap.ts';

/** A failed REST call: the server's code and message, which the page may show as they are. */
export class ApiError extends Error {
  readonly code: string;
  readonly status: number;
  readonly data: Record<string, unknown>;
  constructor(code: string, message: string, status: number, data: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.data = data;
  }
}

/**
 * Whether a failure is the server's answer with this registered code. Codes are checked against
 * the registry by the type; the registry's messages stay out of the bundle.
 */
export function hasErrorCode(error: unknown, code: ErrorCode): error is ApiError {
  return error instanceof ApiError && error.code === code;
}

/**
 * A fresh Idempotency-Key for a money-moving POST, made when the merchant acts, so a request the
 * network repeats is applied once.
 */
export function newIdempotencyKey(): string {
  // getRandomValues works outside secure contexts too (an admin served over plain HTTP on a LAN).
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** What the server said about a failure, with each refused field's own reason where it gave them. */
export function serverMessage(error: ApiError): string {
  const params = error.data.params as Record<string, string> | undefined;
  const reasons = params ? Object.values(params) : [];
  return reasons.length > 0 ? reasons.join(' ') : error.message;
}

export interface RequestInput<E extends Endpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: BodyOf<E>;
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export function queryString(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) for (const item of value) search.append(`${key}[]`, String(item));
    else search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Calls one endpoint of the contracts with the session's nonce; answers its typed response. */
export async function apiFetch<E extends Endpoint>(
  endpoint: E,
  input: RequestInput<E> = {},
): Promise<ResponseOf<E>> {
  return send(endpoint, input, input.body !== undefined ? JSON.stringify(input.body) : undefined);
}

/**
 * Sends a form with a file to an endpoint that takes `multipart/form-data`; the browser writes
 * the body and its boundary. Answers the typed response, or throws ApiError like apiFetch.
 */
export async function apiUpload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  input: Omit<RequestInput<E>, 'body'> = {},
): Promise<ResponseOf<E>> {
  return send(endpoint, input, form);
}

async function send<E extends Endpoint>(
  endpoint: E,
  input: Omit<RequestInput<E>, 'body'>,
  body: string | FormData | undefined,
): Promise<ResponseOf<E>> {
  return (await apiRequest(endpoint, input, body)).payload;
}

/** Sends a request and answers the typed payload with the response's headers. */
export async function apiRequest<E extends Endpoint>(
  endpoint: E,
  input: Omit<RequestInput<E>, 'body'>,
  body: string | FormData | undefined,
): Promise<{ payload: ResponseOf<E>; headers: Headers }> {
  const url =
    buildPath(endpoint.path, (input.params ?? {}) as Record<string, string>) +
    queryString(input.query as Record<string, unknown> | undefined);
  const headers: Record<string, string> = { 'X-WP-Nonce': getPage().nonce, Accept: 'application/json' };
  if (typeof body === 'string') headers['Content-Type'] = 'application/json';
  if (input.idempotencyKey) headers['Idempotency-Key'] = input.idempotencyKey;
  const response = await fetch(url, {
    method: endpoint.method,
    headers,
    credentials: 'same-origin',
    ...(body !== undefined ? { body } : {}),
    ...(input.signal ? { signal: input.signal } : {}),
  });
  const text = await response.text();
  const payload: unknown = text ? JSON.parse(text) : null;
  if (!response.ok) {
    const error = (payload ?? {}) as { code?: string; message?: string; data?: Record<string, unknown> };
    throw new ApiError(
      error.code ?? 'unknown_error',
      error.message ?? response.statusText,
      response.status,
      error.data ?? {},
    );
  }
  return { payload: payload as ResponseOf<E>, headers: response.headers };
}
