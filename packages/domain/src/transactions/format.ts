import { currencyPrecision } from '../currencies.ts';
import { escapeHtml } from '../html.ts';
import {
  exchangeRateFromAmounts,
  formatCurrency,
  formatExchangeRate,
  formatExplicitCurrency,
  formatFeeRate,
} from '../money/format.ts';
import { fillTemplate } from '../payments/messages.ts';
import { type ChargeDisplayStatus, deriveChargeStatus } from './status.ts';

/**
 * The payment detail page's pure rules: which kind
 * of id the page was opened with, the fee lines of a timeline event, the currency conversion
 * line, the capture deadline, the display status of a charge as the detail endpoints return it,
 * and the HTML a message may carry. Templates keep their `%1$s` placeholders so the page can
 * translate them with __() and sprintf; the functions fill them in English with the locale's
 * number format.
 */

/** The timeline event types, in the order the contract lists them. */
export const TIMELINE_EVENT_TYPES = [
  'started',
  'authorized',
  'authorization_voided',
  'authorization_expired',
  'captured',
  'partial_refund',
  'full_refund',
  'refund_failed',
  'failed',
  'dispute_needs_response',
  'dispute_in_review',
  'dispute_won',
  'dispute_lost',
  'dispute_warning_closed',
  'dispute_charge_refunded',
  'financing_paydown',
  'fraud_outcome_manual_approve',
  'fraud_outcome_manual_block',
  'fraud_outcome_review',
  'fraud_outcome_block',
] as const;
export type TimelineEventType = (typeof TIMELINE_EVENT_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Ids.

export type PaymentDetailsIdKind = 'order' | 'charge' | 'payment_intent';

/** An id containing ch_ or py_ is treated as a charge. */
export function isChargeId(id: string): boolean {
  return id.includes('ch_') || id.includes('py_');
}

/**
 * What the detail page's `id` names: all digits is a store order id, an id containing ch_ or
 * py_ is a charge, anything else a payment intent.
 */
export function paymentDetailsIdKind(id: string): PaymentDetailsIdKind {
  if (/^\d+$/.test(id)) return 'order';
  return isChargeId(id) ? 'charge' : 'payment_intent';
}

// ---------------------------------------------------------------------------------------------
// Fees ('Base fee', 'capped at', percentages ×100 to 3 decimals).

/** One fee_rates.history entry, as the timeline's contract gives it. */
export interface FeeHistoryEntry {
  type: string;
  additional_type?: string | undefined;
  /** A fraction: 0.029 is 2.9 %. */
  percentage_rate: number;
  /** Minor units of `currency`. */
  fixed_rate: number;
  currency: string;
  /** The fee is this rate but at most `fixed_rate` ('capped at'). */
  capped?: boolean | undefined;
}

export interface FeeRates {
  percentage: number;
  fixed: number;
  fixed_currency: string;
  history: readonly FeeHistoryEntry[];
}

export const FEE_TEMPLATES = {
  /** The fee of an event priced by the base rate alone: '%1$s' is the rate, '%2$s' the fixed fee, '%3$s' the fee. */
  baseFeeOnly: 'Base fee (%1$s + %2$s): %3$s',
  baseFeeOnlyNoFixed: 'Base fee (%1$s): %2$s',
  /** '%1$s' is the cap, '%2$s' the fee. */
  baseFeeOnlyCapped: 'Base fee (capped at %1$s): %2$s',
  /** Any other fee, followed by its breakdown lines. */
  fee: 'Fee: %1$s',
  breakdownBase: 'Base fee: %1$s + %2$s',
  breakdownBaseNoFixed: 'Base fee: %1$s',
  breakdownBaseCapped: 'Base fee: capped at %1$s',
  breakdownInternational: 'International card fee: %1$s',
  breakdownFx: 'Currency conversion fee: %1$s',
  breakdownAdditional: 'Additional fee: %1$s',
  breakdownDiscount: 'Discount',
} as const;

/** Fee rates with a single base entry show 'Base fee'. */
export function isBaseFeeOnly(feeRates: FeeRates | null | undefined): boolean {
  return feeRates?.history.length === 1 && feeRates.history[0]?.type === 'base';
}

/**
 * The fee line of a timeline event: `fee_minor` is the fee taken (shown as a deduction, in
 * `currency`). A fee priced by the base rate alone names it ('Base fee (2.9% + $0.30): -$3.20',
 * or 'Base fee (capped at $2.00): -$2.00'); anything else is 'Fee: -$3.50' followed by
 * feeBreakdownLines.
 */
export function feeLine(
  fee_minor: number,
  currency: string,
  feeRates: FeeRates | null | undefined,
  locale = 'en_US',
): string {
  const fee = formatCurrency(-Math.abs(fee_minor), currency, locale);
  const only = isBaseFeeOnly(feeRates) ? feeRates?.history[0] : undefined;
  if (!only) return fillTemplate(FEE_TEMPLATES.fee, fee);
  const fixed = formatCurrency(only.fixed_rate, only.currency, locale);
  if (only.capped) return fillTemplate(FEE_TEMPLATES.baseFeeOnlyCapped, fixed, fee);
  const rate = formatFeeRate(only.percentage_rate, locale);
  return only.fixed_rate === 0
    ? fillTemplate(FEE_TEMPLATES.baseFeeOnlyNoFixed, rate, fee)
    : fillTemplate(FEE_TEMPLATES.baseFeeOnly, rate, fixed, fee);
}

/** One line per history entry, in order; empty when the base rate alone priced the event. */
export function feeBreakdownLines(feeRates: FeeRates | null | undefined, locale = 'en_US'): string[] {
  if (!feeRates || isBaseFeeOnly(feeRates)) return [];
  return feeRates.history.map((entry) => feeBreakdownLine(entry, locale));
}

export function feeBreakdownLine(entry: FeeHistoryEntry, locale = 'en_US'): string {
  const rate = formatFeeRate(entry.percentage_rate, locale);
  const fixed = formatCurrency(entry.fixed_rate, entry.currency, locale);
  switch (entry.type) {
    case 'base':
      if (entry.capped) return fillTemplate(FEE_TEMPLATES.breakdownBaseCapped, fixed);
      return entry.fixed_rate === 0
        ? fillTemplate(FEE_TEMPLATES.breakdownBaseNoFixed, rate)
        : fillTemplate(FEE_TEMPLATES.breakdownBase, rate, fixed);
    case 'discount':
      return FEE_TEMPLATES.breakdownDiscount;
    default:
      if (entry.additional_type === 'international')
        return fillTemplate(FEE_TEMPLATES.breakdownInternational, rate);
      if (entry.additional_type === 'fx') return fillTemplate(FEE_TEMPLATES.breakdownFx, rate);
      return fillTemplate(FEE_TEMPLATES.breakdownAdditional, rate);
  }
}

// ---------------------------------------------------------------------------------------------
// Currency conversion (exchange rate precision 5 digits, 6 below 1).

export interface ConversionDetails {
  customer_currency: string;
  store_currency: string;
  customer_amount: number;
  store_amount: number;
}

export const FX_TEMPLATE = '%1$s → %2$s: %3$s';

/**
 * The conversion line of an event paid in another currency than the store's:
 * '€1.00 EUR → 1.08696 USD: $10.87 USD'. Null when no conversion happened (same currency, or
 * an amount of zero from which no rate can be read).
 */
export function conversionLine(details: ConversionDetails, locale = 'en_US'): string | null {
  const from = details.customer_currency.toLowerCase();
  const to = details.store_currency.toLowerCase();
  if (from === to || details.customer_amount === 0) return null;
  const rate = exchangeRateFromAmounts(
    Math.abs(details.customer_amount),
    from,
    Math.abs(details.store_amount),
    to,
  );
  return fillTemplate(
    FX_TEMPLATE,
    formatExplicitCurrency(10 ** currencyPrecision(from), from, locale),
    `${formatExchangeRate(rate, locale)} ${to.toUpperCase()}`,
    formatExplicitCurrency(details.store_amount, to, locale),
  );
}

// ---------------------------------------------------------------------------------------------
// Authorization.

/** Seconds an authorization may wait for capture: 7 days. */
export const CAPTURE_WINDOW_SECONDS = 7 * 24 * 60 * 60;

/** The capture deadline equals created plus 7 days; both in epoch seconds. */
export function captureDeadline(created_s: number): number {
  return created_s + CAPTURE_WINDOW_SECONDS;
}

/**
 * Uncaptured, non-failed charges with no refund show the notice to capture within 7 days, when
 * auth and capture is on.
 */
export function showsCaptureNotice(
  charge: { captured: boolean; status: string; amount_refunded: number },
  isAuthAndCaptureEnabled: boolean,
): boolean {
  return (
    isAuthAndCaptureEnabled && !charge.captured && charge.status !== 'failed' && charge.amount_refunded === 0
  );
}

// ---------------------------------------------------------------------------------------------
// Display status of a charge from the detail endpoints.

/** The fields of a charge (and its intent) from `GET {base}/charges/{id}` that decide its status. */
export interface DetailCharge {
  status: string;
  paid: boolean;
  captured: boolean;
  refunded: boolean;
  amount_refunded: number;
  has_failed_refund?: boolean;
  dispute?: { status: string } | null;
  outcome?: { type: string } | null;
  order?: { fraud_meta_box_type: string } | null;
}

/**
 * The display status of a charge as the detail endpoints return it, by the ordered status rules
 * (deriveChargeStatus). `intentStatus` is the payment intent's status when the page has it:
 * a held payment needs it to read as 'Needs review'.
 */
export function chargeDisplayStatus(
  charge: DetailCharge,
  intentStatus?: string | null,
): ChargeDisplayStatus | string {
  return deriveChargeStatus({
    status: charge.status,
    paid: charge.paid,
    captured: charge.captured,
    refunded: charge.refunded,
    amount_refunded: charge.amount_refunded,
    has_failed_refund: charge.has_failed_refund ?? false,
    dispute_status: charge.dispute?.status ?? null,
    outcome_type: charge.outcome?.type ?? null,
    payment_intent_status: intentStatus ?? null,
    fraud_type: charge.order?.fraud_meta_box_type ?? null,
  });
}

// ---------------------------------------------------------------------------------------------
// HTML in messages (allowed tags a, b, em, i, strong, p, br).

export const MESSAGE_ALLOWED_TAGS = ['a', 'b', 'em', 'i', 'strong', 'p', 'br'] as const;
/** Links keep their target; nothing else keeps an attribute. */
export const MESSAGE_ALLOWED_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  a: ['href', 'target', 'rel'],
};
/** Link targets a message may use: web pages, mail, and paths of this site. */
export const MESSAGE_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;

