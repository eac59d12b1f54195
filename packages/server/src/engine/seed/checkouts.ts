import { assert } from '@paydesk/domain';
import { payments } from '@paydesk/domain/contracts';
import { planCheckout } from '../payments/plan-checkout.ts';
import type { CheckoutInput } from '../processor/processor.ts';
import { afterCapture, scheduleHeld, scheduleRefund } from './follow-ups.ts';
import {
  type Customer,
  DISPUTE_CARDS,
  declineCard,
  drawCustomer,
  drawMethod,
  drawOrderUsd,
  fromUsd,
  MIX,
  pick,
  plainCard,
  type Random,
  RISK_CARDS,
} from './mix.ts';
import { plannedCharge } from './planned.ts';
import type { SeedRun } from './run.ts';
import { BLOCK_THRESHOLD_USD } from './store.ts';

/*
 * The store's checkouts: each one a customer, a method, an amount and a card drawn by the mix
 * (declines, disputes, elevated risk, rule blocks and reviews, manual captures, in-person and
 * local methods), planned through the checkout planner, with its follow-ups queued.
 */

type PaymentKind = 'decline' | 'dispute' | 'risk' | 'block' | 'review' | 'manual' | 'normal';

const KIND_SHARES: readonly (readonly [PaymentKind, number])[] = [
  ['decline', MIX.decline],
  ['dispute', MIX.dispute],
  ['risk', MIX.risk],
  ['block', MIX.block],
  ['review', MIX.review],
  ['manual', MIX.manual],
];

/** What kind of payment a uniform draw in [0, 1) makes, by the shares above. */
function paymentKind(roll: number): PaymentKind {
  let cut = 0;
  for (const [kind, share] of KIND_SHARES) {
    cut += share;
    if (roll < cut) return kind;
  }
  return 'normal';
}

/** The checkout API's largest amount. */
const MAX_AMOUNT_MINOR = 99_999_999;

/** Countries whose IP addresses do not match the billing address of the review rule's payments. */
const FOREIGN_IP_COUNTRIES = ['BR', 'IN', 'NG', 'VN', 'ID', 'RO'] as const;
const AVS_CARDS = ['4000000000000010', '4000000000000028', '4000000000000036', '4000000000000044'] as const;

/** The card a payment of this kind is made with: one the sandbox declines, disputes or rates risky. */
function drawCardNumber(random: Random, kind: PaymentKind, customer: Customer): string {
  if (kind === 'decline') return declineCard(random);
  if (kind === 'dispute') return pick(random, DISPUTE_CARDS);
  if (kind === 'risk') return pick(random, RISK_CARDS);
  if (kind === 'normal' && random() < MIX.avs) return pick(random, AVS_CARDS);
  return plainCard(random, customer);
}

/** Plans one checkout at `at`, counts what it came to, and queues what follows from it. */
export function planSeedCheckout(run: SeedRun, at: number): void {
  const { env, random, counts, batches } = run;
  const { account, currency, usdRate, readers } = run.store;
  env.now = new Date(at);
  const orderId = run.nextOrderId++;
  const customer = drawCustomer(random, { country: account.country, currency });
  const domestic = customer.currency === currency && customer.country === account.country;
  const kind = paymentKind(random());
  const inPerson = kind === 'normal' && domestic && random() < MIX.inPerson;
  const method =
    kind === 'normal' && !inPerson ? drawMethod(random, customer) : inPerson ? 'card_present' : 'card';
  let amount = fromUsd(drawOrderUsd(random), customer.currency, usdRate(customer.currency));
  if (kind === 'block') {
    const threshold = fromUsd(BLOCK_THRESHOLD_USD, customer.currency, usdRate(customer.currency));
    amount = Math.round(threshold * (1.2 + random() * 1.8));
  }
  amount = Math.min(MAX_AMOUNT_MINOR, Math.max(amount, run.minimumFor(customer.currency)));
  const year = new Date(at).getUTCFullYear();
  const card = {
    number: drawCardNumber(random, kind, customer),
    exp_month: 1 + Math.floor(random() * 12),
    exp_year: year + 1 + Math.floor(random() * 4),
    cvc: String(100 + Math.floor(random() * 900)),
  };
  const reader = inPerson ? readers[Math.floor(random() * readers.length)] : undefined;
  const paymentMethod: CheckoutInput['payment_method_data'] =
    method === 'card'
      ? { type: 'card', card }
      : method === 'card_present'
        ? {
            type: 'card_present',
            ...(reader ? { reader_id: reader.id } : {}),
            ...(reader?.device_type === 'cots_device'
              ? { platform: random() < 0.6 ? 'ios' : 'android' }
              : {}),
            card,
          }
        : { type: method };
  const ipCountry =
    kind === 'review'
      ? pick(
          random,
          FOREIGN_IP_COUNTRIES.filter((c) => c !== customer.country),
        )
      : customer.country;
  let input: CheckoutInput = {
    amount,
    currency: customer.currency,
    capture_method: kind === 'manual' ? 'manual' : 'automatic',
    payment_method_data: paymentMethod,
    order: {
      number: String(orderId),
      items_count: 1 + Math.floor(random() ** 2 * 6),
      customer: { name: customer.name, email: customer.email },
      billing_address: customer.address,
    },
    ...(inPerson
      ? {}
      : {
          ip_address: `${pick(random, ['203.0.113', '198.51.100', '192.0.2'])}.${1 + Math.floor(random() * 254)}`,
          ip_country: ipCountry,
        }),
  };
  if (run.validateInputs) input = payments.ZPaymentIntentCreate.parse(input);

  const { effects, result } = planCheckout(input, env, {
    id: orderId,
    number: String(orderId),
    existing: false,
  });
  batches.take(effects);
  batches.payments++;
  counts.payments++;
  if (customer.currency !== currency) counts.foreign_currency++;
  if (inPerson) counts.in_person++;
  if (method !== 'card' && method !== 'card_present') counts.local_methods++;
  if (kind === 'risk') counts.elevated_risk++;
  if (result.status === 'requires_payment_method') {
    if (result.fraud_outcome === 'block') counts.blocked++;
    else counts.declined++;
    return;
  }
  const chargeId = result.charge?.id;
  assert(chargeId, 'a checkout that did not fail has a charge');
  if (result.status === 'requires_capture') {
    const review = result.fraud_outcome === 'review';
    if (review) counts.held_for_review++;
    else counts.manual_authorizations++;
    scheduleHeld(run, plannedCharge(effects, chargeId), at, review);
    return;
  }
  counts.succeeded++;
  // Only charges with something still to happen are read back and kept in memory.
  if (effects.disputes.length > 0) afterCapture(run, effects, plannedCharge(effects, chargeId), at);
  else if (random() < MIX.refund) scheduleRefund(run, plannedCharge(effects, chargeId), at);
}
