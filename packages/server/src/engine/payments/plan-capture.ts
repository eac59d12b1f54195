import {
  appError,
  assert,
  basisPointShareMinor,
  computeChargeFee,
  convertMinor,
  disputeFee,
} from '@paydesk/domain';
import { disputeReminderAt } from '@paydesk/domain/disputes/reminder';
import { DISPUTE_RESPONSE_WINDOW_MS } from '@paydesk/domain/disputes/windows';
import { DAY_MS } from '../clock.ts';
import { DISPUTE_DEADLINE_JOB, DISPUTE_REMINDER_JOB } from '../disputes/job-kinds.ts';
import { type Effects, emptyEffects } from '../effects.ts';
import type { LedgerEntry } from '../ledger.ts';
import { crossRate } from '../rates.ts';
import type { Actor } from './context.ts';
import type { ChargeState, PlanEnv } from './state.ts';

const CARD_TYPES = new Set(['card', 'card_present']);

/** The ledger types of a capture's entry: cards are charges, local methods payments. */
export const CAPTURE_LEDGER_TYPES = ['charge', 'payment'] as const;

/** The ledger type of a captured payment. */
export const ledgerTypeFor = (methodType: string): (typeof CAPTURE_LEDGER_TYPES)[number] =>
  CARD_TYPES.has(methodType) ? 'charge' : 'payment';

/** The list attributes a ledger row copies from its charge. */
export function ledgerAttributes(charge: ChargeState): Partial<LedgerEntry> {
  return {
    charge_id: charge.id,
    payment_intent_id: charge.payment_intent_id,
    order_id: charge.order_id,
    customer_name: charge.billing_details.name ?? null,
    customer_email: charge.billing_details.email ?? null,
    customer_country: charge.billing_details.address?.country ?? null,
    risk_level: charge.risk_level,
    channel: charge.channel,
    source: charge.payment_method_type,
    source_device: charge.source_device,
  };
}

function cardCountryOf(charge: ChargeState): string | undefined {
  const block = charge.payment_method_details[charge.payment_method_type];
  return typeof block === 'object' &&
    block !== null &&
    typeof (block as { country?: unknown }).country === 'string'
    ? (block as { country: string }).country
    : undefined;
}

/**
 * Captures an authorized charge (in full or in part, never more than authorized): converts it
 * to the settlement currency at today's rate, prices it, and records it in the ledger and on the
 * timeline; withholds a loan repayment; opens the dispute a test card scripted. `charge` is
 * updated in place so later planning in the same batch sees the capture.
 */
export function planCapture(
  charge: ChargeState,
  amountToCapture: number,
  env: PlanEnv,
  actor?: Actor,
): Effects {
  if (charge.status !== 'succeeded' || charge.captured) {
    throw appError('wcpay_payment_uncapturable');
  }
  if (amountToCapture > charge.amount) {
    throw appError('wcpay_capture_error', { extra: { error_type: 'amount_too_large' } });
  }
  assert(amountToCapture > 0, 'capture amount is positive');
  const captured = env.processor.capture(charge, amountToCapture);
  if (captured.status === 'failed') {
    throw appError('wcpay_capture_error', {
      extra: { error_type: 'processor_refused', reason: captured.reason },
    });
  }
  const { account, now } = env;
  const effects = emptyEffects();
  const settlement = account.default_currency;
  const rate = crossRate(env.rates, charge.currency, settlement);
  const amount = convertMinor(amountToCapture, charge.currency, settlement, rate);
  const cardCountry = cardCountryOf(charge);
  const { fee_minor, fee_rates } = computeChargeFee({
    accountCountry: account.country,
    settlementCurrency: settlement,
    amount_minor: amount,
    ...(cardCountry ? { cardCountry } : {}),
    customerCurrency: charge.currency,
    channel: charge.channel === 'online' ? 'online' : 'in_person',
  });
  const exchangeRate = charge.currency === settlement ? null : rate;
  const txnId = env.ids.next('txn');
  effects.ledger.push({
    ...ledgerAttributes(charge),
    id: txnId,
    account_id: account.id,
    type: ledgerTypeFor(charge.payment_method_type),
    amount,
    fee: fee_minor,
    currency: settlement,
    customer_amount: amountToCapture,
    customer_currency: charge.currency,
    exchange_rate: exchangeRate,
    source_id: charge.id,
    available_on: new Date(now.getTime() + account.deposit_delay_days * DAY_MS),
    created_at: now,
  });
  Object.assign(charge, { captured: true, amount_captured: amountToCapture, exchange_rate: exchangeRate });
  effects.chargeUpdates.push({
    id: charge.id,
    set: {
      captured: true,
      amount_captured: amountToCapture,
      captured_at: now,
      application_fee_amount: fee_minor,
      fee_rates: JSON.stringify(fee_rates),
      exchange_rate: exchangeRate,
      authorization_expires_at: null,
    },
  });
  effects.intentUpdates.push({ id: charge.payment_intent_id, set: { status: 'succeeded' } });
  if (charge.order_id !== null)
    effects.orderUpdates.push({ id: charge.order_id, set: { status: 'processing' } });
  // A capture's event is its ledger entry: the timeline reads its time, amounts and fee from the
  // entry and its charge (payment-detail/read.ts, readTimeline). Only who captured is not there,
  // so a capture by a person keeps an event naming them and the entry; nine captures in ten are
  // made at checkout by nobody and keep no row.
  if (actor) {
    effects.timeline.push({
      payment_intent_id: charge.payment_intent_id,
      charge_id: charge.id,
      type: 'captured',
      datetime: now,
      data: { transaction_id: txnId, user: { id: actor.id, username: actor.username } },
    });
  }
  planLoanPaydown(effects, charge, amount - fee_minor, env);
  if (charge.scripted_dispute) planDispute(effects, charge, charge.scripted_dispute, env);
  return effects;
}

