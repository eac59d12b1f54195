import { fraud } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { engineContext } from '../../engine/context.ts';
import { backtestFraudRules } from '../../engine/fraud/backtest.ts';
import { registerEndpoint } from '../endpoint.ts';

/** `POST {base}/fraud_protection/backtest`: what unsaved rules would have caught. */
export function fraudRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, fraud.backtest, async ({ body }) => {
    const [ctx, account] = await Promise.all([engineContext(db), requireAccount(db)]);
    return backtestFraudRules(db, {
      accountId: account.id,
      rules: body.rules,
      days: body.days,
      now: ctx.now,
      rates: ctx.rates,
    });
  });
}
