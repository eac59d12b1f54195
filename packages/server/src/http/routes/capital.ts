import { capital } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { activeLoanSummary, listLoans } from '../../engine/capital/services.ts';
import { clockNow } from '../../engine/clock.ts';
import { registerEndpoint } from '../endpoint.ts';

/** Capital: the active loan's summary and the list of loans. */
export function capitalRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, capital.activeLoanSummary, async () =>
    activeLoanSummary(db, (await requireAccount(db)).id, await clockNow(db)),
  );

  registerEndpoint(app, capital.loans, async () => listLoans(db, (await requireAccount(db)).id));
}
