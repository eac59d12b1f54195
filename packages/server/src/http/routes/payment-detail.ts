import { files, paymentDetail } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import { readFileBytes, readFileContent, readFileDetails } from '../../engine/payment-detail/files.ts';
import {
  inSnapshot,
  readCharge,
  readChargeByOrder,
  readPaymentIntent,
  readTimeline,
} from '../../engine/payment-detail/read.ts';
import { registerEndpoint } from '../endpoint.ts';
import { sendFileBytes } from '../headers.ts';

/** The payment detail page's reads: a charge, its order's charge, the intent, the timeline, files. */
export function paymentDetailRoutes(app: FastifyInstance, db: Db): void {
  const accountId = async () => (await requireAccount(db)).id;

  registerEndpoint(app, paymentDetail.getCharge, async ({ params }) => {
    const account = await accountId();
    return inSnapshot(db, (trx) => readCharge(trx, account, params.id));
  });
  registerEndpoint(app, paymentDetail.getChargeByOrder, async ({ params }) => {
    const account = await accountId();
    return inSnapshot(db, (trx) => readChargeByOrder(trx, account, params.id));
  });
  registerEndpoint(app, paymentDetail.getPaymentIntent, async ({ params }) => {
    const account = await accountId();
    return inSnapshot(db, (trx) => readPaymentIntent(trx, account, params.id));
  });
  registerEndpoint(app, paymentDetail.getTimeline, async ({ params }) => {
    const account = await accountId();
    return inSnapshot(db, (trx) => readTimeline(trx, account, params.id));
  });
  registerEndpoint(app, files.getFileDetails, async ({ params }) =>
    readFileDetails(db, await accountId(), params.id),
  );
  registerEndpoint(app, files.getFileContent, async ({ params }) =>
    readFileContent(db, await accountId(), params.id),
  );
  // Shown inline (an evidence image's preview); a stored file never changes, so the browser
  // may keep it for an hour.
  registerEndpoint(app, files.getFile, async ({ params, reply }) =>
    sendFileBytes(reply, await readFileBytes(db, await accountId(), params.id), {
      disposition: 'inline',
      cacheControl: 'private, max-age=3600',
    }),
  );
}
