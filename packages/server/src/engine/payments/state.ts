import type { Selectable } from 'kysely';
import type { ChargeOutcome, LoansTable } from '../../db/schema.ts';
import type { Account } from '../accounts.ts';
import type { ChargeRow } from '../document-rows.ts';
import type { IdSource } from '../ids.ts';
import type { Processor } from '../processor/processor.ts';
import type { RateTable } from '../rates.ts';

/** A charge as the planners read it (JSON columns parsed). */
export interface ChargeState {
  id: string;
  account_id: string;
  payment_intent_id: string;
  order_id: number | null;
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  currency: string;
  status: 'succeeded' | 'pending' | 'failed';
  captured: boolean;
  refunded: boolean;
  payment_method_type: string;
  payment_method_details: Record<string, unknown>;
  billing_details: { name?: string; email?: string; address?: { country?: string } };
  channel: 'online' | 'in_person' | 'in_person_pos';
  source_device: 'ios' | 'android' | null;
  risk_level: number | null;
  outcome: ChargeOutcome;
  exchange_rate: string | null;
  refunds_fail: boolean;
  scripted_dispute: { reason: string; inquiry: boolean } | null;
  dispute_id: string | null;
  created_at: Date;
}

export function chargeState(row: ChargeRow): ChargeState {
  return {
    id: row.id,
    account_id: row.account_id,
    payment_intent_id: row.payment_intent_id,
    order_id: row.order_id,
    amount: row.amount,
    amount_captured: row.amount_captured,
    amount_refunded: row.amount_refunded,
    currency: row.currency,
    status: row.status,
    captured: row.captured,
    refunded: row.refunded,
    payment_method_type: row.payment_method_type,
    payment_method_details: row.payment_method_details,
    billing_details: row.billing_details as ChargeState['billing_details'],
    channel: row.channel,
    source_device: row.source_device,
    risk_level: row.risk_level,
    outcome: row.outcome,
    exchange_rate: row.exchange_rate,
    refunds_fail: row.refunds_fail,
    scripted_dispute: row.scripted_dispute,
    dispute_id: row.dispute_id,
    created_at: row.created_at,
  };
}

/** The loan being repaid, as the planners track it between payments. */
export interface LoanState {
  id: string;
  stripe_loan_id: string;
  currency: string;
  withhold_rate_bp: number;
  amount: number;
  fee_amount: number;
  paid_amount: number;
  first_paydown_at: Date | null;
}

export function loanState(row: Selectable<LoansTable>): LoanState {
  return {
    id: row.id,
    stripe_loan_id: row.stripe_loan_id,
    currency: row.currency,
    withhold_rate_bp: row.withhold_rate_bp,
    amount: row.amount,
    fee_amount: row.fee_amount,
    paid_amount: row.paid_amount,
    first_paydown_at: row.first_paydown_at,
  };
}

/** Everything a planner may read: it never queries the database itself. */
export interface PlanEnv {
  account: Account;
  now: Date;
  ids: IdSource;
  rates: RateTable;
  /** The payment network's answers (the sandbox's, or a live processor's). */
  processor: Processor;
  /** The active loan, updated in place as repayments are planned. */
  loan: LoanState | null;
}
