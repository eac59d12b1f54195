import { reporting } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { disputesAwaitingResponse } from '../../engine/reporting/disputes-awaiting-response.ts';
import { paymentActivity } from '../../engine/reporting/payment-activity.ts';
import { registerEndpoint } from '../endpoint.ts';

/** The Overview's reads: payment activity over a period, and the disputes awaiting a response. */
export function reportingRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, reporting.paymentActivity, async ({ query }) =>
    paymentActivity(db, await requireAccount(db), query),
  );

  registerEndpoint(app, reporting.disputesAwaitingResponse, async () => ({
    data: await disputesAwaitingResponse(db, (await requireAccount(db)).id),
  }));
}
