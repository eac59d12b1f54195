import { disputes } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { engineContext } from '../../engine/context.ts';
import { closeDispute, readDispute, updateDispute } from '../../engine/disputes/service.ts';
import { registerEndpoint } from '../endpoint.ts';

/** One dispute: read it, save or submit its evidence, accept it. */
export function disputeRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, disputes.getDispute, async ({ params }) =>
    readDispute(db, (await requireAccount(db)).id, params.id),
  );

  registerEndpoint(app, disputes.updateDispute, async ({ params, body }) =>
    updateDispute(await engineContext(db), params.id, body),
  );

  registerEndpoint(app, disputes.closeDispute, async ({ params }) =>
    closeDispute(await engineContext(db), params.id),
  );
}
