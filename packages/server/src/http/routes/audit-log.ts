import { Readable } from 'node:stream';
import { auditLog } from '@paydesk/domain/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/database.ts';
import { auditLogCsv, countAuditLog, listAuditLog } from '../../engine/audit-log/read.ts';
import { registerEndpoint } from '../endpoint.ts';
import { contentDisposition } from '../headers.ts';

/**
 * The audit log's routes (docs/audit-log.md): read-only. Access is the REST tree's; the CSV link
 * carries `_wpnonce` as other downloads do.
 */
export function auditLogRoutes(app: FastifyInstance, db: Db): void {
  registerEndpoint(app, auditLog.listAuditLog, async ({ query }) => ({
    data: await listAuditLog(db, query),
  }));

  registerEndpoint(app, auditLog.auditLogSummary, async ({ query }) => ({
    count: await countAuditLog(db, query),
  }));

  registerEndpoint(app, auditLog.downloadAuditLog, async ({ query, reply }) => {
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', contentDisposition('attachment', `audit-log-${day}.csv`))
      .header('X-Content-Type-Options', 'nosniff');
    // A stream is sent as it is; the contract's string schema documents the body only.
    return reply.send(Readable.from(auditLogCsv(db, query), { objectMode: false })) as never;
  });
}