/**
 * Withholds the loan repayment from a captured charge: the withhold rate of the charge's net,
 * never more than what is still owed.
 */
export function planLoanPaydown(effects: Effects, charge: ChargeState, net: number, env: PlanEnv): void {
  const loan = env.loan;
  if (!loan || net <= 0 || loan.currency !== env.account.default_currency) return;
  const owed = loan.amount + loan.fee_amount - loan.paid_amount;
  const withheld = Math.min(owed, basisPointShareMinor(net, loan.withhold_rate_bp));
  if (withheld <= 0) return;
  effects.ledger.push({
    ...ledgerAttributes(charge),
    id: env.ids.next('txn'),
    account_id: env.account.id,
    type: 'financing_paydown',
    amount: -withheld,
    fee: 0,
    currency: loan.currency,
    source_id: loan.id,
    loan_id: loan.id,
    available_on: env.now,
    created_at: env.now,
    description: `Repayment of loan ${loan.stripe_loan_id}`,
  });
  loan.paid_amount += withheld;
  loan.first_paydown_at ??= env.now;
  const paidOff = loan.paid_amount >= loan.amount + loan.fee_amount;
  effects.loanUpdates.push({
    id: loan.id,
    set: {
      paid_amount: loan.paid_amount,
      first_paydown_at: loan.first_paydown_at,
      fully_paid_at: paidOff ? env.now : null,
    },
  });
  effects.timeline.push({
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    type: 'financing_paydown',
    datetime: env.now,
    data: { amount: -withheld, currency: loan.currency, loan_id: loan.stripe_loan_id },
  });
  if (paidOff) env.loan = null;
}

/**
 * Opens a dispute on a captured charge. A dispute takes the disputed amount and the dispute fee
 * from the balance at once; an inquiry takes nothing unless it escalates.
 */
export function planDispute(
  effects: Effects,
  charge: ChargeState,
  script: { reason: string; inquiry: boolean },
  env: PlanEnv,
): string {
  const disputeId = env.ids.next('dp');
  const amount = charge.amount_captured - charge.amount_refunded;
  const dueBy = new Date(env.now.getTime() + DISPUTE_RESPONSE_WINDOW_MS);
  effects.disputes.push({
    id: disputeId,
    account_id: env.account.id,
    charge_id: charge.id,
    amount,
    currency: charge.currency,
    status: script.inquiry ? 'warning_needs_response' : 'needs_response',
    reason: script.reason,
    due_by: dueBy,
    created_at: env.now,
  });
  charge.dispute_id = disputeId;
  effects.chargeUpdates.push({ id: charge.id, set: { dispute_id: disputeId } });
  const settlement = env.account.default_currency;
  let fee = 0;
  if (!script.inquiry) {
    const settled = convertMinor(amount, charge.currency, settlement, charge.exchange_rate ?? '1');
    fee = disputeFee(settlement);
    effects.ledger.push({
      ...ledgerAttributes(charge),
      id: env.ids.next('txn'),
      account_id: env.account.id,
      type: 'dispute',
      amount: -settled,
      fee,
      currency: settlement,
      customer_amount: -amount,
      customer_currency: charge.currency,
      exchange_rate: charge.exchange_rate,
      source_id: disputeId,
      dispute_id: disputeId,
      available_on: env.now,
      created_at: env.now,
    });
  }
  effects.jobs.push(
    {
      kind: DISPUTE_DEADLINE_JOB,
      payload: JSON.stringify({ dispute_id: disputeId }),
      run_at: dueBy,
      unique_key: `${DISPUTE_DEADLINE_JOB}:${disputeId}`,
    },
    {
      kind: DISPUTE_REMINDER_JOB,
      payload: JSON.stringify({ dispute_id: disputeId }),
      run_at: disputeReminderAt(dueBy, env.now),
      unique_key: `${DISPUTE_REMINDER_JOB}:${disputeId}`,
    },
  );
  effects.timeline.push({
    payment_intent_id: charge.payment_intent_id,
    charge_id: charge.id,
    type: 'dispute_needs_response',
    datetime: env.now,
    data: {
      amount,
      currency: charge.currency,
      fee,
      reason: script.reason,
      dispute_id: disputeId,
      evidence_due_by: Math.floor(dueBy.getTime() / 1000),
    },
  });
  return disputeId;
}
