import { toMajorUnits } from '@paydesk/domain';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { readAccountSnapshot } from '../../engine/accounts.ts';
import { clockNow } from '../../engine/clock.ts';
import { engineContext } from '../../engine/context.ts';
import { issueDueInvoices } from '../../engine/documents/invoices.ts';
import { advanceDays } from '../../engine/payouts/testing.ts';
import { seedHistory } from '../../engine/seed/seed.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, connectSandboxAccount } from '../../testing/engine.ts';
import { pdfText } from '../../testing/pdf.ts';

/**
 * Documents: the monthly fee invoices the engine writes from the ledger, read back as PDFs and
 * compared with the ledger's own rows; the list's parameters; the VAT details.
 */

const BASE = '/wp-json/wc/v3/payments';

interface DocumentAnswer {
  document_id: string;
  type: string;
  date: string;
  period_from: string;
  period_to: string;
}

/**
 * The fees of an account in a month straight from the ledger's rows (not the rollups the job
 * reads) and from instant payouts, per currency: what each invoice's totals must equal.
 */
async function ledgerFeeTotals(database: DatabaseHandle, accountId: string, from: Date, to: Date) {
  const rows = await sql<{ currency: string; total: string }>`
    select currency, sum(total)::text as total from (
      select currency, case when type = 'card_reader_fee' then -amount else fee end as total
        from balance_transactions
       where account_id = ${accountId} and created_at >= ${from} and created_at < ${to}
      union all
      select currency, fee from payouts
       where account_id = ${accountId} and method = 'instant' and created_at >= ${from} and created_at < ${to}
    ) fees group by currency having sum(total) <> 0 order by currency`.execute(database.db);
  return rows.rows.map((row) => ({ currency: row.currency, total: Number(row.total) }));
}

