import { formatStoreDate } from '../date-format.ts';
import { formatCurrency, formatExplicitCurrency } from '../money/format.ts';
import {
  refundFailureReason,
  TIMELINE_FAILURE_REASONS,
  timelineFailureReason,
} from '../payments/messages.ts';
import { conversionLine, type FeeRates, feeBreakdownLines, feeLine } from './format.ts';
import { disputedPaymentLabel, FRAUD_OUTCOME_STATUS_LABELS } from './status.ts';

/**
 * The payment timeline of the detail page: each event becomes one
 * or more items — a 'Payment status changed to X.' line, the event's own headline with its
 * details (fees, conversion, reasons), and the payout line that says where the money went.
 *
 * Every text goes through `t` before it is filled, so the page can pass its translation
 * function; the default leaves the English as it is. Amounts are formatted in the store's
 * locale and shown with their currency code when they are not in the store currency.
 */

/** The fields of a timeline event this module reads (the contract's TTimelineEvent fits it). */
export interface TimelineEventInput {
  type: string;
  /** Epoch seconds. */
  datetime: number;
  amount?: number | undefined;
  fee?: number | undefined;
  currency?: string | undefined;
  amount_captured?: number | undefined;
  amount_refunded?: number | undefined;
  reason?: string | null | undefined;
  failure_reason?: string | undefined;
  deposit?: { id: string; arrival_date: number } | null | undefined;
  fee_rates?: FeeRates | undefined;
  transaction_details?:
    | {
        customer_currency: string;
        store_currency: string;
        customer_amount: number;
        customer_amount_captured?: number | undefined;
        store_amount: number;
        store_amount_captured?: number | undefined;
        store_fee?: number | undefined;
      }
    | undefined;
  loan_id?: string | undefined;
  user?: { id: number; username: string } | undefined;
  ruleset_results?: Record<string, string> | undefined;
  dispute_id?: string | undefined;
}

export type Translate = (text: string) => string;

export interface TimelineOptions {
  /** The store currency: amounts in another currency show their code. */
  storeCurrency: string;
  /** The store's PHP-style date format and time zone, for payout dates. */
  dateFormat: string;
  timezone: string;
  locale?: string;
  /**
   * The charge's failure code (card_declined, …). A failed event's reason is the decline code
   * when the bank gave one (generic_decline, lost_card, …); there are reasons for some decline
   * codes and for the failure codes, so a decline code without one falls back to this.
   */
  failureCode?: string | null;
  /** Whether the payment's dispute is an inquiry (its events read differently). */
  isInquiry?: boolean;
  t?: Translate;
}

/** A link inside a timeline text: to another admin page (`path` + `query`) or a plain URL. */
export interface TimelineLink {
  text: string;
  path?: string;
  query?: Record<string, string>;
  href?: string;
}
export type TimelineSegment = string | TimelineLink;

export type TimelineTone = 'success' | 'info' | 'warning' | 'error' | 'neutral';
export type TimelineItemKind = 'status' | 'event' | 'payout';

export interface TimelineItem {
  /** Unique within one timeline. */
  key: string;
  /** Epoch seconds. */
  datetime: number;
  event_type: string;
  kind: TimelineItemKind;
  tone: TimelineTone;
  headline: TimelineSegment[];
  /** Detail lines under the headline. */
  body: string[];
}

