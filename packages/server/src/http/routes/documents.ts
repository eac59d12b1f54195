import { documents } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { clockNow } from '../../engine/clock.ts';
import { countDocuments, listDocuments, readDocumentFile } from '../../engine/documents/read.ts';
import { lookUpVatNumber, saveVatDetails } from '../../engine/documents/vat-details.ts';
import { registerEndpoint } from '../endpoint.ts';
import { sendFileBytes } from '../headers.ts';

/** Documents (fee invoices as PDFs) and the VAT details printed on them. */
export function documentRoutes(app: FastifyInstance, db: Db): void {
  documentListRoutes(app, db);
  vatRoutes(app, db);
}

function documentListRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, documents.listDocuments, async ({ query }) =>
    listDocuments(db, (await requireAccount(db)).id, query),
  );

  registerEndpoint(app, documents.documentsSummary, async ({ query }) =>
    countDocuments(db, (await requireAccount(db)).id, query),
  );

  registerEndpoint(app, documents.downloadDocument, async ({ params, reply }) => {
    const file = await readDocumentFile(db, (await requireAccount(db)).id, params.id);
    return sendFileBytes(reply, file, { disposition: 'attachment', cacheControl: 'private, no-store' });
  });
}

function vatRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, documents.saveVatDetails, async ({ body }) =>
    saveVatDetails(db, await requireAccount(db), body, await clockNow(db)),
  );

  registerEndpoint(app, documents.checkVatNumber, async ({ params }) =>
    lookUpVatNumber(db, await requireAccount(db), params.number),
  );
}
