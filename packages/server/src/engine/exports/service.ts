import { Readable } from 'node:stream';
import { appError } from '@paydesk/domain';
import { buildPath, exports, payouts, transactions } from '@paydesk/domain/contracts';
import { csvFormat } from '@paydesk/domain/exports/columns';
import { EXPORT_RETENTION_DAYS } from '@paydesk/domain/retention';
import { type Selectable, sql } from 'kysely';
import { type Db, postgresPoolOf } from '../../db/database.ts';
import type { ExportsTable } from '../../db/schema.ts';
import { ownedBy } from '../../db/scope.ts';
import { freeDeletedRows } from '../../db/upkeep.ts';
import { type MailSettings, sendMail } from '../../store/mail.ts';
import { clockNow } from '../clock.ts';
import { newExportId } from '../ids.ts';
import { enqueueJob } from '../jobs.ts';
import { writeTransactionsCsvByCopy, writeTransactionsCsvByEmbeddedCopy } from './copy.ts';
import { type WrittenFile, writeFraudOutcomesCsv, writePayoutsCsv, writeTransactionsCsv } from './writer.ts';

/**
 * CSV exports of the lists: a request is stored with its filters and
 * answered at once; the `export.csv` job writes the file into the database and e-mails it; the
 * page polls the status and downloads the file. Exports are private to the user who asked.
 */

type ExportKind = exports.ExportKind;
type ExportRow = Selectable<ExportsTable>;

export const EXPORT_JOB = 'export.csv';
/** Files up to this size are attached to the e-mail; a larger one is only downloaded. */
export const MAIL_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;

const LIST_NAMES: Record<ExportKind, string> = {
  transactions: 'transactions',
  fraud_outcomes: 'blocked transactions',
  deposits: 'payouts',
};

export interface ExportRequest {
  kind: ExportKind;
  accountId: string;
  user: { id: number; email: string };
  /** The list's filters as the request sent them; the job parses them with the list's schema. */
  filters: Record<string, unknown>;
  recipient: {
    user_email?: string | undefined;
    locale?: string | undefined;
    user_timezone?: string | undefined;
  };
}

/** Stores an export and queues the job that writes it; answers at once. */
export async function requestExport(db: Db, request: ExportRequest): Promise<exports.TExportStarted> {
  const id = newExportId();
  const now = await clockNow(db);
  const user_email = request.recipient.user_email ?? request.user.email;
  const stamp = now.toISOString().slice(0, 19).replace('T', '-').replaceAll(':', '');
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('exports')
      .values({
        id,
        account_id: request.accountId,
        user_id: request.user.id,
        kind: request.kind,
        filters: JSON.stringify(request.filters),
        user_email,
        locale: request.recipient.locale ?? null,
        user_timezone: request.recipient.user_timezone ?? null,
        filename: `${request.kind.replace('_', '-')}-${stamp}.csv`,
      })
      .execute();
    // One attempt: a failure is recorded on the export, which the page reports; a retry minutes
    // later would write a file nobody is waiting for.
    await enqueueJob(trx, {
      kind: EXPORT_JOB,
      payload: { export_id: id },
      run_at: now,
      unique_key: `${EXPORT_JOB}:${id}`,
      max_attempts: 1,
    });
  });
  return { export_id: id, status: 'pending', user_email };
}

/**
 * An export of `kind` made by `userId` under the current account; anyone else's, another
 * account's, or a missing one is 404.
 */
export async function readExport(
  db: Db,
  kind: ExportKind,
  owner: { userId: number; accountId: string },
  id: string,
): Promise<ExportRow> {
  const row = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', id)
    .where('kind', '=', kind)
    .where('user_id', '=', owner.userId)
    .where(ownedBy(owner.accountId))
    .executeTakeFirst();
  if (!row) throw appError('wcpay_export_not_found');
  return row;
}

const FILE_PATHS: Record<ExportKind, string> = {
  transactions: exports.transactionsExportFile.path,
  fraud_outcomes: exports.fraudOutcomesExportFile.path,
  deposits: exports.depositsExportFile.path,
};

export function exportStatusView(row: ExportRow): exports.TExportStatus {
  return {
    export_id: row.id,
    status: row.status,
    download_url: row.status === 'success' ? buildPath(FILE_PATHS[row.kind], { export_id: row.id }) : null,
    row_count: row.status === 'success' ? row.row_count : null,
    message: row.status === 'failed' ? exports.EXPORT_FAILED_MESSAGE : null,
  };
}

