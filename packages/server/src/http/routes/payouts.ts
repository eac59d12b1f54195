import { payouts } from '@paydesk/domain/contracts';
import { STATEMENT_MAX_BYTES } from '@paydesk/domain/payouts/statement';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { currentAccountRef, readCurrentAccount, requireAccount } from '../../engine/accounts.ts';
import { engineContext } from '../../engine/context.ts';
import {
  depositsOverview,
  listPayouts,
  payoutsSummary,
  readPayout,
  reconcilePayout,
} from '../../engine/payouts/read.ts';
import { createInstantPayout } from '../../engine/payouts/services.ts';
import { reconcileStatement } from '../../engine/payouts/statement.ts';
import { registerEndpoint } from '../endpoint.ts';
import { acceptMultipart, MULTIPART_OVERHEAD_BYTES } from '../multipart.ts';

/**
 * Payouts: balances overview, the payouts list and its summary, one payout and what it swept,
 * instant payout, and bank statements matched against the payouts.
 */
export async function payoutRoutes(app: FastifyInstance, db: Db): Promise<void> {
  registerEndpoint(app, payouts.overviewAll, async () => {
    const ctx = await engineContext(db);
    return depositsOverview(db, await requireAccount(db), ctx.now);
  });

  registerEndpoint(app, payouts.listDeposits, async ({ query }) =>
    readCurrentAccount(
      db,
      (account) => listPayouts(db, account, query),
      (answer) => answer.total_count === 0,
    ),
  );

  registerEndpoint(app, payouts.depositsSummary, async ({ query }) =>
    payoutsSummary(db, currentAccountRef(db), query),
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

  // Bank statements: multipart/form-data, read whole (at most 5 MB) and handed to the contract.
  await app.register(async (scope) => {
    acceptMultipart(scope, STATEMENT_MAX_BYTES + MULTIPART_OVERHEAD_BYTES);
    registerEndpoint(scope, payouts.reconcileStatement, async ({ body }) =>
      reconcileStatement(db, await requireAccount(db), body.file.content),
    );
  });
}
