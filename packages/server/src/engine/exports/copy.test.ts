import { transactions } from '@paydesk/domain/contracts';
import { csvFormat } from '@paydesk/domain/exports/columns';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.ts';
import { postgresPoolOf } from '../../db/database.ts';
import { makeUser } from '../../testing/app.ts';
import { createTestDatabase } from '../../testing/db.ts';
import { chargeRows } from '../document-rows.ts';
import { seedHistory } from '../seed/seed.ts';
import {
  CrlfRecords,
  EMBEDDED_PIECE_ROWS,
  inlineParameters,
  writeTransactionsCsvByCopy,
  writeTransactionsCsvByEmbeddedCopy,
} from './copy.ts';
import { requestExport } from './service.ts';
import { ChunkSink, writeTransactionsCsv } from './writer.ts';

/**
 * The COPY writer against the row writer, which stays the reference: for the same rows, filters,
 * zone and language the two files must be the same bytes.
 */

const END = new Date('2026-06-15T12:34:56Z');

describe('COPY record ends', () => {
  const convert = (pieces: string[]) => {
    // A small buffer, so that the records outgrow it.
    const records = new CrlfRecords(4);
    const out: string[] = [];
    for (const piece of pieces) {
      records.push(Buffer.from(piece));
      // A chunk taken is read before the next is taken, whose records go where it was.
      if (records.wholeBytes > 0) out.push(records.take().toString());
    }
    return { text: out.join(''), records: records.records, unfinished: records.unfinished };
  };

  it('ends records with CRLF and keeps line feeds inside quoted cells, across any split', () => {
    const copy = 'a,"b\n""c"",\nd"\ne,f\n"""",\n,"\r\n"\n';
    const expected = 'a,"b\n""c"",\nd"\r\ne,f\r\n"""",\r\n,"\r\n"\r\n';
    for (let cut = 0; cut <= copy.length; cut++)
      for (let second = cut; second <= copy.length; second++) {
        const pieces = [copy.slice(0, cut), copy.slice(cut, second), copy.slice(second)];
        expect(convert(pieces), `${cut} ${second}`).toEqual({
          text: expected,
          records: 4,
          unfinished: false,
        });
      }
  });

  it('holds back an unfinished record', () => {
    expect(convert(['a,b\nc,"d\n'])).toEqual({ text: 'a,b\r\n', records: 1, unfinished: true });
  });

  it('keeps a chunk taken as it is while the next records are gathered, then gathers over it', () => {
    const records = new CrlfRecords(16);
    records.write(Buffer.from('h1,h2\r\n'));
    records.push(Buffer.from('a,b\nc,"'));
    const first = records.take();
    expect(first.toString()).toBe('h1,h2\r\na,b\r\n');
    records.push(Buffer.from('d"\ne,f\n'));
    expect(first.toString()).toBe('h1,h2\r\na,b\r\n');
    expect(records.take().toString()).toBe('c,"d"\r\ne,f\r\n');
    records.push(Buffer.from('g,h\n'));
    expect(records.take().toString()).toBe('g,h\r\n');
    expect(records.records).toBe(4);
    expect(records.unfinished).toBe(false);
  });
});

describe('COPY parameters', () => {
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;

  it('writes each parameter as a literal, $10 apart from $1', () => {
    const parameters = [
      'a',
      2,
      3,
      4,
      5,
      6,
      7,
      8,
      9,
      "o'k $1",
      null,
      new Date('2026-01-02T03:04:05.678Z'),
      true,
    ];
    const query = {
      sql: 'select $1, $10, $11, $12, $13',
      parameters,
      query: undefined as never,
      queryId: undefined as never,
    };
    expect(inlineParameters(query, quote)).toBe(
      "select 'a', 'o''k $1', null, '2026-01-02T03:04:05.678Z', 'true'",
    );
  });

  it('refuses a parameter it cannot write', () => {
    const query = {
      sql: 'select $1',
      parameters: [Buffer.from('x')],
      query: undefined as never,
      queryId: undefined as never,
    };
    expect(() => inlineParameters(query, quote)).toThrow(/cannot take a parameter/);
  });
});