/** The file's bytes, one stored chunk at a time. */
export function exportFileStream(db: Db, row: ExportRow): Readable {
  if (row.status !== 'success') throw appError('export_not_ready');
  async function* chunks() {
    for (let seq = 0; ; seq++) {
      const chunk = await db
        .selectFrom('export_chunks')
        .select('data')
        .where('export_id', '=', row.id)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!chunk) return;
      yield Buffer.from(chunk.data, 'utf8');
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

async function writeFile(db: Db, row: ExportRow): Promise<WrittenFile> {
  const format = csvFormat({ timeZone: row.user_timezone, locale: row.locale });
  switch (row.kind) {
    case 'transactions': {
      const filters = transactions.ZTransactionFilters.parse(row.filters);
      // The file is written by COPY (copy.ts): on PostgreSQL in one snapshot, on the embedded
      // database in pieces. The row writer serves the time zones the database does not know by
      // the same name, and currency codes that are not ASCII.
      const pool = postgresPoolOf(db);
      const copyOptions = { timeZone: row.user_timezone, format };
      const copied = pool
        ? await writeTransactionsCsvByCopy(db, pool, row.id, row.account_id, filters, copyOptions)
        : await writeTransactionsCsvByEmbeddedCopy(db, row.id, row.account_id, filters, copyOptions);
      return copied ?? writeTransactionsCsv(db, row.id, row.account_id, filters, format);
    }
    case 'fraud_outcomes': {
      const filters = transactions.ZFraudOutcomeFilters.parse(row.filters);
      return writeFraudOutcomesCsv(db, row.id, row.account_id, filters, format);
    }
    case 'deposits': {
      const filters = payouts.ZPayoutFilters.parse(row.filters);
      return writePayoutsCsv(db, row.id, row.account_id, filters, format);
    }
  }
}

/** E-mails the finished file to the export's address. */
async function mailExport(db: Db, row: ExportRow, file: WrittenFile, mail: MailSettings): Promise<void> {
  const list = LIST_NAMES[row.kind];
  const attach = file.size_bytes <= MAIL_ATTACHMENT_MAX_BYTES;
  const rows = `${file.row_count.toLocaleString('en-US')} ${file.row_count === 1 ? 'row' : 'rows'}`;
  const text = attach
    ? `Your export of ${list} is attached: ${row.filename}, ${rows}.\r\n`
    : `Your export of ${list} (${row.filename}, ${rows}) is larger than ${MAIL_ATTACHMENT_MAX_BYTES / 1024 / 1024} MB, ` +
      `too large to attach. It was downloaded in your browser when it was ready; to e-mail a smaller file, ` +
      `export again with one or more filters.\r\n`;
  const done = { ...row, status: 'success' as const };
  await sendMail(mail, {
    to: row.user_email,
    subject: `Your ${list} export is ready`,
    text,
    ...(attach
      ? {
          attachments: [
            {
              filename: row.filename,
              contentType: 'text/csv; charset=utf-8',
              content: exportFileStream(db, done),
            },
          ],
        }
      : {}),
  });
}

/**
 * Deletes the exports older than the retention, with their chunks, and frees the chunks' space
 * for the next files (`freeDeletedRows`): without it, on the embedded database every file ever
 * written would stay in the data folder.
 */
export async function deleteExpiredExports(db: Db): Promise<number> {
  const deleted = await db
    .deleteFrom('exports')
    .where('created_at', '<', sql<Date>`now() - make_interval(days => ${EXPORT_RETENTION_DAYS})`)
    .executeTakeFirst();
  if (deleted.numDeletedRows > 0n) await freeDeletedRows(db, 'export_chunks');
  return Number(deleted.numDeletedRows);
}

/**
 * The `export.csv` job: writes the file, marks the export done, then e-mails it. A failure to
 * write marks the export failed (the page shows its export failure notice); a failure to mail is
 * recorded on the export and does not take the downloaded file away.
 */
export async function runExportJob(
  db: Db,
  payload: Record<string, unknown>,
  mail: MailSettings,
): Promise<void> {
  await deleteExpiredExports(db);
  const row = await db
    .selectFrom('exports')
    .selectAll()
    .where('id', '=', String(payload.export_id))
    .executeTakeFirst();
  if (row?.status !== 'pending') return;
  let file: WrittenFile;
  try {
    // A previous run that stopped half way left chunks behind; the file starts over.
    await db.deleteFrom('export_chunks').where('export_id', '=', row.id).execute();
    file = await writeFile(db, row);
  } catch (error) {
    await db.deleteFrom('export_chunks').where('export_id', '=', row.id).execute();
    await db
      .updateTable('exports')
      .set({ status: 'failed', error: errorText(error), finished_at: new Date() })
      .where('id', '=', row.id)
      .execute();
    throw error;
  }
  await db
    .updateTable('exports')
    .set({
      status: 'success',
      row_count: file.row_count,
      size_bytes: file.size_bytes,
      finished_at: new Date(),
    })
    .where('id', '=', row.id)
    .execute();
  try {
    await mailExport(db, row, file, mail);
    await db.updateTable('exports').set({ mailed_at: new Date() }).where('id', '=', row.id).execute();
  } catch (error) {
    await db
      .updateTable('exports')
      .set({ mail_error: errorText(error) })
      .where('id', '=', row.id)
      .execute();
  }
}

const errorText = (error: unknown) =>
  (error instanceof Error ? (error.stack ?? error.message) : String(error)).slice(0, 4000);
