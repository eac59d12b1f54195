import { exports } from '@paydesk/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import { requireAccount } from '../../engine/accounts.ts';
import {
  exportFileStream,
  exportStatusView,
  readExport,
  requestExport,
} from '../../engine/exports/service.ts';
import { registerEndpoint } from '../endpoint.ts';
import { contentDisposition } from '../headers.ts';

/** The query of an export request as it arrived (lists folded), before the contract parsed it. */
const sentFilters = new WeakMap<FastifyRequest, Record<string, unknown>>();

async function keepSentFilters(request: FastifyRequest): Promise<void> {
  // Bracket parameters are folded already (wp-conventions.ts).
  const query = request.query as Record<string, unknown> | undefined;
  sentFilters.set(request, structuredClone({ ...(query ?? {}) }));
}

/** `attachment` when the client asks to force the download, else `inline`. */
function disposition(filename: string, force: string | undefined): string {
  const kind = force === 'true' || force === '1' ? 'attachment' : 'inline';
  return contentDisposition(kind, filename);
}

/**
 * CSV exports of the transactions, blocked and payouts lists: request, status,
 * file. Access is the REST tree's (session with nonce — `_wpnonce` on the download link — or an
 * application password); an export is visible to the user who asked for it only.
 */
export async function exportRoutes(app: FastifyInstance, db: Db): Promise<void> {
  await app.register(async (scope) => {
    scope.addHook('preValidation', keepSentFilters);

    const kinds = [
      {
        kind: 'transactions',
        request: exports.requestTransactionsExport,
        status: exports.transactionsExportStatus,
        file: exports.transactionsExportFile,
      },
      {
        kind: 'fraud_outcomes',
        request: exports.requestFraudOutcomesExport,
        status: exports.fraudOutcomesExportStatus,
        file: exports.fraudOutcomesExportFile,
      },
      {
        kind: 'deposits',
        request: exports.requestDepositsExport,
        status: exports.depositsExportStatus,
        file: exports.depositsExportFile,
      },
    ] as const;

    // An export belongs to the user who asked for it, under the account it was made from.
    const exportOwner = async (userId: number) => ({ userId, accountId: (await requireAccount(db)).id });

    for (const { kind, request, status, file } of kinds) {
      registerEndpoint(scope, request, async ({ query, body, user, request: http }) => {
        const account = await requireAccount(db);
        // The filters are stored as sent, without the recipient, and parsed again by the job
        // with the same schema, so the file selects what this request was validated to select.
        const {
          user_email: _email,
          locale: _locale,
          user_timezone: _zone,
          ...filters
        } = sentFilters.get(http) ?? {};
        return requestExport(db, {
          kind,
          accountId: account.id,
          user,
          filters,
          recipient: {
            user_email: query.user_email ?? body?.user_email,
            locale: query.locale ?? body?.locale,
            user_timezone: query.user_timezone ?? body?.user_timezone,
          },
        });
      });

      registerEndpoint(scope, status, async ({ params, user }) =>
        exportStatusView(await readExport(db, kind, await exportOwner(user.id), params.export_id)),
      );

      registerEndpoint(scope, file, async ({ params, query, user, reply }) => {
        const row = await readExport(db, kind, await exportOwner(user.id), params.export_id);
        const stream = exportFileStream(db, row);
        reply
          .header('Content-Type', `${row.mime_type}; charset=utf-8`)
          .header('Content-Disposition', disposition(row.filename, query.force_download))
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff');
        if (row.size_bytes !== null) reply.header('Content-Length', String(row.size_bytes));
        // A stream is sent as it is; the contract's string schema documents the body only.
        return reply.send(stream) as never;
      });
    }
  });
}
