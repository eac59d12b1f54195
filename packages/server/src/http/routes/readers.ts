import { readers } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { listReaders, readerFeeStats } from '../../engine/readers/services.ts';
import { registerEndpoint } from '../endpoint.ts';

/** Card readers: the connected readers and what a reader fee charged for. */
export function readerRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, readers.list, async ({ query }) =>
    listReaders(db, (await requireAccount(db)).id, query.limit),
  );

  registerEndpoint(app, readers.charges, async ({ params }) =>
    readerFeeStats(db, (await requireAccount(db)).id, params.id),
  );
}