export const TIMELINE_TEMPLATES = {
  statusChanged: 'Payment status changed to %s.',
  started: 'A payment of %s was started.',
  authorized: 'A payment of %s was successfully authorized.',
  authorizationVoided: 'Authorization for %s was voided.',
  authorizationExpired: 'Authorization for %s expired.',
  captured: 'A payment of %s was successfully charged.',
  refunded: 'A payment of %s was successfully refunded.',
  refundReason: 'Reason: %s',
  /** %2$s is a refund failure reason, which ends with its own full stop. */
  refundFailed: 'A refund of %1$s failed due to %2$s',
  /** %2$s is a timeline failure reason. */
  failed: 'A payment of %1$s failed: %2$s.',
  disputed: 'Payment disputed as %s.',
  inquiryOpened: 'Payment inquiry opened as %s.',
  disputeInReview: 'Challenge evidence submitted.',
  inquiryInReview: 'Inquiry response submitted.',
  disputeWon: 'Dispute won! The bank ruled in your favor.',
  disputeLost: 'Dispute lost. The bank ruled in favor of your customer.',
  disputeWarningClosed: 'Dispute inquiry closed. The bank chose not to pursue this dispute.',
  disputeChargeRefunded: 'The disputed charge has been refunded.',
  disputedAmount: 'Disputed amount: %s',
  disputeFee: 'Fee: %s',
  loanRepayment: '%s was used to repay a portion of your loan.',
  viewLoans: 'View loans',
  fraudReview: 'Payment was screened by your fraud filters and placed in review.',
  fraudBlock: 'Payment was screened by your fraud filters and blocked.',
  fraudRuleReview: 'Placed in review by the rule: %s',
  fraudRuleBlock: 'Blocked by the rule: %s',
  manualApprove: 'Payment was approved by %s.',
  manualBlock: 'Payment was blocked by %s.',
  netPayout: 'Net payout: %s',
  addedToPayout: '%1$s was added to your %2$s payout.',
  deductedFromPayout: '%1$s was deducted from your %2$s payout.',
  addedToFuturePayout: '%s will be added to a future payout.',
  deductedFromFuturePayout: '%s will be deducted from a future payout.',
} as const;

/** Status names the timeline's status lines use. */
export const TIMELINE_STATUS_LABELS = {
  authorized: 'Authorized',
  canceled: 'Canceled',
  paid: 'Paid',
  partialRefund: 'Partial refund',
  refunded: 'Refunded',
  refundFailure: 'Refund failure',
  failed: 'Failed',
} as const;

/** The risk rule types the payment details name, by saved rule key. */
export const FRAUD_RULE_LABELS: Readonly<Record<string, string>> = {
  avs_verification: 'AVS mismatch',
  address_mismatch: 'Shipping/billing country mismatch',
  international_ip_address: 'IP country not in selling countries',
  ip_address_mismatch: 'Order country differs from shipping',
  order_items_threshold: 'Item count out of range',
  purchase_price_threshold: 'Price out of range',
};

/** Refund reasons as the page names them; 'other' is sent as null. */
export const REFUND_REASON_LABELS: Readonly<Record<string, string>> = {
  duplicate: 'Duplicate order',
  fraudulent: 'Fraudulent',
  requested_by_customer: 'Requested by customer',
  other: 'Other',
};

/** Dispute reasons as the pages name them; fraudulent is shown as 'Transaction unauthorized'. */
export const DISPUTE_REASON_LABELS: Readonly<Record<string, string>> = {
  bank_cannot_process: 'Bank cannot process',
  check_returned: 'Check returned',
  credit_not_processed: 'Credit not processed',
  customer_initiated: 'Customer initiated',
  debit_not_authorized: 'Debit not authorized',
  duplicate: 'Duplicate',
  fraudulent: 'Transaction unauthorized',
  general: 'General',
  incorrect_account_details: 'Incorrect account details',
  insufficient_funds: 'Insufficient funds',
  product_not_received: 'Product not received',
  product_unacceptable: 'Product unacceptable',
  subscription_canceled: 'Subscription canceled',
  unrecognized: 'Unrecognized',
};

function own(table: Readonly<Record<string, string>>, key: string | null | undefined): string | undefined {
  return key && Object.hasOwn(table, key) ? table[key] : undefined;
}

export function disputeReasonLabel(reason: string | null | undefined): string {
  return own(DISPUTE_REASON_LABELS, reason) ?? reason ?? '';
}

export function fraudRuleLabel(key: string): string {
  return own(FRAUD_RULE_LABELS, key) ?? key;
}

/**
 * Fills `%s` / `%1$s` placeholders with text or links, keeping links as separate segments so
 * the page can render them as anchors. Neighbouring texts are merged.
 */
