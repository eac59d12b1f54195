import { z } from 'zod';
import {
  CLOCK_ADVANCE_MAX_DAYS,
  CLOCK_ADVANCE_MAX_HOURS,
  CLOCK_ADVANCE_RANGE_MESSAGE,
  clockAdvanceMs,
} from '../sandbox/clock.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/** The sandbox clock over HTTP: the same move as the CLI's `clock:advance`. */
export const ZClockAdvance = z
  .object({
    days: z.number().int().min(0).max(CLOCK_ADVANCE_MAX_DAYS).default(0),
    hours: z.number().int().min(0).max(CLOCK_ADVANCE_MAX_HOURS).default(0),
  })
  .strict()
  .refine((move) => clockAdvanceMs(move) !== undefined, CLOCK_ADVANCE_RANGE_MESSAGE);
export type TClockAdvance = z.input<typeof ZClockAdvance>;

export const advanceClock = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/sandbox/clock/advance`,
  summary:
    "Moves the sandbox account's clock forward by `days` and `hours` (one hour to 365 days in all) and runs the jobs that fall due on the way, as `clock:advance` does. Answers the new engine time.",
  tags: ['sandbox'],
  body: ZClockAdvance,
  response: z.object({
    now: z.number().int().describe('The engine time after the move, epoch milliseconds'),
    jobs_run: z.number().int().describe('How many jobs ran on the way'),
  }),
  errors: ['wcpay_live_account', 'clock_advance_limit'],
});
