import { PAYMENT_METHOD_IDS, type PaymentMethodId } from '@paydesk/domain';
import type { payments } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { DatabaseHandle } from '../db/database.ts';
import { type Account, createAccount } from '../engine/accounts.ts';
import { clockNow } from '../engine/clock.ts';
import { randomIds } from '../engine/ids.ts';

/**
 * A verified sandbox account whose store offers every payment method of the catalogue (the
 * tests check each method), unless `enabledMethods` names the ones to offer.
 */
export async function connectSandboxAccount(
  database: DatabaseHandle,
  overrides: { country?: string; currency?: string; enabledMethods?: PaymentMethodId[] } = {},
): Promise<Account> {
  const account = await createAccount(database.db, randomIds, {
    mode: 'test',
    status: 'complete',
    country: overrides.country ?? 'US',
    currency: overrides.currency ?? 'usd',
    businessName: 'Test Store',
    createdAt: await clockNow(database.db),
  });
  const enabled = overrides.enabledMethods ?? [...PAYMENT_METHOD_IDS];
  return database.db
    .updateTable('accounts')
    .set({ settings: JSON.stringify({ ...account.settings, enabled_payment_method_ids: enabled }) })
    .where('id', '=', account.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

let orderCounter = 0;

/** The store's page of an order, as a checkout in the tests sends it. */
export const storeOrderUrl = (number: string) =>
  `https://shop.example.test/wp-admin/post.php?post=${number}&action=edit`;

type CheckoutBody = z.input<typeof payments.ZPaymentIntentCreate>;

/** A checkout body for a card payment, with any field replaced. */
export function cardCheckout(
  number = '4242424242424242',
  overrides: Partial<CheckoutBody> = {},
): CheckoutBody {
  orderCounter++;
  const orderNumber = `T-${process.pid}-${orderCounter}`;
  return {
    amount: 2500,
    currency: 'usd',
    capture_method: 'automatic',
    payment_method_data: { type: 'card', card: { number, exp_month: 12, exp_year: 2034, cvc: '123' } },
    order: {
      number: orderNumber,
      items_count: 2,
      customer: { name: 'Jane Doe', email: 'jane@example.test' },
      billing_address: { country: 'US', line1: '1 Main St', city: 'Springfield', postal_code: '12345' },
      url: storeOrderUrl(orderNumber),
    },
    ip_address: '203.0.113.7',
    ip_country: 'US',
    ...overrides,
  };
}

export async function checkout(
  app: FastifyInstance,
  auth: string,
  body: CheckoutBody,
  idempotencyKey?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/wp-json/wc/v3/payments/payment_intents',
    headers: { authorization: auth, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload: body,
  });
}