export function fillSegments(template: string, args: readonly TimelineSegment[]): TimelineSegment[] {
  const out: TimelineSegment[] = [];
  const push = (segment: TimelineSegment) => {
    const last = out[out.length - 1];
    if (typeof segment === 'string' && typeof last === 'string') out[out.length - 1] = last + segment;
    else if (segment !== '') out.push(segment);
  };
  let next = 0;
  let cursor = 0;
  for (const match of template.matchAll(/%(?:(\d+)\$)?s/g)) {
    push(template.slice(cursor, match.index));
    const index = match[1] === undefined ? next++ : Number(match[1]) - 1;
    push(args[index] ?? '');
    cursor = match.index + match[0].length;
  }
  push(template.slice(cursor));
  return out;
}

/** The plain text of segments, links included as their text (for tests and titles). */
export function segmentsText(segments: readonly TimelineSegment[]): string {
  return segments.map((segment) => (typeof segment === 'string' ? segment : segment.text)).join('');
}

const DISPUTE_EVENT_STATUSES: Readonly<Record<string, readonly [dispute: string, inquiry: string]>> = {
  dispute_needs_response: ['needs_response', 'warning_needs_response'],
  dispute_in_review: ['under_review', 'warning_under_review'],
  dispute_won: ['won', 'won'],
  dispute_lost: ['lost', 'lost'],
  dispute_warning_closed: ['warning_closed', 'warning_closed'],
  dispute_charge_refunded: ['charge_refunded', 'charge_refunded'],
};

