import { payments } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { engineContext } from '../../engine/context.ts';
import { refundCharge } from '../../engine/payments/refunds.ts';
import {
  cancelAuthorization,
  captureAuthorization,
  createPaymentIntent,
} from '../../engine/payments/services.ts';
import { registerEndpoint } from '../endpoint.ts';

/** The money-moving routes: checkout, refunds, capture and cancel of authorizations. */
export function paymentRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, payments.createPaymentIntent, async ({ body }) =>
    createPaymentIntent(await engineContext(db), body),
  );

  registerEndpoint(app, payments.captureAuthorization, async ({ params, body, user }) =>
    captureAuthorization(
      await engineContext(db),
      { orderId: params.orderId, paymentIntentId: body.payment_intent_id, amount: body.amount_to_capture },
      { id: user.id, username: user.login },
    ),
  );

  registerEndpoint(app, payments.cancelAuthorization, async ({ params, body, user }) =>
    cancelAuthorization(
      await engineContext(db),
      { orderId: params.orderId, paymentIntentId: body.payment_intent_id },
      { id: user.id, username: user.login },
    ),
  );

  /** `POST {base}/refund`: refunds a charge in full or in part. */
  registerEndpoint(app, payments.refund, async ({ body, user }) =>
    refundCharge(
      await engineContext(db),
      { chargeId: body.charge_id, amount: body.amount, reason: body.reason, orderId: body.order_id },
      { id: user.id, username: user.login },
    ),
  );
}