export function isAllowedMessageTag(tag: string): boolean {
  return (MESSAGE_ALLOWED_TAGS as readonly string[]).includes(tag.toLowerCase());
}

/**
 * The tags of an HTML message that the rule does not allow, lower-cased and without repeats, so
 * a check can say which ones it found. The sanitizers (sanitize-html on the server, DOMPurify in
 * the page) remove them; this is for validating and testing messages.
 */
export function disallowedMessageTags(html: string): string[] {
  const found = new Set<string>();
  for (const match of html.matchAll(/<\/?\s*([A-Za-z][A-Za-z0-9-]*)/g)) {
    const tag = match[1]!.toLowerCase();
    if (!isAllowedMessageTag(tag)) found.add(tag);
  }
  return [...found];
}

export interface PostalAddress {
  line1?: string | null | undefined;
  line2?: string | null | undefined;
  city?: string | null | undefined;
  state?: string | null | undefined;
  postal_code?: string | null | undefined;
  country?: string | null | undefined;
}

/** An address's lines: street, second line, "city, state postal code", country; empty parts left out. */
export function postalAddressLines(address: PostalAddress): string[] {
  const clean = (value: string | null | undefined) => (value ?? '').trim();
  const locality = [
    clean(address.city),
    [clean(address.state), clean(address.postal_code)].filter(Boolean).join(' '),
  ]
    .filter(Boolean)
    .join(', ');
  return [clean(address.line1), clean(address.line2), locality, clean(address.country)].filter(Boolean);
}

/** An address as the billing details show it: its escaped lines joined with `<br/>` (an allowed tag). */
export function formatAddressHtml(address: PostalAddress): string {
  return postalAddressLines(address).map(escapeHtml).join('<br/>');
}
