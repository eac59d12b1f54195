import { documents } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { clockNow } from '../../engine/clock.ts';
import { countDocuments, listDocuments, readDocumentFile } from '../../engine/documents/read.ts';
import { lookUpVatNumber, saveVatDetails } from '../../engine/documents/vat-details.ts';
import { registerEndpoint } from '../endpoint.ts';

/** A file name safe inside a quoted Content-Disposition parameter. */
const quotedFilename = (name: string) => name.replace(/["\\\r\n]/g, '_');

/** Documents (fee invoices as PDFs) and the VAT details printed on them (spec 1 §7). */
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
    reply
      .header('Content-Type', file.mimeType)
      .header('Content-Disposition', `attachment; filename="${quotedFilename(file.filename)}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Length', String(file.content.length));
    // The bytes are sent as they are; the contract's string schema documents the body only.
    return reply.send(file.content) as never;
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
