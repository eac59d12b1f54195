import type { exports } from '@paydesk/domain/contracts';
import { FORMULA_TRIGGERS } from '@paydesk/domain/exports/csv';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { parseCsv } from '../../testing/csv.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, checkout } from '../../testing/engine.ts';
import { FORMULA_PAYLOADS } from '../../testing/hostile-content.ts';
import { settingsApi } from '../../testing/settings.ts';
import { JOB_HANDLERS } from '../context.ts';
import { runDueJobs } from '../jobs.ts';

/**
 * CSV formula injection (docs/reliability.md, "Hostile content"): text led by each formula
 * trigger is put into every text column each export writes — through the API where the API
 * takes it (customer names, e-mail addresses, order numbers, a failed sign-in's username), and
 * into the stored rows where it does not (values the API trims, a payout's bank account) — and
 * every file the server writes is read back as a spreadsheet would: no cell but a plain number
 * may start with a trigger. On PostgreSQL the transactions file is written by COPY (copy.ts), on
 * the embedded database by the row writer, so the two database runs cover both.
 */

const BASE = '/wp-json/wc/v3/payments';
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/;

/** Every cell of a file that a spreadsheet would run as a formula. */
function formulaCells(records: string[][]): string[] {
  return records
    .flat()
    .filter((cell) => !PLAIN_NUMBER.test(cell) && FORMULA_TRIGGERS.some((t) => cell.startsWith(t)));
}

