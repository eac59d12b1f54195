import type { EngineContext } from '../payments/context.ts';
import { runDaily } from '../payouts/jobs.ts';
import { chargeReaderFees } from './services.ts';

/** `readers.fees`: bills the day's card reader use (migration 0003 queues the first run per account). */
export const runReaderFeesJob = (ctx: EngineContext, payload: Record<string, unknown>) =>
  runDaily(ctx, 'readers.fees', payload, (accountId) => chargeReaderFees(ctx, accountId));
