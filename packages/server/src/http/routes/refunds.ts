import { payments } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { engineContext } from '../../engine/context.ts';
import { refundCharge } from '../../engine/payments/refunds.ts';
import { registerEndpoint } from '../endpoint.ts';

/** `POST {base}/refund`: refunds a charge in full or in part. */
export function refundRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, payments.refund, async ({ body, user }) =>
    refundCharge(
      await engineContext(db),
      { chargeId: body.charge_id, amount: body.amount, reason: body.reason, orderId: body.order_id },
      { id: user.id, username: user.login },
    ),
  );
}
