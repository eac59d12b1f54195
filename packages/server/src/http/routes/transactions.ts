import { transactions } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { currentAccountRef, readCurrentAccount, requireAccount } from '../../engine/accounts.ts';
import {
  authorizationsSummary,
  listAuthorizations,
  readAuthorization,
} from '../../engine/transactions/authorizations.ts';
import { fraudOutcomesSummary, listFraudOutcomes } from '../../engine/transactions/fraud-outcomes.ts';
import { listTransactions } from '../../engine/transactions/list.ts';
import { searchFraudOutcomes, searchTransactions } from '../../engine/transactions/search.ts';
import { transactionsSummary } from '../../engine/transactions/summary.ts';
import { registerEndpoint } from '../endpoint.ts';

const isEmpty = (rows: readonly unknown[]) => rows.length === 0;

/**
 * Transactions, blocked payments and uncaptured authorizations: lists, summaries, search
 * suggestions and one authorization.
 */
export async function transactionRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(async (scope) => {
    registerEndpoint(scope, transactions.listTransactions, async ({ query }) => ({
      data: await readCurrentAccount(db, (account) => listTransactions(db, account, query), isEmpty),
    }));

    registerEndpoint(scope, transactions.transactionsSummary, async ({ query }) =>
      transactionsSummary(db, currentAccountRef(db), query),
    );

    registerEndpoint(scope, transactions.searchTransactions, async ({ query }) =>
      transactions.suggestionOptions(
        await searchTransactions(db, (await requireAccount(db)).id, query.search_term),
      ),
    );

    registerEndpoint(scope, transactions.listFraudOutcomes, async ({ query }) => ({
      data: await readCurrentAccount(db, (account) => listFraudOutcomes(db, account, query), isEmpty),
    }));

    registerEndpoint(scope, transactions.fraudOutcomesSummary, async ({ query }) =>
      fraudOutcomesSummary(db, currentAccountRef(db), query),
    );

    registerEndpoint(scope, transactions.downloadFraudOutcomes, async ({ query }) => ({
      data: await listFraudOutcomes(db, (await requireAccount(db)).id, {
        ...query,
        page: 1,
        pagesize: transactions.MAX_FRAUD_OUTCOMES_DOWNLOAD,
      }),
    }));

    registerEndpoint(scope, transactions.searchFraudOutcomes, async ({ query }) =>
      transactions.suggestionOptions(
        await searchFraudOutcomes(db, (await requireAccount(db)).id, query.status, query.search_term),
      ),
    );

    registerEndpoint(scope, transactions.listAuthorizations, async ({ query }) => ({
      data: await readCurrentAccount(db, (account) => listAuthorizations(db, account, query), isEmpty),
    }));

    registerEndpoint(scope, transactions.authorizationsSummary, async () =>
      authorizationsSummary(db, currentAccountRef(db)),
    );

    registerEndpoint(scope, transactions.getAuthorization, async ({ params }) =>
      readAuthorization(db, (await requireAccount(db)).id, params.payment_intent_id),
    );
  });
}
