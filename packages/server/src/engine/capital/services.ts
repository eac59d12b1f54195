import { appError, BASIS_POINTS_PER_WHOLE, invalidParams, minorFromAggregate } from '@paydesk/domain';
import { REPAYMENT_INTERVAL_MS, REPAYMENT_INTERVALS } from '@paydesk/domain/capital/loans';
import type { capital } from '@paydesk/domain/contracts';
import { utcDateTime } from '@paydesk/domain/time';
import { type Selectable, sql } from 'kysely';
import type { z } from 'zod';
import type { LoansTable } from '../../db/schema.ts';
import { requireAccount } from '../accounts.ts';
import { type Executor, postLedger } from '../ledger.ts';
import type { EngineContext } from '../payments/context.ts';
import { lockAccount } from '../payouts/services.ts';

export interface NewLoan {
  amount: number;
  fee_amount: number;
  withhold_rate_bp: number;
  currency: string;
}

/**
 * Pays out a loan: the loans row (its id is the provider's `flxln_…` id) and a `financing_payout`
 * ledger entry of the amount, available at once. One loan is repaid at a time, in the account's
 * settlement currency, because repayments are withheld from settled payments.
 */
export async function createLoan(ctx: EngineContext, input: NewLoan): Promise<Selectable<LoansTable>> {
  const currency = input.currency.toLowerCase();
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw invalidParams({ amount: 'A positive whole number of minor units.' });
  if (!Number.isSafeInteger(input.fee_amount) || input.fee_amount < 0) {
    throw invalidParams({ fee_amount: 'A whole number of minor units, zero or more.' });
  }
  if (
    !Number.isSafeInteger(input.withhold_rate_bp) ||
    input.withhold_rate_bp < 1 ||
    input.withhold_rate_bp > 10_000
  ) {
    throw invalidParams({ withhold_rate_bp: 'Basis points between 1 and 10000.' });
  }
  return ctx.db.transaction().execute(async (trx) => {
    const account = await lockAccount(trx, (await requireAccount(trx)).id);
    if (currency !== account.default_currency) {
      throw invalidParams({
        currency: `Loans are paid and repaid in the account's currency, ${account.default_currency.toUpperCase()}.`,
      });
    }
    const active = await activeLoan(trx, account.id);
    if (active) {
      throw appError('wcpay_capital_loan_active', { args: [active.stripe_loan_id] });
    }
    const id = ctx.ids.next('flxln');
    const loan = await trx
      .insertInto('loans')
      .values({
        id,
        account_id: account.id,
        stripe_loan_id: id,
        amount: input.amount,
        fee_amount: input.fee_amount,
        currency,
        withhold_rate_bp: input.withhold_rate_bp,
        paid_out_at: ctx.now,
        repayments_begin_at: ctx.now,
        created_at: ctx.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await postLedger(trx, [
      {
        id: ctx.ids.next('txn'),
        account_id: account.id,
        type: 'financing_payout',
        amount: input.amount,
        fee: 0,
        currency,
        source_id: id,
        loan_id: id,
        available_on: ctx.now,
        created_at: ctx.now,
        description: `Loan ${id} disbursement`,
      },
    ]);
    return loan;
  });
}

export async function activeLoan(
  db: Executor,
  accountId: string,
): Promise<Selectable<LoansTable> | undefined> {
  return db
    .selectFrom('loans')
    .selectAll()
    .where('account_id', '=', accountId)
    .where('fully_paid_at', 'is', null)
    .orderBy('paid_out_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

type Summary = z.infer<typeof capital.ZActiveLoanSummary>;

/** `GET {base}/capital/active_loan_summary`. */
export async function activeLoanSummary(db: Executor, accountId: string, now: Date): Promise<Summary> {
  const loan = await activeLoan(db, accountId);
  if (!loan) throw appError('wcpay_capital_no_active_loan');
  const begins = loan.repayments_begin_at ?? loan.paid_out_at;
  const elapsed = Math.max(0, now.getTime() - begins.getTime());
  const windowStart = new Date(
    begins.getTime() + Math.floor(elapsed / REPAYMENT_INTERVAL_MS) * REPAYMENT_INTERVAL_MS,
  );
  const dueAt = new Date(windowStart.getTime() + REPAYMENT_INTERVAL_MS);
  const paid = await db
    .selectFrom('balance_transactions')
    .select(sql<string>`coalesce(-sum(amount), 0)::text`.as('paid'))
    .where('loan_id', '=', loan.id)
    .where('type', '=', 'financing_paydown')
    .where('created_at', '>=', windowStart)
    .where('created_at', '<', dueAt)
    .executeTakeFirstOrThrow();
  const paidInWindow = minorFromAggregate(paid.paid);
  const owed = loan.amount + loan.fee_amount;
  const minimum = Math.min(Math.ceil(owed / REPAYMENT_INTERVALS), owed - loan.paid_amount + paidInWindow);
  return {
    details: {
      advance_amount: loan.amount,
      fee_amount: loan.fee_amount,
      paid_amount: loan.paid_amount,
      currency: loan.currency,
      withhold_rate: loan.withhold_rate_bp / BASIS_POINTS_PER_WHOLE,
      advance_paid_out_at: seconds(loan.paid_out_at),
      repayments_begin_at: seconds(begins),
      current_repayment_interval: {
        due_at: seconds(dueAt),
        paid_amount: paidInWindow,
        remaining_amount: Math.max(0, minimum - paidInWindow),
      },
    },
    fetched: seconds(now),
  };
}

export const LOANS_LIST_LIMIT = 100;

/** `GET {base}/capital/loans`. */
export async function listLoans(
  db: Executor,
  accountId: string,
): Promise<{ data: z.infer<typeof capital.ZLoan>[] }> {
  const rows = await db
    .selectFrom('loans')
    .selectAll()
    .where('account_id', '=', accountId)
    .orderBy('paid_out_at', 'desc')
    .orderBy('id', 'desc')
    .limit(LOANS_LIST_LIMIT)
    .execute();
  return {
    data: rows.map((loan) => ({
      stripe_loan_id: loan.stripe_loan_id,
      amount: loan.amount,
      fee_amount: loan.fee_amount,
      paid_amount: loan.paid_amount,
      currency: loan.currency,
      withhold_rate: loan.withhold_rate_bp / BASIS_POINTS_PER_WHOLE,
      paid_out_at: utcDateTime(loan.paid_out_at),
      first_paydown_at: loan.first_paydown_at === null ? null : utcDateTime(loan.first_paydown_at),
      fully_paid_at: loan.fully_paid_at === null ? null : utcDateTime(loan.fully_paid_at),
    })),
  };
}
