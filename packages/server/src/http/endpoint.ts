import { ERRORS } from '@paydesk/domain';
import type { Endpoint, ResponseOf } from '@paydesk/domain/contracts';
import { ZApiError } from '@paydesk/domain/contracts';
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
 * Registers one contract as a route. Input is validated by the contract's schemas (unknown
 * query parameters are refused), the answer is serialised by its response schema, and the
 * route is documented in OpenAPI from the same objects.
 */
export function registerEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  const errorResponses = Object.fromEntries(
    [
      400,
      401,
      403,
      ...endpoint.errors.map((error) => (typeof error === 'number' ? error : ERRORS[error].status)),
    ].map((status) => [status, ZApiError]),
  );
  app.route({
    method: endpoint.method,
    url: toFastifyPath(endpoint.path),
    schema: {
      summary: endpoint.summary,
      tags: [...endpoint.tags],
      ...(endpoint.params ? { params: endpoint.params } : {}),
      querystring: endpoint.query ?? noInput,
      ...(endpoint.body ? { body: endpoint.body } : {}),
      response: { 200: endpoint.response, ...errorResponses },
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
      return endpoint.idempotent
        ? withIdempotency(request.server.database.db, request, reply, user.id, run)
        : run();
    },
  });
}
