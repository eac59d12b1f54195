import { AppError } from '@paydesk/domain';
import type { Account } from '../accounts.ts';
import { seededIds } from '../ids.ts';
import { sandboxProcessor } from '../processor/sandbox.ts';
import type { ChargeState, PlanEnv } from './state.ts';

/** Fixtures of the planners' unit tests: an environment and a charge, as the loaders make them. */

export const now = new Date('2024-05-01T12:00:00Z');

export function env(overrides: Partial<PlanEnv> = {}): PlanEnv {
  let seed = 1;
  return {
    account: { id: 'acct_1', default_currency: 'usd', country: 'US', deposit_delay_days: 2 } as Account,
    now,
    ids: seededIds(() => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    }),
    rates: new Map(),
    processor: sandboxProcessor,
    loan: null,
    ...overrides,
  };
}

export function charge(overrides: Partial<ChargeState> = {}): ChargeState {
  return {
    id: 'ch_1',
    account_id: 'acct_1',
    payment_intent_id: 'pi_1',
    order_id: 7,
    amount: 10_000,
    amount_captured: 10_000,
    amount_refunded: 0,
    currency: 'usd',
    status: 'succeeded',
    captured: true,
    refunded: false,
    payment_method_type: 'card',
    payment_method_details: {},
    billing_details: { name: 'Jane' },
    channel: 'online',
    source_device: null,
    risk_level: 0,
    outcome: {
      type: 'authorized',
      network_status: 'approved_by_network',
      reason: null,
      risk_level: 'normal',
      risk_score: 10,
      seller_message: 'Payment complete.',
    },
    exchange_rate: null,
    refunds_fail: false,
    scripted_dispute: null,
    dispute_id: null,
    created_at: now,
    ...overrides,
  };
}

export const codeOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.code : String(error);
  }
  return undefined;
};
