import { assert, minorFromAggregate, sumMinor } from '@paydesk/domain';
import {
  FEE_LINE_KINDS,
  type FeeLineKind,
  feeLineKindOf,
  formatInvoiceNumber,
  invoiceFilename,
} from '@paydesk/domain/documents/invoices';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { insertFile } from '../../db/file-content.ts';
import type { Executor } from '../ledger.ts';
import type { EngineContext } from '../payments/context.ts';
import { type InvoiceLine, renderInvoicePdf } from './invoice-pdf.ts';

/** The issuer printed on every invoice: the payments provider behind the account. */
const ISSUER = {
  name: 'Paydesk payments',
  lines: ['Fees of the payments provider'],
};

const monthStart = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
const nextMonth = (start: Date) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1));

/**
 * The fees of an account in a period, per kind and currency: the `fee` of every ledger row
 * (read through the hourly rollups, which the ledger check keeps equal to the rows), the
 * amount of card reader fee rows (the row is the fee), and the fee of instant payouts.
 */
export async function feeLines(
  db: Executor,
  accountId: string,
  from: Date,
  to: Date,
): Promise<InvoiceLine[]> {
  const rollups = await db
    .selectFrom('ledger_rollups')
    .select([
      'type',
      'currency',
      sql<string>`sum(fee)::text`.as('fee'),
      sql<string>`sum(amount)::text`.as('amount'),
    ])
    .where('account_id', '=', accountId)
    .where('hour', '>=', from)
    .where('hour', '<', to)
    .groupBy(['type', 'currency'])
    .execute();
  const instant = await db
    .selectFrom('payouts')
    .select(['currency', sql<string>`sum(fee)::text`.as('fee')])
    .where('account_id', '=', accountId)
    .where('method', '=', 'instant')
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .groupBy('currency')
    .execute();
  const sums = new Map<string, number>();
  const add = (kind: FeeLineKind, currency: string, amount: number) => {
    const key = `${kind}|${currency}`;
    sums.set(key, sumMinor(sums.get(key) ?? 0, amount));
  };
  for (const row of rollups) {
    const kind = feeLineKindOf(row.type);
    add(
      kind,
      row.currency,
      kind === 'card_reader_fees' ? -minorFromAggregate(row.amount) : minorFromAggregate(row.fee),
    );
  }
  for (const row of instant) add('instant_payout_fees', row.currency, minorFromAggregate(row.fee));
  const lines: InvoiceLine[] = [];
  for (const [key, amount] of sums) {
    const [kind, currency] = key.split('|') as [FeeLineKind, string];
    if (amount !== 0) lines.push({ kind, currency, amount });
  }
  return lines.sort(
    (a, b) =>
      a.currency.localeCompare(b.currency) || FEE_LINE_KINDS.indexOf(a.kind) - FEE_LINE_KINDS.indexOf(b.kind),
  );
}

/** The next number of the year's series; the counter row stays locked until the transaction ends. */
async function nextInvoiceNumber(trx: Executor, year: number): Promise<string> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) => oc.column('year').doUpdateSet({ last_number: sql`invoice_counters.last_number + 1` }))
    .returning('last_number')
    .executeTakeFirstOrThrow();
  return formatInvoiceNumber(year, row.last_number);
}

/** The closed months in which the account was charged any fee and has no invoice yet. */
async function monthsToInvoice(db: Executor, accountId: string, before: Date): Promise<Date[]> {
  const months = await sql<{ month: Date }>`
    select distinct date_trunc('month', at at time zone 'UTC') at time zone 'UTC' as month
    from (
      select hour as at from ledger_rollups
       where account_id = ${accountId} and hour < ${before} and (fee <> 0 or type = 'card_reader_fee')
      union all
      select created_at from payouts
       where account_id = ${accountId} and created_at < ${before} and method = 'instant' and fee <> 0
    ) fees
    where not exists (
      select 1 from documents d
       where d.account_id = ${accountId} and d.type = 'vat_invoice'
         and d.period_from = date_trunc('month', fees.at at time zone 'UTC') at time zone 'UTC'
    )
    order by month`.execute(db);
  return months.rows.map((row) => new Date(row.month));
}

/**
 * Writes the account's invoice for the month starting at `from`, unless it exists: the lines,
 * the PDF as a stored file, and the document, with a number from the year's series, in one
 * transaction. Answers the document id, or null when the month had no fees or was invoiced.
 */
export async function issueMonthlyInvoice(
  db: Db,
  accountId: string,
  from: Date,
  now: Date,
): Promise<string | null> {
  const to = nextMonth(from);
  assert(to.getTime() <= now.getTime(), 'a month is invoiced once it has closed');
  return db.transaction().execute(async (trx) => {
    // One invoice per month: concurrent runs for the same account queue here.
    const account = await trx
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    if (!account) return null;
    const existing = await trx
      .selectFrom('documents')
      .select('id')
      .where('account_id', '=', accountId)
      .where('type', '=', 'vat_invoice')
      .where('period_from', '=', from)
      .executeTakeFirst();
    if (existing) return null;
    const lines = await feeLines(trx, accountId, from, to);
    if (lines.length === 0) return null;
    const vat = await trx
      .selectFrom('vat_details')
      .selectAll()
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    const number = await nextInvoiceNumber(trx, from.getUTCFullYear());
    const content = await renderInvoicePdf({
      number,
      issuedAt: to,
      periodFrom: from,
      periodTo: to,
      issuer: ISSUER,
      customer: {
        name: vat?.name ?? account.business_name,
        address: vat?.address ?? account.country,
        vatNumber: vat?.vat_number ?? null,
      },
      lines,
      sandbox: account.mode === 'test',
    });
    const id = `vat_invoice_${number.replaceAll('-', '_').toLowerCase()}`;
    const fileId = `file_${id}`;
    await insertFile(
      trx,
      {
        id: fileId,
        account_id: accountId,
        purpose: 'vat_invoice',
        filename: invoiceFilename(from.getTime()),
        title: `Invoice ${number}`,
        mime_type: 'application/pdf',
        created_at: now,
      },
      content,
    );
    await trx
      .insertInto('documents')
      .values({
        id,
        account_id: accountId,
        type: 'vat_invoice',
        period_from: from,
        period_to: to,
        issued_at: to,
        invoice_number: number,
        file_id: fileId,
      })
      .execute();
    return id;
  });
}

/**
 * The `documents.invoices` job: invoices every closed month with fees that has none, so a day
 * missed, a clock moved by months, or a seeded history are all caught up.
 */
export async function issueDueInvoices(ctx: EngineContext, accountId: string): Promise<string[]> {
  const issued: string[] = [];
  for (const month of await monthsToInvoice(ctx.db, accountId, monthStart(ctx.now))) {
    const id = await issueMonthlyInvoice(ctx.db, accountId, month, ctx.now);
    if (id) issued.push(id);
  }
  return issued;
}
