/**
 * Monthly fee invoices: the kinds of fee they list, in the order they are printed, and how
 * each kind is read off the ledger (docs/documents.md).
 */

export const DOCUMENT_TYPES = ['vat_invoice'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** The document list's label of each type. */
export const DOCUMENT_TYPE_LABELS: Readonly<Record<DocumentType, string>> = {
  vat_invoice: 'VAT invoice',
};

export const FEE_LINE_KINDS = [
  'transaction_fees',
  'refunded_fees',
  'dispute_fees',
  'card_reader_fees',
  'instant_payout_fees',
  'other_fees',
] as const;
export type FeeLineKind = (typeof FEE_LINE_KINDS)[number];

export const FEE_LINE_LABELS: Readonly<Record<FeeLineKind, string>> = {
  transaction_fees: 'Transaction fees',
  refunded_fees: 'Refunded fees',
  dispute_fees: 'Dispute fees',
  card_reader_fees: 'Card reader fees',
  instant_payout_fees: 'Instant payout fees',
  other_fees: 'Other fees',
};

/**
 * The kind of fee a ledger row's `fee` counts as. Card reader fees are the exception: the fee
 * is the row's amount (a debit), since the row is the fee itself.
 */
export function feeLineKindOf(ledgerType: string): FeeLineKind {
  switch (ledgerType) {
    case 'charge':
    case 'payment':
      return 'transaction_fees';
    case 'refund':
    case 'payment_refund':
    case 'payment_failure_refund':
    case 'refund_failure':
      return 'refunded_fees';
    case 'dispute':
    case 'dispute_reversal':
      return 'dispute_fees';
    case 'card_reader_fee':
      return 'card_reader_fees';
    default:
      return 'other_fees';
  }
}

/** Invoice numbers: the year of the period and a counter without gaps, e.g. `PD-2026-000042`. */
export function formatInvoiceNumber(year: number, counter: number): string {
  return `PD-${year}-${String(counter).padStart(6, '0')}`;
}

/** A month's invoice file name, e.g. `paydesk-invoice-2026-03.pdf`. */
export function invoiceFilename(period_from_ms: number): string {
  return `paydesk-invoice-${new Date(period_from_ms).toISOString().slice(0, 7)}.pdf`;
}

/** The list's description of a document: "VAT invoice for %s to %s". */
export const VAT_INVOICE_DESCRIPTION = 'VAT invoice for %1$s to %2$s';
