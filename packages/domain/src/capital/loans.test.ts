import { describe, expect, it } from 'vitest';
import { transactionFilterRequest } from '../transactions/filters.ts';
import {
  filterLoans,
  LOAN_FILTER_LABELS,
  LOAN_STATUS_LABELS,
  loanFilterOf,
  loanStatus,
  loanTransactionsLink,
  readLoanFilter,
} from './loans.ts';
import { showsLoansMenu } from './menu.ts';

const active = { stripe_loan_id: 'flxln_active', fully_paid_at: null };
const repaid = { stripe_loan_id: 'flxln_repaid', fully_paid_at: '2026-01-01 00:00:00' };

describe('loans', () => {
  it('is active until fully paid, then paid off', () => {
    expect(loanStatus(active)).toBe('active');
    expect(loanStatus(repaid)).toBe('paid_off');
    expect(LOAN_STATUS_LABELS[loanStatus(active)]).toBe('Active');
    expect(LOAN_STATUS_LABELS[loanStatus(repaid)]).toBe('Paid off: %s');
  });

  it('files active loans under In Progress and the rest under Paid in Full', () => {
    expect(LOAN_FILTER_LABELS[loanFilterOf(active)]).toBe('In Progress');
    expect(LOAN_FILTER_LABELS[loanFilterOf(repaid)]).toBe('Paid in Full');
    expect(filterLoans([active, repaid], 'in_progress')).toEqual([active]);
    expect(filterLoans([active, repaid], 'paid_in_full')).toEqual([repaid]);
    expect(filterLoans([active, repaid], undefined)).toEqual([active, repaid]);
  });

  it('reads only known filters from the query', () => {
    expect(readLoanFilter('in_progress')).toBe('in_progress');
    expect(readLoanFilter('paid_in_full')).toBe('paid_in_full');
    expect(readLoanFilter('constructor')).toBeUndefined();
    expect(readLoanFilter(undefined)).toBeUndefined();
  });

  it('links to the charges of the loan, which the transactions list turns into its request', () => {
    const link = loanTransactionsLink(active);
    expect(link).toEqual({
      path: '/payments/transactions',
      query: { type: 'charge', filter: 'advanced', loan_id_is: 'flxln_active' },
    });
    expect(transactionFilterRequest(link.query)).toEqual({
      match: 'all',
      type_is: 'charge',
      loan_id_is: 'flxln_active',
    });
  });

  it('shows the Loans menu entry when the account has or had a loan', () => {
    expect(showsLoansMenu({ has_active_loan: false, has_past_loans: false })).toBe(false);
    expect(showsLoansMenu({ has_active_loan: true, has_past_loans: false })).toBe(true);
    expect(showsLoansMenu({ has_active_loan: false, has_past_loans: true })).toBe(true);
  });
});