/** The items of one event, in reading order: status line, the event itself, the payout line. */
export function timelineEventItems(
  event: TimelineEventInput,
  options: TimelineOptions,
  position = 0,
): TimelineItem[] {
  const t = options.t ?? ((text: string) => text);
  const locale = options.locale ?? 'en_US';
  const store = options.storeCurrency.toLowerCase();
  const eventAmount = (amount_minor: number, currency: string | undefined) => {
    const code = (currency ?? store).toLowerCase();
    return code === store
      ? formatCurrency(amount_minor, code, locale)
      : formatExplicitCurrency(amount_minor, code, locale);
  };
  const amount = eventAmount(Math.abs(event.amount ?? 0), event.currency);
  const items: TimelineItem[] = [];
  const add = (
    kind: TimelineItemKind,
    tone: TimelineTone,
    template: string,
    args: readonly TimelineSegment[],
    body: string[] = [],
  ) => {
    items.push({
      key: `${position}-${event.type}-${items.length}`,
      datetime: event.datetime,
      event_type: event.type,
      kind,
      tone,
      headline: fillSegments(t(template), args),
      body,
    });
  };
  const status = (label: string) => add('status', 'neutral', TIMELINE_TEMPLATES.statusChanged, [t(label)]);
  /** Where an amount in the store currency went: a payout that took it, or a future one. */
  const payout = (amount_minor: number, currency: string | undefined, body: string[] = []) => {
    if (amount_minor === 0) return;
    const text = eventAmount(Math.abs(amount_minor), currency);
    const positive = amount_minor > 0;
    if (event.deposit) {
      const link: TimelineLink = {
        text: formatStoreDate(event.deposit.arrival_date, options.dateFormat, options.timezone),
        path: '/payments/payouts/details',
        query: { id: event.deposit.id },
      };
      add(
        'payout',
        'info',
        positive ? TIMELINE_TEMPLATES.addedToPayout : TIMELINE_TEMPLATES.deductedFromPayout,
        [text, link],
        body,
      );
    } else {
      add(
        'payout',
        'info',
        positive ? TIMELINE_TEMPLATES.addedToFuturePayout : TIMELINE_TEMPLATES.deductedFromFuturePayout,
        [text],
        body,
      );
    }
  };
  const details = event.transaction_details;
  const conversion = details
    ? conversionLine(
        {
          customer_currency: details.customer_currency,
          store_currency: details.store_currency,
          customer_amount: details.customer_amount_captured ?? details.customer_amount,
          store_amount: details.store_amount_captured ?? details.store_amount,
        },
        locale,
      )
    : null;
  const inquiry = options.isInquiry ?? false;

  switch (event.type) {
    case 'started':
      add('event', 'info', TIMELINE_TEMPLATES.started, [amount]);
      break;
    case 'authorized':
      status(TIMELINE_STATUS_LABELS.authorized);
      add('event', 'warning', TIMELINE_TEMPLATES.authorized, [amount]);
      break;
    case 'authorization_voided':
      status(TIMELINE_STATUS_LABELS.canceled);
      add('event', 'neutral', TIMELINE_TEMPLATES.authorizationVoided, [amount]);
      break;
    case 'authorization_expired':
      status(TIMELINE_STATUS_LABELS.canceled);
      add('event', 'neutral', TIMELINE_TEMPLATES.authorizationExpired, [amount]);
      break;
    case 'captured': {
      const captured = eventAmount(Math.abs(event.amount_captured ?? event.amount ?? 0), event.currency);
      const storeCurrency = details?.store_currency ?? event.currency ?? store;
      const fee = details?.store_fee ?? event.fee ?? 0;
      const gross = details?.store_amount_captured ?? details?.store_amount ?? event.amount ?? 0;
      const net = gross - fee;
      const body = [
        ...(conversion ? [conversion] : []),
        feeLine(fee, storeCurrency, event.fee_rates, locale),
        ...feeBreakdownLines(event.fee_rates, locale),
        fillSegmentsText(t(TIMELINE_TEMPLATES.netPayout), [eventAmount(net, storeCurrency)]),
      ];
      status(TIMELINE_STATUS_LABELS.paid);
      add('event', 'success', TIMELINE_TEMPLATES.captured, [captured], body);
      payout(net, storeCurrency);
      break;
    }
    case 'partial_refund':
    case 'full_refund': {
      const reason = own(REFUND_REASON_LABELS, event.reason);
      const body = [
        ...(reason ? [fillSegmentsText(t(TIMELINE_TEMPLATES.refundReason), [t(reason)])] : []),
        ...(conversion ? [conversion] : []),
      ];
      status(
        event.type === 'full_refund' ? TIMELINE_STATUS_LABELS.refunded : TIMELINE_STATUS_LABELS.partialRefund,
      );
      add('event', 'success', TIMELINE_TEMPLATES.refunded, [amount], body);
      payout(
        -Math.abs(details?.store_amount ?? event.amount ?? 0),
        details?.store_currency ?? event.currency,
      );
      break;
    }
    case 'refund_failed':
      status(TIMELINE_STATUS_LABELS.refundFailure);
      add('event', 'error', TIMELINE_TEMPLATES.refundFailed, [
        amount,
        t(refundFailureReason(event.failure_reason)),
      ]);
      payout(Math.abs(details?.store_amount ?? event.amount ?? 0), details?.store_currency ?? event.currency);
      break;
    case 'failed':
      status(TIMELINE_STATUS_LABELS.failed);
      add('event', 'error', TIMELINE_TEMPLATES.failed, [
        amount,
        t(
          event.reason && Object.hasOwn(TIMELINE_FAILURE_REASONS, event.reason)
            ? timelineFailureReason(event.reason)
            : timelineFailureReason(options.failureCode),
        ),
      ]);
      break;
    case 'dispute_needs_response': {
      status(disputedPaymentLabel(disputeEventStatus(event.type, inquiry)));
      add('event', 'error', inquiry ? TIMELINE_TEMPLATES.inquiryOpened : TIMELINE_TEMPLATES.disputed, [
        t(disputeReasonLabel(event.reason)),
      ]);
      // An inquiry takes nothing from the balance; a dispute takes the amount and its fee.
      if (!inquiry) {
        const fee = Math.abs(event.fee ?? 0);
        const disputed = Math.abs(event.amount ?? 0);
        payout(-(disputed + fee), event.currency, [
          fillSegmentsText(t(TIMELINE_TEMPLATES.disputedAmount), [eventAmount(-disputed, event.currency)]),
          fillSegmentsText(t(TIMELINE_TEMPLATES.disputeFee), [eventAmount(-fee, event.currency)]),
        ]);
      }
      break;
    }
    case 'dispute_in_review':
      status(disputedPaymentLabel(disputeEventStatus(event.type, inquiry)));
      add(
        'event',
        'info',
        inquiry ? TIMELINE_TEMPLATES.inquiryInReview : TIMELINE_TEMPLATES.disputeInReview,
        [],
      );
      break;
    case 'dispute_won':
      status(disputedPaymentLabel('won'));
      add('event', 'success', TIMELINE_TEMPLATES.disputeWon, []);
      payout(Math.abs(event.amount ?? 0), event.currency);
      break;
    case 'dispute_lost':
      status(disputedPaymentLabel('lost'));
      add('event', 'error', TIMELINE_TEMPLATES.disputeLost, []);
      break;
    case 'dispute_warning_closed':
      status(disputedPaymentLabel('warning_closed'));
      add('event', 'neutral', TIMELINE_TEMPLATES.disputeWarningClosed, []);
      break;
    case 'dispute_charge_refunded':
      status(disputedPaymentLabel('charge_refunded'));
      add('event', 'neutral', TIMELINE_TEMPLATES.disputeChargeRefunded, []);
      break;
    case 'financing_paydown':
      add('event', 'info', `${t(TIMELINE_TEMPLATES.loanRepayment)} %s`, [
        amount,
        { text: t(TIMELINE_TEMPLATES.viewLoans), path: '/payments/loans' },
      ]);
      payout(-Math.abs(event.amount ?? 0), event.currency);
      break;
    case 'fraud_outcome_review':
      status(FRAUD_OUTCOME_STATUS_LABELS.review);
      add('event', 'warning', TIMELINE_TEMPLATES.fraudReview, [], ruleLines(event, 'review', t));
      break;
    case 'fraud_outcome_block':
      status(FRAUD_OUTCOME_STATUS_LABELS.block);
      add('event', 'error', TIMELINE_TEMPLATES.fraudBlock, [], ruleLines(event, 'block', t));
      break;
    case 'fraud_outcome_manual_approve':
      add('event', 'success', TIMELINE_TEMPLATES.manualApprove, [userName(event)]);
      break;
    case 'fraud_outcome_manual_block':
      status(FRAUD_OUTCOME_STATUS_LABELS.block);
      add('event', 'error', TIMELINE_TEMPLATES.manualBlock, [userName(event)]);
      break;
    default:
      // An event type this page does not know yet still shows when it happened.
      add('event', 'neutral', '%s', [event.type]);
  }
  return items;
}

