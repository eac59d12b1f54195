import { transactions } from '@paydesk/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
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

const BRACKET = /^([A-Za-z_][A-Za-z0-9_]*)\[(\d{0,3})\]$/;

/**
 * List parameters arrive as `key[]=a&key[]=b` (the admin pages) or `key[0]=a&key[1]=b`
 * (WordPress-style clients); this folds both into `key: [a, b]`, in index order, before the
 * contract validates the query. A plain `key=a` stays as it is. Register it as a
 * `preValidation` hook on every route whose contract has list parameters (the CSV export too).
 */
export async function foldBracketLists(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query) return;
  const lists = new Map<string, [number, unknown][]>();
  for (const [name, value] of Object.entries(query)) {
    const match = BRACKET.exec(name);
    if (!match?.[1]) continue;
    const index = match[2] === '' ? Number.MAX_SAFE_INTEGER : Number(match[2]);
    const entries = lists.get(match[1]) ?? [];
    for (const item of Array.isArray(value) ? value : [value]) entries.push([index, item]);
    lists.set(match[1], entries);
    delete query[name];
  }
  for (const [key, entries] of lists) {
    const plain = query[key];
    const before = plain === undefined ? [] : Array.isArray(plain) ? plain : [plain];
    query[key] = [...before, ...entries.sort((a, b) => a[0] - b[0]).map(([, value]) => value)];
  }
}

/**
 * Transactions, blocked payments and uncaptured authorizations: lists, summaries, search
 * suggestions and one authorization (spec 2 §7).
 */
export async function transactionRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', foldBracketLists);

    registerEndpoint(scope, transactions.listTransactions, async ({ query }) => ({
      data: await listTransactions(db, (await requireAccount(db)).id, query),
    }));

    registerEndpoint(scope, transactions.transactionsSummary, async ({ query }) =>
      transactionsSummary(db, await requireAccount(db), query),
    );

    registerEndpoint(scope, transactions.searchTransactions, async ({ query }) => ({
      data: await searchTransactions(db, (await requireAccount(db)).id, query.search_term),
    }));

    registerEndpoint(scope, transactions.listFraudOutcomes, async ({ query }) => ({
      data: await listFraudOutcomes(db, (await requireAccount(db)).id, query),
    }));

    registerEndpoint(scope, transactions.fraudOutcomesSummary, async ({ query }) =>
      fraudOutcomesSummary(db, await requireAccount(db), query),
    );

    registerEndpoint(scope, transactions.searchFraudOutcomes, async ({ query }) => ({
      data: await searchFraudOutcomes(db, (await requireAccount(db)).id, query.status, query.search_term),
    }));

    registerEndpoint(scope, transactions.listAuthorizations, async ({ query }) => ({
      data: await listAuthorizations(db, (await requireAccount(db)).id, query),
    }));

    registerEndpoint(scope, transactions.authorizationsSummary, async () =>
      authorizationsSummary(db, await requireAccount(db)),
    );

    registerEndpoint(scope, transactions.getAuthorization, async ({ params }) =>
      readAuthorization(db, (await requireAccount(db)).id, params.payment_intent_id),
    );
  });
}
