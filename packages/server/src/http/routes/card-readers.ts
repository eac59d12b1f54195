import { cardReaders } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { listReaders, readerFeeStats } from '../../engine/card-readers/services.ts';
import { registerEndpoint } from '../endpoint.ts';

/** Card readers: the connected readers and what a reader fee charged for. */
export function cardReaderRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, cardReaders.list, async ({ query }) =>
    listReaders(db, (await requireAccount(db)).id, query.limit),
  );

  registerEndpoint(app, cardReaders.charges, async ({ params }) =>
    readerFeeStats(db, (await requireAccount(db)).id, params.id),
  );
}
