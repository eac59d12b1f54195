import {
  appError,
  convertMinor,
  evaluateFraudRules,
  type FraudRule,
  invalidParams,
  PAYMENT_METHOD_MESSAGES,
} from '@paydesk/domain';
import type { payments } from '@paydesk/domain/contracts';
import { paymentFraudAttributes } from '@paydesk/domain/fraud/attributes';
import { ZFraudRule } from '@paydesk/domain/fraud/schemas';
import { SECOND_MS } from '@paydesk/domain/time';
import { CAPTURE_WINDOW_SECONDS } from '@paydesk/domain/transactions/format';
import type { z } from 'zod';
import type { ChargeOutcome } from '../../db/schema.ts';
import { type Effects, emptyEffects, mergeEffects } from '../effects.ts';
import type { Authorization } from '../processor/processor.ts';
import { crossRate } from '../rates.ts';
import { isMethodEnabled, storedSettings } from '../settings/stored.ts';
import { planCapture } from './plan-capture.ts';
import type { ChargeState, PlanEnv } from './state.ts';

export type CheckoutInput = z.output<typeof payments.ZPaymentIntentCreate>;
export type CheckoutResult = z.infer<typeof payments.ZPaymentIntentResult>;

/** Authorizations expire seven days after they are made. */
export const AUTHORIZATION_WINDOW_MS = CAPTURE_WINDOW_SECONDS * SECOND_MS;

/** The smallest charge, in USD cents, converted to the charge's currency. */
export const MINIMUM_CHARGE_USD_MINOR = 50;

export function minimumChargeAmount(env: Pick<PlanEnv, 'rates'>, currency: string): number {
  return convertMinor(MINIMUM_CHARGE_USD_MINOR, 'usd', currency, crossRate(env.rates, 'usd', currency));
}

/**
 * The account's stored rules, checked once per loaded account: the seeder plans hundreds of
 * thousands of checkouts against one account, and building and running the schema for each
 * was a measurable share of its planning.
 */
const parsedRules = new WeakMap<object, FraudRule[]>();
const ZFraudRuleList = ZFraudRule.array();

function fraudRulesOf(account: PlanEnv['account']): FraudRule[] {
  const stored = account.fraud_rules as unknown;
  if (typeof stored !== 'object' || stored === null) return ZFraudRuleList.parse(stored);
  let rules = parsedRules.get(stored);
  if (!rules) {
    rules = ZFraudRuleList.parse(stored);
    parsedRules.set(stored, rules);
  }
  return rules;
}

function fraudDecision(input: CheckoutInput, method: Authorization, env: PlanEnv) {
  if (env.account.fraud_protection_level !== 'advanced')
    return { outcome: 'allow' as const, ruleset_results: {} };
  const rules = fraudRulesOf(env.account);
  return evaluateFraudRules(
    rules,
    paymentFraudAttributes({
      amount_minor: input.amount,
      currency: input.currency,
      items_count: input.order.items_count,
      billing_address: input.order.billing_address,
      shipping_address: input.order.shipping_address,
      ip_country: input.ip_country,
      avs_mismatch: method.avsMismatch,
    }),
    (amount, from, to) => convertMinor(amount, from, to, crossRate(env.rates, from, to)),
  );
}

/** Refuses what no payment can be made from, before anything is written. */
export function checkCheckoutInput(input: CheckoutInput, env: Pick<PlanEnv, 'rates'>): void {
  if (!env.rates.has(input.currency))
    throw invalidParams({ currency: `${input.currency.toUpperCase()} is not a supported currency.` });
  const minimum = minimumChargeAmount(env, input.currency);
  if (input.amount < minimum) {
    throw invalidParams({
      amount: `The amount must be at least ${minimum} in minor units of ${input.currency.toUpperCase()}.`,
    });
  }
  if (
    input.capture_method === 'manual' &&
    !['card', 'card_present'].includes(input.payment_method_data.type)
  ) {
    throw invalidParams({ capture_method: 'Only card payments can be captured manually.' });
  }
}

/**
 * Plans a checkout: the order (unless it exists), the intent and its charge, the fraud decision,
 * and for an automatic capture the capture itself. Declines and fraud blocks are outcomes, not
 * errors: the attempt is recorded for the merchant to see.
 */
