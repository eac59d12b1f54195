/**
 * Capital loans as the Loans page shows them: the page, its Loans filter and each loan's
 * status (docs/loans-and-card-readers.md). Labels are plain English; the web wraps them in __().
 */
import { DAY_MS } from '../time.ts';

/** The fields of a loan these rules read; times are epoch seconds. */
export interface LoanStatusFields {
  stripe_loan_id: string;
  /** When the loan was fully paid (UTC, YYYY-MM-DD HH:MM:SS), null until then. */
  fully_paid_at: string | null;
}

export type LoanStatus = 'active' | 'paid_off';

/** A loan is paid off once `fully_paid_at` is set, active until then. */
export function loanStatus(loan: Pick<LoanStatusFields, 'fully_paid_at'>): LoanStatus {
  return loan.fully_paid_at === null ? 'active' : 'paid_off';
}

/** A loan's status: 'Active', or 'Paid off' with the date (it fills `%s`). */
export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = { active: 'Active', paid_off: 'Paid off: %s' };

/**
 * The Loans filter: 'In Progress' for active loans, else 'Paid in Full'. The URL names
 * the choice `loan_status`; any other value shows every loan.
 */
export const LOAN_FILTERS = ['in_progress', 'paid_in_full'] as const;
export type LoanFilter = (typeof LOAN_FILTERS)[number];
export const LOAN_FILTER_LABELS: Record<LoanFilter, string> = {
  in_progress: 'In Progress',
  paid_in_full: 'Paid in Full',
};
export const LOAN_FILTER_QUERY_KEY = 'loan_status';

/** The filter a loan falls under. */
export function loanFilterOf(loan: Pick<LoanStatusFields, 'fully_paid_at'>): LoanFilter {
  return loanStatus(loan) === 'active' ? 'in_progress' : 'paid_in_full';
}

/** The filter named by the page's query, or undefined for every loan. */
export function readLoanFilter(value: string | undefined): LoanFilter | undefined {
  return LOAN_FILTERS.find((filter) => filter === value);
}

/** The loans a filter keeps, in their order; no filter keeps them all. */
export function filterLoans<T extends Pick<LoanStatusFields, 'fully_paid_at'>>(
  loans: readonly T[],
  filter: LoanFilter | undefined,
): T[] {
  return filter ? loans.filter((loan) => loanFilterOf(loan) === filter) : [...loans];
}

/**
 * A loan links to the transactions list filtered to it, as the page's `path` and
 * query: type charge, filter advanced and `loan_id_is` (the loan's `stripe_loan_id`).
 */
export function loanTransactionsLink(loan: Pick<LoanStatusFields, 'stripe_loan_id'>): {
  path: '/payments/transactions';
  query: { type: 'charge'; filter: 'advanced'; loan_id_is: string };
} {
  return {
    path: '/payments/transactions',
    query: { type: 'charge', filter: 'advanced', loan_id_is: loan.stripe_loan_id },
  };
}

/**
 * Repayment is withheld from each payment (plan-capture.ts `planLoanPaydown`). Besides that, a
 * loan asks for a minimum repayment per 60-day window counted from `repayments_begin_at`: a ninth
 * of what is owed in all (loan plus fee), so a loan at that pace is repaid in nine windows (about
 * 18 months), never more than is still owed.
 */
export const REPAYMENT_INTERVAL_MS = 60 * DAY_MS;
export const REPAYMENT_INTERVALS = 9;
