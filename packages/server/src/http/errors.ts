import { AppError, appError, ERRORS, type ErrorCode, invalidParams, REST_ROOT } from '@paydesk/domain';
import type { TApiError } from '@paydesk/domain/contracts';
import { escapeHtml } from '@paydesk/domain/html';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { simplePage } from './html.ts';

/** The body of an error answer: `{ code, message, data: { status, params? } }`. */
export function errorBody(
  code: string,
  message: string,
  status: number,
  params?: Record<string, string>,
  extra?: Record<string, unknown>,
): TApiError {
  return { code, message, data: { ...(extra ?? {}), status, ...(params ? { params } : {}) } };
}

/** The answer to an expected failure, as every route and a replayed idempotent request send it. */
export function appErrorBody(error: AppError): TApiError {
  return errorBody(error.code, error.message, error.status, error.params, error.extra);
}

/** The answer to a registered code raised outside a handler (no route, a schema failure). */
export function registeredErrorBody(
  code: ErrorCode,
  args: readonly (string | number)[] = [],
  params?: Record<string, string>,
): TApiError {
  return appErrorBody(appError(code, { args, ...(params ? { params } : {}) }));
}

function fieldName(
  context: string | undefined,
  instancePath: string,
  params: Record<string, unknown>,
): string[] {
  const keys = params.keys;
  if (Array.isArray(keys) && keys.length > 0) return keys.map(String);
  const path = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [path || context || 'request'];
}

/** Status codes Fastify raises itself for malformed requests, with codes a client can act on. */
const FASTIFY_CLIENT_ERRORS: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'rest_payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'rest_unsupported_media_type',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'rest_invalid_json',
  FST_ERR_CTP_INVALID_JSON_BODY: 'rest_invalid_json',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'rest_invalid_request',
};

const isRestRequest = (request: FastifyRequest) =>
  request.url === REST_ROOT ||
  request.url.startsWith(`${REST_ROOT}/`) ||
  request.url.startsWith(`${REST_ROOT}?`);

/** Pages (sign-in, the admin page) answer a page, not JSON, when their input is refused. */
function sendErrorPage(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .type('text/html')
    .send(simplePage('Error', `<div class="card error" role="alert"><p>${escapeHtml(message)}</p></div>`));
}

/**
 * Fastify's own refusals before routing — a URL that is not valid percent-encoded UTF-8, a path
 * parameter past the router's length limit — answered like every other malformed request.
 */
export function answerFrameworkError(_error: Error, request: FastifyRequest, reply: FastifyReply) {
  if (!isRestRequest(request)) return sendErrorPage(reply, 400, ERRORS.rest_invalid_request.message);
  return reply.code(400).send(registeredErrorBody('rest_invalid_request'));
}

/**
 * A row written under an account that a reset deleted while the request waited for it: its
 * foreign key to `accounts` finds no account (PostgreSQL's `foreign_key_violation`, "is not
 * present in table accounts"). Payments take the account row first and answer this themselves
 * (`loadPlanEnv`); any other write that meets a reset this way answers the same, not a server
 * error.
 */
function accountGoneMeanwhile(error: unknown): boolean {
  const e = error as { code?: unknown; detail?: unknown } | null;
  return (
    e !== null &&
    typeof e === 'object' &&
    e.code === '23503' &&
    typeof e.detail === 'string' &&
    e.detail.includes('is not present in table "accounts"')
  );
}

/**
 * One error handler for the whole server: expected failures answer their code and message;
 * invalid input answers 400 with a reason per field; anything else is logged with the request id
 * and answered with a masked 500, so internals never reach a client.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = accountGoneMeanwhile(error) ? appError('wcpay_account_not_found') : error;
    if (known instanceof AppError) {
      if (known.status >= 500) request.log.error({ err: known }, 'server error');
      if (!isRestRequest(request)) return sendErrorPage(reply, known.status, known.message);
      return reply.code(known.status).send(appErrorBody(known));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const params: Record<string, string> = {};
      for (const issue of error.validation) {
        for (const name of fieldName(
          error.validationContext,
          issue.instancePath,
          issue.params as Record<string, unknown>,
        )) {
          params[name] ??=
            issue.keyword === 'unrecognized_keys'
              ? 'Unknown parameter.'
              : (issue.message ?? 'Invalid value.');
        }
      }
      return reply.code(400).send(appErrorBody(invalidParams(params)));
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      const code =
        FASTIFY_CLIENT_ERRORS[error.code] ??
        (status === 429 ? 'rest_too_many_requests' : 'rest_invalid_request');
      return reply.code(status).send(errorBody(code, ERRORS[code].message, status));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(registeredErrorBody('internal_server_error', [request.id]));
  });
}
