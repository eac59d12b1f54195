import { z } from 'zod';
import { BACKTEST_MAX_DAYS } from '../fraud/backtest.ts';
import { FRAUD_RULE_KEYS } from '../fraud/rules.ts';
import { ZSavedFraudRules } from '../fraud/schemas.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

export const ZBacktestRequest = z
  .object({
    days: z.number().int().min(1).max(BACKTEST_MAX_DAYS).describe('Days back from now to test on.'),
    rules: ZSavedFraudRules.describe(
      'Rules as POST {base}/settings saves them (advanced_fraud_protection_settings).',
    ),
  })
  .strict();

const ZVolume = z
  .record(z.string(), z.number().int())
  .describe(
    'Summed amounts in integer minor units, per lowercase currency code of the payments (never mixed).',
  );

const ZCaught = z.object({
  count: z.number().int().describe('Payments caught.'),
  amount: ZVolume,
});

export const ZBacktestResult = z.object({
  window: z
    .object({
      from: z.string().describe("Start of the window, inclusive: 'YYYY-MM-DD HH:MM:SS' UTC."),
      to: z.string().describe("End of the window, exclusive: 'YYYY-MM-DD HH:MM:SS' UTC."),
    })
    .describe(
      'The payments tested: those that succeeded in this window (the charges of the transactions list).',
    ),
  tested: z.object({ count: z.number().int(), amount: ZVolume }).describe('Every payment in the window.'),
  total: ZCaught.describe('Payments at least one rule would have caught.'),
  rules: z
    .array(
      ZCaught.extend({
        key: z.enum(FRAUD_RULE_KEYS),
        outcome: z.enum(['review', 'block']),
      }),
    )
    .describe('Per rule, in the order sent: the payments it matched (a payment may match several).'),
});
export type TBacktestResult = z.infer<typeof ZBacktestResult>;

export const backtest = defineEndpoint({
  method: 'POST',
  path: `${PAYMENTS_BASE}/fraud_protection/backtest`,
  summary:
    'What these fraud rules would have blocked or held among the payments that succeeded in the last `days` days, by the same evaluation as checkout.',
  tags: ['fraud'],
  body: ZBacktestRequest,
  response: ZBacktestResult,
  errors: ['wcpay_account_not_found'],
});