function fillSegmentsText(template: string, args: readonly string[]): string {
  return segmentsText(fillSegments(template, args));
}

function disputeEventStatus(type: string, inquiry: boolean): string {
  const pair = DISPUTE_EVENT_STATUSES[type];
  return pair ? pair[inquiry ? 1 : 0] : type;
}

/**
 * Who made a manual fraud decision. The specification links the name to the platform's user
 * profile page, which this admin does not have, so the name is shown as text rather than as a
 * link that answers 404 (docs/refunds.md).
 */
function userName(event: TimelineEventInput): TimelineSegment {
  return event.user ? event.user.username : '';
}

function ruleLines(event: TimelineEventInput, outcome: 'review' | 'block', t: Translate): string[] {
  const template =
    outcome === 'review' ? TIMELINE_TEMPLATES.fraudRuleReview : TIMELINE_TEMPLATES.fraudRuleBlock;
  return Object.entries(event.ruleset_results ?? {})
    .filter(([, result]) => result === outcome)
    .map(([key]) => fillSegmentsText(t(template), [t(fraudRuleLabel(key))]));
}

/** Every item of a timeline, newest event first as the endpoint answers them. */
export function buildTimeline(
  events: readonly TimelineEventInput[],
  options: TimelineOptions,
): TimelineItem[] {
  return events.flatMap((event, index) => timelineEventItems(event, options, index));
}
