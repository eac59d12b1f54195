import {
  appError,
  convertMinor,
  evaluateFraudRules,
  type FraudEvaluation,
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
import type { Authorization, CheckoutInput } from '../processor/processor.ts';
import { crossRate } from '../rates.ts';
import { isMethodEnabled, storedSettings } from '../settings/stored.ts';
import { planCapture } from './plan-capture.ts';
import type { ChargeState, PlanEnv } from './state.ts';

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

/** What the fraud rules say of an authorized payment; a declined one is not checked. */
function fraudDecision(input: CheckoutInput, method: Authorization, env: PlanEnv): FraudEvaluation {
  if (method.declined || env.account.fraud_protection_level !== 'advanced')
    return { outcome: 'allow', ruleset_results: {}, matched: [] };
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

type CheckoutOrder = { id: number; number: string; existing: boolean };

/**
 * The checkout as it is planned: the input after the account's settings, refused when the
 * account cannot take it. With manual capture on (it applies to cards only), online card
 * payments are authorized and wait for the merchant to capture them; a checkout may also ask
 * for it per payment.
 */
function acceptedInput(requested: CheckoutInput, env: PlanEnv) {
  checkCheckoutInput(requested, env);
  if (!env.account.payments_enabled) {
    throw appError('wcpay_payments_disabled');
  }
  const settings = storedSettings(env.account);
  if (!isMethodEnabled(settings, requested.payment_method_data.type)) {
    throw invalidParams({ 'payment_method_data.type': PAYMENT_METHOD_MESSAGES.notEnabled });
  }
  const input: CheckoutInput =
    env.account.is_manual_capture_enabled && requested.payment_method_data.type === 'card'
      ? { ...requested, capture_method: 'manual' }
      : requested;
  return { input, settings };
}

/** What a checkout comes to, from the processor's answer and the fraud rules' decision. */
interface CheckoutDecision {
  fraud: FraudEvaluation;
  /** A fraud rule refused the payment. */
  blocked: boolean;
  /** A fraud rule holds the payment for the merchant's review. */
  held: boolean;
  /** Declined or blocked: nothing is charged. */
  failed: boolean;
  /** Authorized only, waiting for a capture. */
  manual: boolean;
  status: CheckoutResult['status'];
  lastError: CheckoutResult['last_payment_error'];
  outcome: ChargeOutcome;
}

function decideCheckout(input: CheckoutInput, method: Authorization, env: PlanEnv): CheckoutDecision {
  const fraud = fraudDecision(input, method, env);
  const { declined } = method;
  const blocked = fraud.outcome === 'block';
  const held = fraud.outcome === 'review';
  const failed = Boolean(declined) || blocked;
  const manual = input.capture_method === 'manual' || held;
  const lastError = declined
    ? {
        code: declined.code,
        message: declined.message,
        ...(declined.decline_code ? { decline_code: declined.decline_code } : {}),
      }
    : blocked
      ? { code: 'card_declined', message: 'The payment was declined', decline_code: 'fraudulent' }
      : null;
  return {
    fraud,
    blocked,
    held,
    failed,
    manual,
    status: failed ? 'requires_payment_method' : manual ? 'requires_capture' : 'succeeded',
    lastError,
    outcome: chargeOutcome(method, blocked, held),
  };
}

/** The charge's outcome as the processor reports it: declined, blocked, held or authorized. */
function chargeOutcome(method: Authorization, blocked: boolean, held: boolean): ChargeOutcome {
  const risk = {
    risk_level: RISK_LEVELS[method.riskLevel] ?? 'normal',
    risk_score: RISK_SCORES[method.riskLevel] ?? 12,
  };
  if (method.declined) {
    return {
      type: method.declined.outcomeType,
      network_status: 'declined_by_network',
      reason: method.declined.reason ?? null,
      ...risk,
      seller_message: method.declined.message,
    };
  }
  if (blocked) {
    return {
      type: 'blocked',
      network_status: 'not_sent_to_network',
      reason: 'rule',
      ...risk,
      seller_message: 'Payment blocked by a fraud rule.',
    };
  }
  return {
    type: held ? 'manual_review' : 'authorized',
    network_status: 'approved_by_network',
    reason: null,
    ...risk,
    seller_message: 'Payment complete.',
  };
}

/** The processor's risk levels (0 to 2) as the charge's outcome names and scores them. */
const RISK_LEVELS = ['normal', 'elevated', 'highest'] as const;
const RISK_SCORES = [12, 65, 85] as const;

/** The order row of a checkout that brings its own order. */
function orderRow(order: CheckoutOrder, input: CheckoutInput, now: Date): Effects['orders'][number] {
  return {
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
  };
}

/** The charge as the planners that follow (the capture) read it. */
function chargeState(
  ids: { intentId: string; chargeId: string },
  order: CheckoutOrder,
  input: CheckoutInput,
  method: Authorization,
  decision: CheckoutDecision,
  env: PlanEnv,
): ChargeState {
  return {
    id: ids.chargeId,
    account_id: env.account.id,
    payment_intent_id: ids.intentId,
    order_id: order.id,
    amount: input.amount,
    amount_captured: 0,
    amount_refunded: 0,
    currency: input.currency,
    status: decision.failed ? 'failed' : 'succeeded',
    captured: false,
    refunded: false,
    payment_method_type: input.payment_method_data.type,
    payment_method_details: method.details,
    billing_details: {
      name: input.order.customer.name,
      email: input.order.customer.email,
      address: input.order.billing_address,
    },
    channel: method.channel,
    source_device: method.sourceDevice,
    risk_level: method.riskLevel,
    outcome: decision.outcome,
    exchange_rate: null,
    refunds_fail: method.refundsFail,
    scripted_dispute: method.scriptedDispute,
    dispute_id: null,
    created_at: env.now,
  };
}

/** The stored charge row: the charge's state with what only the row keeps. */
function chargeRow(
  charge: ChargeState,
  input: CheckoutInput,
  method: Authorization,
  decision: CheckoutDecision,
  env: PlanEnv,
  statementDescriptor: string,
): Effects['charges'][number] {
  const { failed, manual, lastError } = decision;
  return {
    id: charge.id,
    account_id: charge.account_id,
    payment_intent_id: charge.payment_intent_id,
    order_id: charge.order_id,
    amount: charge.amount,
    currency: charge.currency,
    status: charge.status,
    paid: !failed,
    failure_code: lastError?.code ?? null,
    failure_message: lastError?.message ?? null,
    outcome: JSON.stringify(charge.outcome),
    risk_level: method.riskLevel,
    payment_method_id: env.ids.next('pm'),
    payment_method_type: charge.payment_method_type,
    payment_method_details: JSON.stringify(method.details),
    billing_details: JSON.stringify(charge.billing_details),
    channel: method.channel,
    source_device: method.sourceDevice,
    reader_id: method.readerId,
    settlement_currency: env.account.default_currency,
    refunds_fail: method.refundsFail,
    scripted_dispute: method.scriptedDispute ? JSON.stringify(method.scriptedDispute) : null,
    ip_address: input.ip_address ?? null,
    ip_country: input.ip_country ?? null,
    statement_descriptor: statementDescriptor,
    authorization_expires_at:
      !failed && manual ? new Date(env.now.getTime() + AUTHORIZATION_WINDOW_MS) : null,
    created_at: env.now,
  };
}

/** The timeline events of the attempt, in the order the timeline shows them (newest first). */
function checkoutEvents(
  charge: ChargeState,
  isCard: boolean,
  method: Authorization,
  decision: CheckoutDecision,
): Effects['timeline'] {
  const events: Effects['timeline'] = [];
  const money = { amount: charge.amount, currency: charge.currency };
  const event = (type: Effects['timeline'][number]['type'], data: Record<string, unknown> = {}) =>
    events.push({
      payment_intent_id: charge.payment_intent_id,
      charge_id: charge.id,
      type,
      datetime: charge.created_at,
      data,
    });
  // Bank debits and redirects start before the bank confirms; the timeline shows that first step.
  if (!isCard) event('started', money);
  if (method.declined) {
    event('failed', { ...money, reason: method.declined.decline_code ?? method.declined.code });
  } else if (decision.blocked) {
    event('fraud_outcome_block', { ...money, ruleset_results: decision.fraud.ruleset_results });
  } else {
    // The card is authorized first and the rule then holds the payment: both happen in the same
    // second, so the order written here is the order the timeline shows (newest first).
    if (decision.manual) event('authorized', money);
    if (decision.held)
      event('fraud_outcome_review', { ...money, ruleset_results: decision.fraud.ruleset_results });
  }
  return events;
}

/**
 * Plans a checkout: the order (unless it exists), the intent and its charge, the fraud decision,
 * and for an automatic capture the capture itself. Declines and fraud blocks are outcomes, not
 * errors: the attempt is recorded for the merchant to see.
 */
export function planCheckout(
  requested: CheckoutInput,
  env: PlanEnv,
  order: CheckoutOrder,
): { effects: Effects; result: CheckoutResult } {
  const { account, now } = env;
  const { input, settings } = acceptedInput(requested, env);
  const method = env.processor.authorize(input, now);
  const decision = decideCheckout(input, method, env);
  const { fraud, blocked, held, failed, manual, lastError } = decision;
  const isCard =
    input.payment_method_data.type === 'card' || input.payment_method_data.type === 'card_present';
  const intentId = env.ids.next('pi');
  const chargeId = env.ids.next(isCard ? 'ch' : 'py');

  const effects = emptyEffects();
  if (!order.existing) effects.orders.push(orderRow(order, input, now));
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
  const charge = chargeState({ intentId, chargeId }, order, input, method, decision, env);
  effects.charges.push(
    chargeRow(charge, input, method, decision, env, settings.account_statement_descriptor),
  );
  effects.timeline.push(...checkoutEvents(charge, isCard, method, decision));
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
      status: decision.status,
      amount: input.amount,
      currency: input.currency,
      charge: {
        id: chargeId,
        status: charge.status,
        outcome: { type: decision.outcome.type, risk_level: method.riskLevel },
      },
      last_payment_error: lastError,
      fraud_outcome: method.declined ? null : fraud.outcome,
      order: { id: order.id, number: order.number },
    },
  };
}