export function planCheckout(
  requested: CheckoutInput,
  env: PlanEnv,
  order: { id: number; number: string; existing: boolean },
): { effects: Effects; result: CheckoutResult } {
  checkCheckoutInput(requested, env);
  if (!env.account.payments_enabled) {
    throw appError('wcpay_payments_disabled');
  }
  const { account, now } = env;
  const settings = storedSettings(account);
  if (!isMethodEnabled(settings, requested.payment_method_data.type)) {
    throw invalidParams({ 'payment_method_data.type': PAYMENT_METHOD_MESSAGES.notEnabled });
  }
  // With manual capture on (it applies to cards only), online card payments are authorized and
  // wait for the merchant to capture them; a checkout may also ask for it per payment.
  const input: CheckoutInput =
    account.is_manual_capture_enabled && requested.payment_method_data.type === 'card'
      ? { ...requested, capture_method: 'manual' }
      : requested;
  const method = env.processor.authorize(input, now);
  const fraud = method.declined
    ? { outcome: 'allow' as const, ruleset_results: {} }
    : fraudDecision(input, method, env);
  const isCard =
    input.payment_method_data.type === 'card' || input.payment_method_data.type === 'card_present';
  const intentId = env.ids.next('pi');
  const chargeId = env.ids.next(isCard ? 'ch' : 'py');
  const blocked = fraud.outcome === 'block';
  const held = fraud.outcome === 'review';
  const failed = Boolean(method.declined) || blocked;
  const manual = input.capture_method === 'manual' || held;
  const status = failed ? 'requires_payment_method' : manual ? 'requires_capture' : 'succeeded';
  const lastError = method.declined
    ? {
        code: method.declined.code,
        message: method.declined.message,
        ...(method.declined.decline_code ? { decline_code: method.declined.decline_code } : {}),
      }
    : blocked
      ? { code: 'card_declined', message: 'The payment was declined', decline_code: 'fraudulent' }
      : null;
  const outcome: ChargeOutcome = {
    type: method.declined
      ? method.declined.outcomeType
      : blocked
        ? 'blocked'
        : held
          ? 'manual_review'
          : 'authorized',
    network_status: method.declined
      ? 'declined_by_network'
      : blocked
        ? 'not_sent_to_network'
        : 'approved_by_network',
    reason: method.declined?.reason ?? (blocked ? 'rule' : null),
    risk_level: ['normal', 'elevated', 'highest'][method.riskLevel] ?? 'normal',
    risk_score: [12, 65, 85][method.riskLevel] ?? 12,
    seller_message: method.declined
      ? method.declined.message
      : blocked
        ? 'Payment blocked by a fraud rule.'
        : 'Payment complete.',
  };

  const effects = emptyEffects();
  if (!order.existing) {
    effects.orders.push({
      id: order.id,
      number: order.number,
      status: 'pending',
      currency: input.currency,
      total: input.amount,
      items_count: input.order.items_count,
      customer_name: input.order.customer.name,
      customer_email: input.order.customer.email,
      customer_country: input.order.billing_address.country,
      billing_address: JSON.stringify(input.order.billing_address),
      shipping_address: JSON.stringify(input.order.shipping_address ?? input.order.billing_address),
      url: input.order.url ?? null,
      customer_url: input.order.customer_url ?? null,
      created_at: now,
    });
  }
  effects.intents.push({
    id: intentId,
    account_id: account.id,
    order_id: order.id,
    amount: input.amount,
    currency: input.currency,
    capture_method: input.capture_method,
    status: failed ? 'requires_payment_method' : 'requires_capture',
    payment_method_type: input.payment_method_data.type,
    latest_charge_id: chargeId,
    last_payment_error: lastError ? JSON.stringify(lastError) : null,
    fraud_outcome: fraud.outcome === 'allow' ? null : fraud.outcome,
    created_at: now,
  });
  const billingDetails = {
    name: input.order.customer.name,
    email: input.order.customer.email,
    address: input.order.billing_address,
  };
  const charge: ChargeState = {
    id: chargeId,
    account_id: account.id,
    payment_intent_id: intentId,
    order_id: order.id,
    amount: input.amount,
    amount_captured: 0,
    amount_refunded: 0,
    currency: input.currency,
    status: failed ? 'failed' : 'succeeded',
    captured: false,
    refunded: false,
    payment_method_type: input.payment_method_data.type,
    payment_method_details: method.details,
    billing_details: billingDetails,
    channel: method.channel,
    source_device: method.sourceDevice,
    risk_level: method.riskLevel,
    outcome,
    exchange_rate: null,
    refunds_fail: method.refundsFail,
    scripted_dispute: method.scriptedDispute,
    dispute_id: null,
    created_at: now,
  };
  effects.charges.push({
    id: chargeId,
    account_id: account.id,
    payment_intent_id: intentId,
    order_id: order.id,
    amount: input.amount,
    currency: input.currency,
    status: charge.status,
    paid: !failed,
    failure_code: lastError?.code ?? null,
    failure_message: lastError?.message ?? null,
    outcome: JSON.stringify(outcome),
    risk_level: method.riskLevel,
    payment_method_id: env.ids.next('pm'),
    payment_method_type: input.payment_method_data.type,
    payment_method_details: JSON.stringify(method.details),
    billing_details: JSON.stringify(billingDetails),
    channel: method.channel,
    source_device: method.sourceDevice,
    reader_id: method.readerId,
    settlement_currency: account.default_currency,
    refunds_fail: method.refundsFail,
    scripted_dispute: method.scriptedDispute ? JSON.stringify(method.scriptedDispute) : null,
    ip_address: input.ip_address ?? null,
    ip_country: input.ip_country ?? null,
    statement_descriptor: settings.account_statement_descriptor,
    authorization_expires_at: !failed && manual ? new Date(now.getTime() + AUTHORIZATION_WINDOW_MS) : null,
    created_at: now,
  });
  const event = (type: Effects['timeline'][number]['type'], data: Record<string, unknown> = {}) =>
    effects.timeline.push({ payment_intent_id: intentId, charge_id: chargeId, type, datetime: now, data });
  // Bank debits and redirects start before the bank confirms; the timeline shows that first step.
  if (!isCard) event('started', { amount: input.amount, currency: input.currency });
  if (method.declined) {
    event('failed', {
      amount: input.amount,
      currency: input.currency,
      reason: method.declined.decline_code ?? method.declined.code,
    });
  } else if (blocked) {
    event('fraud_outcome_block', {
      amount: input.amount,
      currency: input.currency,
      ruleset_results: fraud.ruleset_results,
    });
  } else {
    // The card is authorized first and the rule then holds the payment: both happen in the same
    // second, so the order written here is the order the timeline shows (newest first).
    if (manual) event('authorized', { amount: input.amount, currency: input.currency });
    if (held)
      event('fraud_outcome_review', {
        amount: input.amount,
        currency: input.currency,
        ruleset_results: fraud.ruleset_results,
      });
  }
  if (blocked || held) {
    effects.fraudOutcomes.push({
      account_id: account.id,
      payment_intent_id: intentId,
      charge_id: chargeId,
      order_id: order.id,
      status: blocked ? 'block' : 'review',
      amount: input.amount,
      currency: input.currency,
      customer_name: input.order.customer.name,
      ruleset_results: JSON.stringify(fraud.ruleset_results),
      created_at: now,
    });
  }
  if (!failed && manual) {
    effects.jobs.push({
      kind: 'authorization.expire',
      payload: JSON.stringify({ charge_id: chargeId }),
      run_at: new Date(now.getTime() + AUTHORIZATION_WINDOW_MS),
      unique_key: `authorization.expire:${chargeId}`,
    });
  }
  effects.orderUpdates.push({
    id: order.id,
    set: { status: failed ? 'failed' : manual ? 'on-hold' : 'processing' },
  });
  if (!failed && !manual) mergeEffects(effects, planCapture(charge, input.amount, env));
  return {
    effects,
    result: {
      id: intentId,
      status,
      amount: input.amount,
      currency: input.currency,
      charge: {
        id: chargeId,
        status: charge.status,
        outcome: { type: outcome.type, risk_level: method.riskLevel },
      },
      last_payment_error: lastError,
      fraud_outcome: method.declined ? null : fraud.outcome,
      order: { id: order.id, number: order.number },
    },
  };
}