describeEachDatabase('documents', (use) => {
  const api = testApi(use);
  let accountId: string;
  let issued: string[];
  const { get } = api;
  const list = async (query = '') => {
    const res = await get(`${BASE}/documents${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: DocumentAnswer[] }).data;
  };
  const count = async (query = '') => {
    const res = await get(`${BASE}/documents/summary${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { count: number }).count;
  };

  beforeAll(async () => {
    // About four months of history: three closed months and the current one.
    const seeded = await seedHistory(use(), { transactions: 400, days: 100, deferIndexes: false });
    accountId = seeded.account_id;
    issued = await issueDueInvoices(await engineContext(use().db), accountId);
  });

  it('writes one invoice per closed month with fees, and a second run writes nothing', async () => {
    expect(issued.length).toBeGreaterThanOrEqual(3);
    const files = await use().db.selectFrom('files').select('id').execute();
    expect(await issueDueInvoices(await engineContext(use().db), accountId)).toEqual([]);
    expect(await use().db.selectFrom('files').select('id').execute()).toHaveLength(files.length);
    expect(await count()).toBe(issued.length);
    const numbers = await use().db.selectFrom('documents').select('invoice_number').execute();
    expect(new Set(numbers.map((n) => n.invoice_number)).size).toBe(issued.length);
  });

  it("prints totals equal to the ledger's fees of the period, as extractable text", async () => {
    const rows = await use()
      .db.selectFrom('documents')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('period_from')
      .execute();
    for (const row of rows) {
      const res = await get(`${BASE}/documents/${row.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const month = new Date(row.period_from).toISOString().slice(0, 7);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="paydesk-invoice-${month}.pdf"`);
      const text = await pdfText(res.rawPayload);
      expect(text).toContain(`Invoice number: ${row.invoice_number}`);
      const totals = await ledgerFeeTotals(
        use(),
        accountId,
        new Date(row.period_from),
        new Date(row.period_to),
      );
      expect(totals.length).toBeGreaterThan(0);
      for (const { currency, total } of totals) {
        const code = currency.toUpperCase();
        expect(text).toContain(`Total ${code} ${code} ${toMajorUnits(total, currency)} ${code}`);
      }
      // No other currency has a total line.
      expect(text.match(/Total [A-Z]{3} /g)).toHaveLength(totals.length);
    }
  });

  it('lists documents newest first with the period as its first and last second', async () => {
    const all = await list();
    expect(all).toHaveLength(issued.length);
    const dates = all.map((d) => d.date);
    expect(dates).toEqual([...dates].sort().reverse());
    const [newest] = all;
    expect(newest?.type).toBe('vat_invoice');
    expect(newest?.period_from).toMatch(/^\d{4}-\d{2}-01 00:00:00$/);
    expect(newest?.period_to).toMatch(/^\d{4}-\d{2}-(28|29|30|31) 23:59:59$/);
    expect(newest?.date.slice(0, 10)).toBe(
      new Date(Date.parse(`${newest?.period_to.replace(' ', 'T')}Z`) + 1000).toISOString().slice(0, 10),
    );
  });

  it('pages and sorts under both sets of names', async () => {
    const all = await list();
    expect(await list('?paged=2&per_page=1')).toEqual(all.slice(1, 2));
    expect(await list('?page=2&pagesize=1')).toEqual(all.slice(1, 2));
    expect(await list('?orderby=date&order=asc')).toEqual([...all].reverse());
    expect(await list('?sort=date&direction=asc')).toEqual([...all].reverse());
    expect(await list('?paged=2&page=2&per_page=2')).toEqual(all.slice(2, 4));
    expect((await list('?orderby=type')).length).toBe(all.length);
    for (const bad of [
      'page=1&paged=2',
      'orderby=amount',
      'order=up',
      'per_page=101',
      'per_page=0',
      'paged=-1',
      'paged=1.5',
      'type_is=invoice',
      'date_after=2026-02-30',
      'document_id=a-b',
      'unknown=1',
    ]) {
      const res = await get(`${BASE}/documents?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code, bad).toBe('rest_invalid_param');
    }
  });

  it('filters by date, type and document, in the list and the summary alike', async () => {
    const all = await list();
    const oldest = all.at(-1) as DocumentAnswer;
    const newest = all[0] as DocumentAnswer;
    const oldestDay = oldest.date.slice(0, 10);
    const cases: [string, DocumentAnswer[]][] = [
      [`date_before=${newest.date.slice(0, 10)}`, all.slice(1)],
      [`date_after=${oldestDay}`, all.slice(0, -1)],
      [`date_between[]=${oldestDay}&date_between[]=${oldestDay}`, [oldest]],
      [`date_between[0]=${newest.date.slice(0, 10)}&date_between[1]=${oldestDay}`, all],
      ['type_is=vat_invoice', all],
      ['type_is_not=vat_invoice', []],
      [`document_id=${oldest.document_id}`, [oldest]],
      [`document_id=${oldest.document_id}&document_type=vat_invoice`, [oldest]],
      ['document_id=vat_invoice_none', []],
      [`match=any&type_is_not=vat_invoice&date_after=${oldestDay}`, all.slice(0, -1)],
      [`match=all&type_is=vat_invoice&date_after=${oldestDay}`, all.slice(0, -1)],
    ];
    for (const [query, expected] of cases) {
      expect(await list(`?${query}`), query).toEqual(expected);
      expect(await count(`?${query}`), query).toBe(expected.length);
    }
  });

  it('answers 404 for an unknown document and 400 for a malformed id', async () => {
    const unknown = await get(`${BASE}/documents/vat_invoice_pd_2000_000001`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('wcpay_document_not_found');
    const malformed = await get(`${BASE}/documents/${encodeURIComponent('../x')}`);
    expect(malformed.statusCode).toBe(400);
  });
});

describeEachDatabase('fee invoices from the month job', (use) => {
  const api = testApi(use);

  it('the daily job invoices a month once it has closed, with the VAT details given by then', async () => {
    const account = await connectSandboxAccount(use(), { country: 'DE', currency: 'eur' });
    const saved = await api.post(`${BASE}/vat`, {
      vat_number: '136695976',
      name: ' Beispiel GmbH ',
      address: 'Hauptstr. 1\n10115 Berlin',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await api.checkout(cardCheckout('4242424242424242', { amount: 10_000, currency: 'eur' }));
    expect(res.statusCode, res.body).toBe(200);
    const now = await clockNow(use().db);
    const daysToNextMonth = Math.ceil(
      (Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1) - now.getTime()) / 86_400_000,
    );
    const before = await use().db.selectFrom('documents').selectAll().execute();
    expect(before).toEqual([]);
    await advanceDays(use(), daysToNextMonth + 1);
    const after = await use()
      .db.selectFrom('documents')
      .selectAll()
      .where('account_id', '=', account.id)
      .execute();
    expect(after).toHaveLength(1);
    const document = after[0];
    const pdf = await api.get(`${BASE}/documents/${document?.id}`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Beispiel GmbH');
    expect(text).toContain('Hauptstr. 1');
    expect(text).toContain('VAT number: DE136695976');
    const fee = await use()
      .db.selectFrom('balance_transactions')
      .select('fee')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(text).toContain(`Total EUR EUR ${toMajorUnits(fee.fee, 'eur')} EUR`);
    // Another day of the same month's job changes nothing.
    await advanceDays(use(), 1);
    expect(await use().db.selectFrom('documents').select('id').execute()).toHaveLength(1);
  });
});

describe.each([
  ['DE', '136695976', 'DE136695976', '136695977'],
  ['FR', 'FR 40 303 265 045', 'FR40303265045', '41303265045'],
  ['GR', '094259216', 'EL094259216', 'GR094259216'],
  ['CH', '116.281.710 MWST', 'CHE116281710MWST', '116.281.711 MWST'],
  ['GB', 'GB 980 7806 84', 'GB980780684', '980780685'],
  ['JP', '5835678256246', '5835678256246', '583567825624'],
])('VAT details of a business in %s', (country, valid, compact, invalid) => {
  describeEachDatabase(`VAT ${country}`, (use) => {
    const api = testApi(use, { account: { country } });
    const vat = (payload: unknown) => api.post(`${BASE}/vat`, payload);
    const check = (number: string) => api.get(`${BASE}/vat/${encodeURIComponent(number)}`);

    it('checks a number and answers what was saved with it', async () => {
      const first = await check(valid);
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json()).toEqual({
        vat_number: compact,
        country_code: country,
        valid: true,
        name: null,
        address: null,
      });
      const saved = await vat({ vat_number: valid, name: '  ACME  ', address: ' 1 Road ' });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ vat_number: compact, name: 'ACME', address: '1 Road' });
      expect((await check(valid)).json()).toMatchObject({ name: 'ACME', address: '1 Road' });
    });

    it('refuses an invalid number with a message to show, and saves nothing', async () => {
      const before = await use().db.selectFrom('vat_details').selectAll().execute();
      for (const res of [await check(invalid), await vat({ vat_number: invalid, name: 'X', address: 'Y' })]) {
        expect(res.statusCode).toBe(400);
        expect(res.json().code).toBe('wcpay_vat_number_invalid');
        expect(res.json().message).toContain('is not a valid');
      }
      expect(await use().db.selectFrom('vat_details').selectAll().execute()).toEqual(before);
    });
  });
});

describeEachDatabase('VAT details without a number', (use) => {
  const api = testApi(use, { account: { country: 'US' } });
  const vat = (payload: unknown) => api.post(`${BASE}/vat`, payload);
  const settingsVat = async () => (await readAccountSnapshot(use().db)).hasSubmittedVatData;

  it('requires a name and an address after trimming', async () => {
    for (const [payload, code] of [
      [{ name: ' ', address: 'A' }, 'wcpay_vat_name_required'],
      [{ name: 'N', address: '\n\t' }, 'wcpay_vat_address_required'],
    ] as const) {
      const res = await vat(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(code);
    }
    for (const payload of [{ name: 'N' }, { name: 1, address: 'A' }, { name: 'N', address: 'A', extra: 1 }]) {
      expect((await vat(payload)).statusCode).toBe(400);
    }
    expect(await settingsVat()).toBe(false);
  });

  it('cannot check numbers of a country outside the list, but saves details without one', async () => {
    const res = await vat({ vat_number: '123456789', name: 'N', address: 'A' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('wcpay_vat_country_unsupported');
    const saved = await vat({ vat_number: null, name: 'Shop Inc.', address: '1 Main St' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ vat_number: null, name: 'Shop Inc.', address: '1 Main St' });
    expect(await settingsVat()).toBe(true);
  });
});
