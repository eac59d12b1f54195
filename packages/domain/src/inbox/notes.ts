import { formatStoreDate } from '../date-format.ts';
import { DISPUTE_CHALLENGE_PATH } from '../disputes/paths.ts';
import { escapeHtml } from '../html.ts';
import { formatCurrency } from '../money/format.ts';

/**
 * The inbox notes of the Overview page (docs/overview.md, Inbox notes): what the
 * engine writes at the moments a merchant cares about, and the rules the page and the server
 * share about them. Note content is HTML limited to the allowed tags.
 */

/** The source of this product's notes; the inbox lists only these. */
export const NOTE_SOURCE = 'woocommerce-payments';
/** The only HTML tags a message may carry. */
export const NOTE_ALLOWED_TAGS = ['a', 'b', 'em', 'i', 'strong', 'p', 'br'] as const;
/** Link schemes a note's links may use; relative links are allowed too. */
export const NOTE_ALLOWED_SCHEMES = ['http', 'https', 'mailto'] as const;
export const NOTE_STATUSES = ['unactioned', 'actioned'] as const;
export const NOTE_TYPES = ['error', 'warning', 'update', 'info', 'marketing', 'survey', 'email'] as const;
export const NOTE_LAYOUTS = ['plain', 'banner', 'thumbnail'] as const;
/**
 * How many notes the inbox shows at first, newest first, and how many more each "Show more"
 * adds (docs/overview.md "Inbox notes").
 */
export const INBOX_PAGE_SIZE = 5;
/** How long a dismissed note takes to leave the list. */
export const INBOX_DISMISS_ANIMATION_MS = 500;

export type NoteStatus = (typeof NOTE_STATUSES)[number];
export type NoteType = (typeof NOTE_TYPES)[number];

export interface NoteActionDraft {
  name: string;
  label: string;
  /** An admin page path with its query (`/wp-admin/admin.php?…`). */
  url: string;
  /** What following the action makes of the note. */
  status: NoteStatus;
  primary: boolean;
}

/** A note as a template makes it, before it is stored (and sanitised) for an account. */
export interface NoteDraft {
  /** Unique per account: the same moment never makes a second note. */
  name: string;
  type: NoteType;
  title: string;
  content: string;
  actions: NoteActionDraft[];
}

/** How the store writes amounts and dates (its settings), for the text of a note. */
export interface NoteFormat {
  locale: string;
  dateFormat: string;
  timeZone: string;
}

