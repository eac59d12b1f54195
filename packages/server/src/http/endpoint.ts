import { AppError, ERRORS, type ErrorCode } from '@paydesk/domain';
import { type Endpoint, endpointErrors, type ResponseOf, ZApiError } from '@paydesk/domain/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { User } from '../store/users.ts';
import { withIdempotency } from './idempotency.ts';

export interface HandlerContext<E extends Endpoint> {
  params: z.output<NonNullable<E['params']>>;
  query: z.output<NonNullable<E['query']>>;
  body: z.output<NonNullable<E['body']>>;
  user: User;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type Handler<E extends Endpoint> = (ctx: HandlerContext<E>) => Promise<ResponseOf<E>>;

/** Fastify writes `:id`; OpenAPI and the contracts write the same. */
const toFastifyPath = (path: string) => path;

const noInput = z.object({}).strict();

/**
 * The error answers of a route, one per status, each listing the codes it can carry with what
 * they mean. The code is documented as an enum but validated as text, so a code missing from a
 * contract is caught by the tests (below), never turned into a 500 for a merchant.
 */
function errorResponses(codes: readonly ErrorCode[]): Record<number, z.ZodType> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes)
    byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, list]) => [
      status,
      ZApiError.extend({ code: z.string().meta({ enum: list }) }).describe(
        list.map((code) => `\`${code}\`: ${ERRORS[code].when} ${ERRORS[code].action}`).join('\n\n'),
      ),
    ]),
  );
}

/** Under test, a route that answers a code its contract does not list fails loudly. */
const CHECK_LISTED_CODES = Boolean(process.env.VITEST);

function refuseUnlistedCode(endpoint: Endpoint, codes: readonly ErrorCode[]) {
  return (error: unknown): never => {
    if (error instanceof AppError && !codes.includes(error.code as ErrorCode)) {
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered ${error.code}, which its contract does not list`,
      );
    }
    throw error;
  };
}

/**
 * Registers one contract as a route. Input is validated by the contract's schemas (unknown
 * query parameters are refused), the answer is serialised by its response schema, and the
 * route is documented in OpenAPI from the same objects.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  const codes = endpointErrors(endpoint);
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      querystring: endpoint.query ?? noInput,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, ...errorResponses(codes) },
    },
    handler: async (request, reply) => {
      const user = request.user;
      if (!user)
        throw new Error(`Route ${endpoint.method} ${endpoint.path} ran without an authenticated user`);
      const run = () =>
        handler({
          params: request.params as HandlerContext<E>['params'],
          query: request.query as HandlerContext<E>['query'],
          body: request.body as HandlerContext<E>['body'],
          user,
          request,
          reply,
        });
      const answer = endpoint.idempotent
        ? withIdempotency(request.server.database.db, request, reply, user.id, run)
        : run();
      return CHECK_LISTED_CODES ? answer.catch(refuseUnlistedCode(endpoint, codes)) : answer;
    },
  });
}
