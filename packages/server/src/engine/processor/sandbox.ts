import { assert, invalidParams, methodCurrencyError, resolveCard, resolveLocalMethod } from '@paydesk/domain';
import { REFUND_FAILURE_DELAY_MS } from '@paydesk/domain/processor/test-cards';
import type { ExternalAccount } from '../../db/schema.ts';
import type {
  Authorization,
  CaptureResult,
  CheckoutInput,
  PayoutSettlement,
  Processor,
  RefundSettlement,
} from './processor.ts';

/**
 * The sandbox processor: test card numbers decide authorizations, declines and what follows a
 * capture; words in the evidence decide disputes; a test bank account decides payouts
 * (docs/test-cards.md, docs/payouts.md). It answers at once and never leaves the process.
 */

/** Why such a refund fails. */
export const SANDBOX_REFUND_FAILURE_REASON = 'expired_or_canceled_card';

/**
 * Sandbox dispute outcomes: the text of the uncategorized_text evidence field decides a
 * submitted dispute. losing_evidence is looked for first, so a text naming both loses.
 */
export const WINNING_EVIDENCE = 'winning_evidence';
export const LOSING_EVIDENCE = 'losing_evidence';

/** The sandbox bank account whose payouts fail at arrival. */
export const FAILING_BANK_LAST4 = '1113';
export const ACCOUNT_CLOSED_MESSAGE = 'The bank account has been closed.';

function inPersonDetails(card: Record<string, unknown>, platform: 'ios' | 'android' | undefined) {
  const { checks: _checks, ...present } = card;
  return { ...present, reader_model: platform ? 'COTS_DEVICE' : 'WISEPOS_E', platform: platform ?? null };
}

function authorize(input: CheckoutInput, now: Date): Authorization {
  const data = input.payment_method_data;
  const inPerson = data.type === 'card_present';
  const base = {
    scriptedDispute: null,
    refundsFail: false,
    channel: inPerson ? ('in_person' as const) : ('online' as const),
    sourceDevice: inPerson ? (data.platform ?? null) : null,
    readerId: inPerson ? (data.reader_id ?? null) : null,
    riskLevel: 0,
    avsMismatch: false,
  };
  const card =
    data.type === 'card'
      ? data.card
      : inPerson
        ? (data.card ?? {
            number: '4242424242424242',
            exp_month: 12,
            exp_year: now.getUTCFullYear() + 3,
            cvc: '123',
          })
        : undefined;
  if (card) {
    const result = resolveCard(card, now);
    const block = (resolved: Record<string, unknown>) =>
      inPerson
        ? {
            type: 'card_present',
            card_present: inPersonDetails(resolved, data.type === 'card_present' ? data.platform : undefined),
          }
        : { type: 'card', card: resolved };
    if (!result.ok) {
      return {
        ...base,
        declined: {
          code: result.code,
          ...(result.decline_code ? { decline_code: result.decline_code } : {}),
          message: result.message,
          reason: result.failure_reason,
          outcomeType: result.outcome_type,
        },
        details: result.card ? block({ ...result.card }) : { type: data.type, [data.type]: {} },
      };
    }
    return {
      ...base,
      details: block({ ...result.card }),
      riskLevel: result.risk_level,
      avsMismatch: result.scripted.avs_mismatch,
      scriptedDispute: result.scripted.dispute ?? null,
      refundsFail: result.scripted.refunds_fail ?? false,
    };
  }
  assert(data.type !== 'card' && data.type !== 'card_present', 'card payments resolve a card above');
  const currencyError = methodCurrencyError(data.type, input.currency);
  if (currencyError) throw invalidParams({ currency: currencyError });
  const local = resolveLocalMethod(data.type, {
    customerName: input.order.customer.name,
    country: input.order.billing_address.country,
    seed: input.order.number,
  });
  if (!local.ok) {
    return {
      ...base,
      details: local.payment_method_details,
      declined: {
        code: local.code,
        message: local.message,
        reason: local.failure_reason,
        outcomeType: local.outcome_type,
      },
    };
  }
  return { ...base, details: local.payment_method_details };
}

function refund(charge: { refunds_fail: boolean }): RefundSettlement {
  return charge.refunds_fail
    ? { status: 'pending', failsAfterMs: REFUND_FAILURE_DELAY_MS }
    : { status: 'succeeded' };
}

function decideDispute(evidence: Readonly<Record<string, string>>): 'won' | 'lost' {
  const text = evidence.uncategorized_text ?? '';
  if (text.includes(LOSING_EVIDENCE)) return 'lost';
  return text.includes(WINNING_EVIDENCE) ? 'won' : 'lost';
}

function settlePayout(bank: Partial<ExternalAccount>): PayoutSettlement {
  return bank.last4 === FAILING_BANK_LAST4
    ? { status: 'failed', failure_code: 'account_closed', failure_message: ACCOUNT_CLOSED_MESSAGE }
    : { status: 'paid' };
}

/** The sandbox's network holds every authorization until the engine lets it go. */
function capture(): CaptureResult {
  return { status: 'succeeded' };
}

function cancel(): { status: 'canceled' } {
  return { status: 'canceled' };
}

export const sandboxProcessor: Processor = {
  authorize,
  capture,
  cancel,
  refund,
  decideDispute,
  settlePayout,
};