/** An admin page of the payments pages, as a note's action or link points at it. */
export function paymentsAdminUrl(path: string, query: Record<string, string> = {}): string {
  const search = Object.entries({ page: 'wc-admin', path, ...query })
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`)
    .join('&');
  return `/wp-admin/admin.php?${search}`;
}

/**
 * Where a merchant answers a dispute: its challenge page, where the evidence is entered. The
 * inbox's "Respond now" and the reminder e-mail both point here.
 */
export function disputeResponseUrl(disputeId: string): string {
  return paymentsAdminUrl(DISPUTE_CHALLENGE_PATH, { id: disputeId });
}

/** Dispute and payout ids carry the provider's prefix and word characters only. */
function assertId(id: string, prefix: string): string {
  if (!new RegExp(`^${prefix}_\\w{1,64}$`).test(id)) throw new Error(`Not a ${prefix}_ id: ${id}`);
  return id;
}

const noteAmount = (amount_minor: number, currency: string, format: NoteFormat) =>
  escapeHtml(formatCurrency(amount_minor, currency, format.locale));

export const NOTE_NAMES = {
  sandboxReady: 'wcpay-sandbox-ready',
  firstPayment: 'wcpay-first-payment',
  firstPayout: 'wcpay-first-payout',
  dispute: (disputeId: string) => `wcpay-dispute-${assertId(disputeId, 'dp')}`,
  payoutFailed: (payoutId: string) => `wcpay-payout-failed-${assertId(payoutId, 'po')}`,
} as const;

/** The sandbox (test-drive) account is ready to take test payments. */
export function sandboxReadyNote(): NoteDraft {
  return {
    name: NOTE_NAMES.sandboxReady,
    type: 'info',
    title: 'Your sandbox account is ready',
    content:
      '<p>You can now try payments, refunds, disputes and payouts with test cards. ' +
      '<strong>No real money moves</strong> while the account is in sandbox mode.</p>',
    actions: [
      {
        name: 'view-transactions',
        label: 'View transactions',
        url: paymentsAdminUrl('/payments/transactions'),
        status: 'actioned',
        primary: true,
      },
    ],
  };
}

export interface FirstPaymentInput {
  payment_intent_id: string;
  amount: number;
  currency: string;
}

/** The store's first successful payment. */
export function firstPaymentNote(input: FirstPaymentInput, format: NoteFormat): NoteDraft {
  assertId(input.payment_intent_id, 'pi');
  return {
    name: NOTE_NAMES.firstPayment,
    type: 'info',
    title: 'You received your first payment',
    content:
      `<p>Congratulations! Your store received its first payment of <strong>${noteAmount(input.amount, input.currency, format)}</strong>.</p>` +
      '<p>Payments become available for payout once the payout delay has passed.</p>',
    actions: [
      {
        name: 'view-payment',
        label: 'View payment',
        url: paymentsAdminUrl('/payments/transactions/details', { id: input.payment_intent_id }),
        status: 'actioned',
        primary: true,
      },
    ],
  };
}

export interface PayoutInput {
  payout_id: string;
  amount: number;
  currency: string;
}

/** The store's first payout reached its bank account. */
export function firstPayoutNote(input: PayoutInput & { bank_last4: string }, format: NoteFormat): NoteDraft {
  assertId(input.payout_id, 'po');
  const bank = /^\d{4}$/.test(input.bank_last4) ? ` ending in ${input.bank_last4}` : '';
  return {
    name: NOTE_NAMES.firstPayout,
    type: 'info',
    title: 'Your first payout has arrived',
    content: `<p>A payout of <strong>${noteAmount(input.amount, input.currency, format)}</strong> was paid to your bank account${bank}.</p>`,
    actions: [
      {
        name: 'view-payout',
        label: 'View payout',
        url: paymentsAdminUrl('/payments/payouts/details', { id: input.payout_id }),
        status: 'actioned',
        primary: true,
      },
    ],
  };
}

export interface DisputeInput {
  dispute_id: string;
  amount: number;
  currency: string;
  due_by: Date;
  /** An inquiry asks questions before it becomes a dispute. */
  inquiry: boolean;
}

/** A customer disputed a payment: the merchant has until due_by to respond. */
export function disputeNote(input: DisputeInput, format: NoteFormat): NoteDraft {
  const amount = noteAmount(input.amount, input.currency, format);
  const due = escapeHtml(
    formatStoreDate(Math.floor(input.due_by.getTime() / 1000), format.dateFormat, format.timeZone),
  );
  return {
    name: NOTE_NAMES.dispute(input.dispute_id),
    type: 'warning',
    title: input.inquiry ? 'A payment inquiry needs your response' : 'A payment was disputed',
    content: input.inquiry
      ? `<p>A customer's bank asked about a payment of <strong>${amount}</strong>. Please respond by <strong>${due}</strong>.</p>`
      : `<p>A customer disputed a payment of <strong>${amount}</strong>. Please respond by <strong>${due}</strong>, or the dispute will be lost.</p>`,
    actions: [
      {
        name: 'respond',
        label: 'Respond now',
        url: disputeResponseUrl(input.dispute_id),
        status: 'actioned',
        primary: true,
      },
    ],
  };
}

/** A payout failed: the funds are back in the balance and payouts wait for new bank details. */
export function payoutFailedNote(
  input: PayoutInput & { failure_message: string },
  format: NoteFormat,
): NoteDraft {
  const reason = input.failure_message.trim();
  return {
    name: NOTE_NAMES.payoutFailed(input.payout_id),
    type: 'error',
    title: 'A payout failed',
    content:
      `<p>A payout of <strong>${noteAmount(input.amount, input.currency, format)}</strong> could not be paid to your bank account.` +
      `${reason ? ` ${escapeHtml(reason)}` : ''}</p>` +
      '<p>Payouts are currently paused because a recent payout failed. Please update your bank account details.</p>',
    actions: [
      {
        name: 'view-payout',
        label: 'View payout',
        url: paymentsAdminUrl('/payments/payouts/details', { id: input.payout_id }),
        status: 'actioned',
        primary: true,
      },
    ],
  };
}

/** Whether the merchant has not seen a note yet: it came after the inbox was last read. */
export function isNoteUnread(date_created_gmt: string, last_read_ms: number | undefined): boolean {
  if (last_read_ms === undefined) return true;
  const created_ms = Date.parse(`${date_created_gmt}Z`);
  return Number.isFinite(created_ms) && created_ms > last_read_ms;
}
