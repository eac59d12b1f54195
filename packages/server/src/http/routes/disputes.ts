import { disputes } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { engineContext } from '../../engine/context.ts';
import { disputesSummary, listDisputes } from '../../engine/disputes/list.ts';
import { closeDispute, readDispute, updateDispute } from '../../engine/disputes/service.ts';
import { registerEndpoint } from '../endpoint.ts';
import { foldBracketLists } from './transactions.ts';

/** The disputes list and its summary; one dispute: read it, save or submit its evidence, accept it. */
export async function disputeRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', foldBracketLists);

    registerEndpoint(scope, disputes.listDisputes, async ({ query }) => ({
      data: await listDisputes(db, (await requireAccount(db)).id, query),
    }));

    registerEndpoint(scope, disputes.disputesSummary, async ({ query }) =>
      disputesSummary(db, (await requireAccount(db)).id, query),
    );
  });

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
