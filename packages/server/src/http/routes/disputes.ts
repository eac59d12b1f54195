import { disputes } from '@paydesk/domain/contracts';
import { UPLOAD_MAX_BYTES } from '@paydesk/domain/files/upload-purposes';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { readCurrentAccount, requireAccount } from '../../engine/accounts.ts';
import { clockNow } from '../../engine/clock.ts';
import { engineContext } from '../../engine/context.ts';
import { storeUploadedFile } from '../../engine/disputes/files.ts';
import { disputeOutcomes, disputesSummary, listDisputes } from '../../engine/disputes/list.ts';
import { createDisputeReceipt } from '../../engine/disputes/receipt.ts';
import { closeDispute, readDispute, updateDispute } from '../../engine/disputes/service.ts';
import { randomIds } from '../../engine/ids.ts';
import { registerEndpoint } from '../endpoint.ts';
import { acceptMultipart, MULTIPART_OVERHEAD_BYTES } from '../multipart.ts';

/** The disputes list and its summary; uploads (evidence, logos) and receipts; one dispute: read it, save or submit its evidence, accept it. */
export async function disputeRoutes(app: FastifyInstance, db: Db): Promise<void> {
  registerEndpoint(app, disputes.listDisputes, async ({ query }) =>
    readCurrentAccount(
      db,
      (account) => listDisputes(db, account, query),
      (answer) => answer.data.length === 0,
    ),
  );
  registerEndpoint(app, disputes.disputesSummary, async ({ query }) =>
    readCurrentAccount(
      db,
      (account) => disputesSummary(db, account, query),
      (answer) => answer.count === 0 && answer.currencies.length === 0,
    ),
  );
  registerEndpoint(app, disputes.disputeOutcomes, async ({ query }) =>
    readCurrentAccount(
      db,
      (account) => disputeOutcomes(db, account, query),
      (answer) => answer.reasons.length === 0,
    ),
  );

  /** Whom a stored file belongs to: the store's account and the user who asked for it. */
  const fileOwner = async (user: { id: number }) => ({
    accountId: (await requireAccount(db)).id,
    userId: user.id,
  });

  // Uploads (evidence, a branding logo): multipart/form-data, read whole (the caps are small)
  // and handed to the contract as { purpose, file: { filename, size, content } }; an ill-formed
  // body fails it. The body may hold the largest file of any purpose; each purpose's own cap is
  // the contract's.
  await app.register(async (scope) => {
    acceptMultipart(scope, UPLOAD_MAX_BYTES + MULTIPART_OVERHEAD_BYTES, ['purpose']);

    registerEndpoint(scope, disputes.uploadFile, async ({ body, user }) =>
      storeUploadedFile(db, randomIds, await fileOwner(user), body, await clockNow(db)),
    );
  });

  // A receipt of the order, written on request and stored as an evidence file; the page
  // attaches it as the `receipt` evidence.
  registerEndpoint(app, disputes.createReceipt, async ({ params, user }) =>
    createDisputeReceipt(db, randomIds, await fileOwner(user), params.id, await clockNow(db)),
  );

  registerEndpoint(app, disputes.getDispute, async ({ params }) =>
    readDispute(db, (await requireAccount(db)).id, params.id),
  );

  registerEndpoint(app, disputes.updateDispute, async ({ params, body, user }) =>
    updateDispute(await engineContext(db), params.id, body, user.id),
  );

  registerEndpoint(app, disputes.closeDispute, async ({ params }) =>
    closeDispute(await engineContext(db), params.id),
  );
}