/** Text that a spreadsheet or a CSV reader could take the wrong way. */
const HOSTILE = [
  '=HYPERLINK("http://x","click")',
  '+1,2',
  '-3',
  '@SUM(A1)',
  '\tTabbed',
  '\rCarriage',
  'line\nbreak',
  'crlf\r\ninside',
  'a "quoted" name',
  'comma, here',
  'Zoë Ångström 東京 🧾',
  'מִשְׁפָּט',
  "'already quoted",
  '',
  ' spaced ',
  '\\.',
  'back\\slash',
];

/**
 * Rows per piece of the embedded database's COPY in the filter cases, so that each file of a few
 * hundred rows is read in several pieces, and a piece may end inside a run of rows of one instant.
 */
const SMALL_PIECE_ROWS = 97;

for (const kind of ['postgres', 'pglite'] as const)
  describe.skipIf(kind === 'postgres' && !process.env.TEST_DATABASE_URL)(
    `COPY export against the row writer [${kind}]`,
    () => {
      let handle: DatabaseHandle;
      let accountId: string;
      let userId: number;
      let email: string;

      beforeAll(async () => {
        handle = await createTestDatabase(kind);
        const user = await makeUser(handle, 'administrator');
        const found = await handle.db
          .selectFrom('users')
          .select(['id', 'email'])
          .where('login', '=', user.login)
          .executeTakeFirstOrThrow();
        userId = found.id;
        email = found.email;
        await seedHistory(handle, { transactions: 600, days: 10, seed: 11, end: END, batchPayments: 200 });
        await handle.db.deleteFrom('jobs').execute();
        accountId = (await handle.db.selectFrom('accounts').select('id').executeTakeFirstOrThrow()).id;
        const { db } = handle;
        // Hostile customer text on every few rows, in every text column that customers fill.
        const pick = (step: number, offset: number) =>
          sql`(select id from balance_transactions where seq % ${step} = ${offset})`;
        for (const [index, text] of HOSTILE.entries()) {
          await sql`update balance_transactions set customer_name = ${text}
        where id in ${pick(HOSTILE.length, index)}`.execute(db);
          await sql`update balance_transactions set customer_email = ${`${text}@x.test`}
        where id in ${pick(HOSTILE.length + 2, index)}`.execute(db);
        }
        await sql`update orders set number = ${'=1+2'} where id = (select min(id) from orders)`.execute(db);
        await sql`update orders set number = ${'12,"34"'} where id = (select max(id) from orders)`.execute(
          db,
        );
        await sql`update charges set payment_method_details = jsonb_set(x.payment_method_details,
      array[x.payment_method_type, 'last4'], '"-42,"') from ${chargeRows(db, 'x')}
      where x.id = charges.id and charges.id in (select id from charges order by id limit 3)`.execute(db);
        // Values the labels do not know, absent ones, and codes a country name cannot be found for.
        await sql`update balance_transactions set channel = ${'@odd'} where seq % 23 = 1`.execute(db);
        await sql`update balance_transactions set channel = null where seq % 23 = 2`.execute(db);
        await sql`update balance_transactions set source = ${'=weird'} where seq % 29 = 3 and source is not null`.execute(
          db,
        );
        await sql`update balance_transactions set source = ${'sepa_debit'} where seq % 29 = 4 and source is not null`.execute(
          db,
        );
        await sql`update balance_transactions set risk_level = 7 where seq % 31 = 5`.execute(db);
        await sql`update balance_transactions set risk_level = null where seq % 31 = 6`.execute(db);
        await sql`update balance_transactions set customer_country = ${'zz'} where seq % 37 = 7`.execute(db);
        await sql`update balance_transactions set customer_country = ${'419'} where seq % 37 = 8`.execute(db);
        await sql`update balance_transactions set customer_country = ${'=X'} where seq % 37 = 9`.execute(db);
        await sql`update balance_transactions set customer_country = ${''} where seq % 37 = 10`.execute(db);
        // Several settlement and customer currencies, zero-decimal ones and an upper-case code.
        await sql`update balance_transactions set currency = ${'jpy'} where seq % 41 = 11`.execute(db);
        await sql`update balance_transactions set currency = ${'eur'} where seq % 41 = 12`.execute(db);
        await sql`update balance_transactions set customer_currency = ${'KRW'}, customer_amount = -123456
      where seq % 43 = 13`.execute(db);
        await sql`update balance_transactions set customer_currency = ${''}, customer_amount = 5
      where seq % 43 = 14`.execute(db);
        await sql`update balance_transactions set customer_amount = null where seq % 43 = 15`.execute(db);
        // Times at microseconds, and rows of one instant that only their sequence orders.
        await sql`update balance_transactions set created_at = created_at + interval '999999 microseconds'
      where seq % 47 = 16`.execute(db);
      }, 300_000);

      afterAll(async () => {
        await handle?.close();
      });

      const chunksOf = (exportId: string) =>
        handle.db
          .selectFrom('export_chunks')
          .select('data')
          .where('export_id', '=', exportId)
          .orderBy('seq')
          .execute();

      async function fileOf(exportId: string): Promise<string> {
        return (await chunksOf(exportId)).map((chunk) => chunk.data).join('');
      }

      async function newExport(): Promise<string> {
        const started = await requestExport(handle.db, {
          kind: 'transactions',
          accountId,
          user: { id: userId, email },
          filters: {},
          recipient: {},
        });
        return started.export_id;
      }

      it('stores a chunk of bytes as the text of those bytes, every character whole', async () => {
        // Multi-byte characters of two, three and four bytes, and ASCII between them at every offset.
        const text = Array.from({ length: 5000 }, (_, index) => `${'x'.repeat(index % 4)}é€🧾ß\r\n`).join('');
        const data = Buffer.from(text, 'utf8');
        const exportId = await newExport();
        const sink = new ChunkSink(handle.db, exportId);
        // A view into a larger buffer, as the COPY writer stores its chunks.
        const larger = Buffer.concat([Buffer.from('before'), data, Buffer.from('after')]);
        await sink.storeBytes(larger.subarray(6, 6 + data.length));
        await sink.storeBytes(Buffer.from('Zoë\r\n'));
        expect(sink.size_bytes).toBe(data.length + Buffer.byteLength('Zoë\r\n'));
        const stored = await sql<{ data: string; bytes: number; characters: number }>`select data,
        octet_length(data) as bytes, length(data) as characters
      from export_chunks where export_id = ${exportId} order by seq`.execute(handle.db);
        expect(stored.rows.map((row) => row.data)).toEqual([text, 'Zoë\r\n']);
        expect(stored.rows[0]).toMatchObject({ bytes: data.length, characters: text.length - 5000 });
        expect(Buffer.from(stored.rows[0]!.data, 'utf8').equals(data)).toBe(true);
        // Bytes that are not UTF-8 are refused, not stored as other text.
        await expect(sink.storeBytes(Buffer.from([0x61, 0xc3]))).rejects.toThrow(/invalid byte sequence/);
      });

      it('has refunds, disputes, several currencies and every kind of hostile text to write', async () => {
        const types = await handle.db.selectFrom('balance_transactions').select('type').distinct().execute();
        expect(types.map((row) => row.type)).toEqual(expect.arrayContaining(['charge', 'refund', 'dispute']));
        const names = await handle.db
          .selectFrom('balance_transactions')
          .select('customer_name')
          .distinct()
          .execute();
        expect(names.map((row) => row.customer_name)).toEqual(expect.arrayContaining(HOSTILE));
      });

      /** Writes the file of `exportId` through COPY, on the embedded database in pieces of `pieceRows`. */
      const writeByCopy = (
        exportId: string,
        filters: transactions.TTransactionFilters,
        timeZone: string | null,
        format: ReturnType<typeof csvFormat>,
        pieceRows?: number,
      ) =>
        kind === 'postgres'
          ? writeTransactionsCsvByCopy(handle.db, postgresPoolOf(handle.db)!, exportId, accountId, filters, {
              timeZone,
              format,
            })
          : writeTransactionsCsvByEmbeddedCopy(
              handle.db,
              exportId,
              accountId,
              filters,
              { timeZone, format },
              pieceRows,
            );

      const cases: {
        query: Record<string, unknown>;
        timeZone: string | null;
        locale: string | null;
        /** The filters select some rows but not all, so the case compares a real selection. */
        selects?: true;
      }[] = [
        { query: {}, timeZone: null, locale: null },
        { query: {}, timeZone: 'America/New_York', locale: 'fr_FR' },
        { query: {}, timeZone: '+05:30', locale: 'de' },
        { query: {}, timeZone: '-0800', locale: null },
        { query: {}, timeZone: 'Not/AZone', locale: 'ja' },
        { query: { type_is: 'refund' }, timeZone: 'Europe/Berlin', locale: null },
        { query: { type_is_not: 'charge', customer_currency_is: 'eur' }, timeZone: null, locale: null },
        {
          query: { match: 'any', type_is: 'dispute', customer_country_is: 'DE' },
          timeZone: null,
          locale: null,
        },
        { query: { date_between: ['2026-06-10', '2026-06-12'] }, timeZone: 'Asia/Kathmandu', locale: null },
        { query: { search: ["o'brien \\ %_"] }, timeZone: null, locale: null },
        { query: { search: ['=HYPERLINK'] }, timeZone: null, locale: null },
        { query: { store_currency_is: 'jpy' }, timeZone: null, locale: null },
        {
          // Rules of every kind at once: dates, type, channel, risk, customer currency and search.
          query: {
            date_after: '2026-06-06',
            date_before: '2026-06-15',
            type_is_not: 'refund',
            channel_is_not: 'in_person',
            risk_level_is_not: '2',
            customer_currency_is_not: 'krw',
            type_is_in: ['charge', 'payment', 'dispute'],
            search: ['a', 'e', 'o'],
          },
          timeZone: 'Europe/Berlin',
          locale: 'fr_FR',
          selects: true,
        },
      ];

      for (const { query, timeZone, locale, selects } of cases) {
        it(`writes the row writer's bytes for ${JSON.stringify(query)} in ${timeZone ?? 'UTC'}`, async () => {
          const filters = transactions.ZTransactionFilters.parse(query);
          const format = csvFormat({ timeZone, locale });
          const byRows = await newExport();
          const byCopy = await newExport();
          const reference = await writeTransactionsCsv(handle.db, byRows, accountId, filters, format, 97);
          const copied = await writeByCopy(byCopy, filters, timeZone, format, SMALL_PIECE_ROWS);
          const expected = await fileOf(byRows);
          expect(copied).toEqual(reference);
          expect(await fileOf(byCopy)).toBe(expected);
          if (Object.keys(query).length === 0) expect(reference.row_count).toBeGreaterThanOrEqual(600);
          if (selects) {
            const all = await handle.db
              .selectFrom('balance_transactions')
              .select((eb) => eb.fn.countAll<string>().as('rows'))
              .executeTakeFirstOrThrow();
            expect(reference.row_count).toBeGreaterThan(0);
            expect(reference.row_count).toBeLessThan(Number(all.rows));
          }
        });
      }

      it('stores a large file in chunks of whole records', async () => {
        const filters = transactions.ZTransactionFilters.parse({});
        const format = csvFormat({});
        const byRows = await newExport();
        const byCopy = await newExport();
        // Enough rows for several chunks: the seeded ones many times over, as new ids.
        await sql`insert into balance_transactions (id, account_id, type, amount, fee, net, currency,
        customer_amount, customer_currency, source_id, charge_id, payment_intent_id, order_id,
        available_on, created_at, customer_name, customer_email, customer_country, risk_level,
        channel, source, source_device)
      select id || '_' || copy, account_id, type, amount, fee, net, currency, customer_amount,
        customer_currency, source_id, charge_id, payment_intent_id, order_id, available_on,
        created_at - make_interval(days => copy), customer_name, customer_email, customer_country,
        risk_level, channel, source, source_device
      from balance_transactions cross join generate_series(1, 25) as copy`.execute(handle.db);
        const reference = await writeTransactionsCsv(handle.db, byRows, accountId, filters, format);
        const copied = await writeByCopy(byCopy, filters, null, format);
        expect(copied).toEqual(reference);
        // On the embedded database the file is read in more than one piece of the size it ships with.
        expect(reference.row_count).toBeGreaterThan(EMBEDDED_PIECE_ROWS);
        const chunks = await chunksOf(byCopy);
        expect(chunks.length).toBeGreaterThan(1);
        for (const chunk of chunks) expect(chunk.data.endsWith('\r\n')).toBe(true);
        expect(await fileOf(byCopy)).toBe(await fileOf(byRows));
      }, 600_000);
    },
  );
