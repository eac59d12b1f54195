import { payouts } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { engineContext } from '../../engine/context.ts';
import {
  depositsOverview,
  listPayouts,
  payoutsSummary,
  readPayout,
  reconcilePayout,
} from '../../engine/payouts/read.ts';
import { createInstantPayout } from '../../engine/payouts/services.ts';
import { registerEndpoint } from '../endpoint.ts';

/** Payouts: balances overview, the payouts list and its summary, one payout, instant payout. */
export function payoutRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, payouts.overviewAll, async () => {
    const ctx = await engineContext(db);
    return depositsOverview(db, await requireAccount(db), ctx.now);
  });

  registerEndpoint(app, payouts.listDeposits, async ({ query }) =>
    listPayouts(db, (await requireAccount(db)).id, query),
  );

  registerEndpoint(app, payouts.depositsSummary, async ({ query }) =>
    payoutsSummary(db, await requireAccount(db), query),
  );

  registerEndpoint(app, payouts.getDeposit, async ({ params }) =>
    readPayout(db, (await requireAccount(db)).id, params.id),
  );

  registerEndpoint(app, payouts.depositReconciliation, async ({ params }) =>
    reconcilePayout(db, (await requireAccount(db)).id, params.id),
  );

  registerEndpoint(app, payouts.createInstantDeposit, async ({ body }) =>
    createInstantPayout(await engineContext(db), (await requireAccount(db)).id, body.currency),
  );
}