describeEachDatabase('formula injection in every CSV export', (use) => {
  const api = testApi(use, { account: true });
  const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
    api.app.inject({
      method,
      url,
      headers: { authorization: api.admin.basic },
      ...(payload ? { payload } : {}),
    });

  /** Requests an export of a kind, runs its job and answers the file's records. */
  async function exportFile(path: string, query = ''): Promise<string[][]> {
    const started = await inject('POST', `${path}${query}`);
    expect(started.statusCode, started.body).toBe(200);
    const { export_id } = started.json() as exports.TExportStarted;
    await runDueJobs(use().db, JOB_HANDLERS);
    const status = (await inject('GET', `${path}/${export_id}`)).json() as exports.TExportStatus;
    expect(status.status, JSON.stringify(status)).toBe('success');
    const file = await inject('GET', `${status.download_url}?force_download=true`);
    expect(file.statusCode, file.body).toBe(200);
    return parseCsv(file.body);
  }

  /** Asserts no cell of a file is a live formula, and each payload is in it, neutralised. */
  function expectNeutralised(records: string[][], columns: string[]) {
    expect(formulaCells(records)).toEqual([]);
    const [header, ...rows] = records;
    for (const column of columns) {
      const index = header!.indexOf(column);
      expect(index, column).toBeGreaterThanOrEqual(0);
      const cells = new Set(rows.map((row) => row[index]));
      for (const payload of FORMULA_PAYLOADS)
        expect(cells.has(`'${payload}`), `${column} ${JSON.stringify(payload)}`).toBe(true);
    }
  }

  it('has a payload led by every trigger', () => {
    for (const trigger of FORMULA_TRIGGERS)
      expect(
        FORMULA_PAYLOADS.some((payload) => payload.startsWith(trigger)),
        JSON.stringify(trigger),
      ).toBe(true);
  });

  it('neutralises every text cell of the transactions, fraud outcomes, deposits and audit log files', async () => {
    const { db } = use();
    const { save } = settingsApi(
      () => api.app,
      () => api.admin.basic,
    );
    // Payments from addresses outside the US are blocked, so the fraud outcomes file has rows.
    const rule = await save({
      current_protection_level: 'advanced',
      advanced_fraud_protection_settings: [
        {
          key: 'international_ip_address',
          outcome: 'block',
          check: { key: 'ip_country', operator: 'not_in', value: 'us' },
        },
      ],
    });
    expect(rule.statusCode, rule.body).toBe(200);

    const orders: string[] = [];
    for (const [index, payload] of FORMULA_PAYLOADS.entries()) {
      for (const [amount, ipCountry] of [
        [2_500, 'US'],
        [500, 'BR'],
      ] as const) {
        const body = cardCheckout();
        const number = `${payload}#${amount}`;
        const res = await checkout(api.app, api.admin.basic, {
          ...body,
          amount,
          ip_country: ipCountry,
          order: {
            ...body.order,
            number,
            customer: { name: payload, email: `${index % 2 === 0 ? '+' : '-'}${index}@example.test` },
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        orders.push(res.json().order.number as string);
      }
    }
    // The API trims names and order numbers; text led by a tab or a carriage return is written
    // into the rows as an importer or an older version could have stored it.
    for (const payload of FORMULA_PAYLOADS) {
      await db
        .updateTable('orders')
        .set({ number: sql`${payload} || substr(number, strpos(number, '#'))` })
        .where('number', 'like', `${payload.trim()}#%`)
        .execute();
      await db
        .updateTable('balance_transactions')
        .set({ customer_name: payload })
        .where('customer_name', '=', payload.trim())
        .execute();
      await db
        .updateTable('fraud_outcomes')
        .set({ customer_name: payload })
        .where('customer_name', '=', payload.trim())
        .execute();
    }

    const transactions = await exportFile(`${BASE}/transactions/download`);
    expectNeutralised(transactions, ['Customer']);
    expect(formulaCells(transactions)).toEqual([]);
    const orderColumn = transactions[0]!.indexOf('Order #');
    for (const payload of FORMULA_PAYLOADS)
      expect(
        transactions.some((row) => row[orderColumn] === `'${payload}#2500`),
        JSON.stringify(payload),
      ).toBe(true);

    const blocked = await exportFile(`${BASE}/transactions/fraud-outcomes/download`, '?status=block');
    expectNeutralised(blocked, ['Customer']);

    // A deposit of the sales: the clock moves past their availability and the payout is made.
    const advanced = await inject('POST', `${BASE}/sandbox/clock/advance`, { days: 10 });
    expect(advanced.statusCode, advanced.body).toBe(200);
    const payouts = await db.selectFrom('payouts').select(['id', 'bank_account']).execute();
    expect(payouts.length).toBeGreaterThan(0);
    for (const [index, payout] of payouts.entries()) {
      const payload = FORMULA_PAYLOADS[index % FORMULA_PAYLOADS.length]!;
      await db
        .updateTable('payouts')
        .set({
          bank_account: JSON.stringify({ ...payout.bank_account, bank_name: payload }),
          bank_reference_key: payload,
        })
        .where('id', '=', payout.id)
        .execute();
    }
    const deposits = await exportFile(`${BASE}/deposits/download`);
    expect(formulaCells(deposits)).toEqual([]);
    const reference = deposits[0]!.indexOf('Bank reference ID');
    expect(reference).toBeGreaterThanOrEqual(0);
    expect(deposits.slice(1).every((row) => row[reference]!.startsWith("'"))).toBe(true);

    // Failed sign-ins with a formula for a username: the audit log keeps what was typed.
    for (const payload of FORMULA_PAYLOADS) {
      const res = await api.app.inject({
        method: 'POST',
        url: '/wp-login.php',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ log: payload, pwd: 'wrong' }).toString(),
        remoteAddress: '10.9.0.1',
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
    }
    const audit = await inject('GET', `${BASE}/audit_log/download`);
    expect(audit.statusCode, audit.body).toBe(200);
    const auditRecords = parseCsv(audit.body);
    expect(formulaCells(auditRecords)).toEqual([]);
    const username = auditRecords[0]!.indexOf('Username');
    const usernames = new Set(auditRecords.map((row) => row[username]));
    for (const payload of FORMULA_PAYLOADS.filter((p) => p.trim() === p))
      expect(usernames.has(`'${payload}`), JSON.stringify(payload)).toBe(true);
    expect(orders).toHaveLength(FORMULA_PAYLOADS.length * 2);
  });
});
