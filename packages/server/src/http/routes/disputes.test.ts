import { beforeAll, expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { storedFileCount, TEST_MULTIPART_TYPE, uploadFile } from '../../testing/multipart.ts';

const BASE = '/wp-json/wc/v3/payments';

/** The disputes list and summary over disputes opened by the dispute test cards; evidence uploads. */
describeEachDatabase('disputes list API', (use) => {
  const api = testApi(use, { account: true });
  /** Opened in this order: ids, amounts and reasons. */
  const opened: { id: string; amount: number; charge: string; intent: string; name: string }[] = [];

  beforeAll(async () => {
    const cards = [
      ['4000000000000259', 3000, 'Ann Able'],
      ['4000000000002685', 1000, 'Bob Baker'],
      ['4000000000001976', 2000, 'Cy Cole'],
      ['4000000000000259', 4000, 'Dee Dunn'],
    ] as const;
    for (const [number, amount, name] of cards) {
      const base = cardCheckout(number, { amount });
      const body = { ...base, order: { ...base.order, customer: { name, email: `${name[0]}@x.test` } } };
      const res = await api.checkout(body);
      expect(res.statusCode).toBe(200);
      const charge = await use()
        .db.selectFrom('charges')
        .select(['dispute_id', 'id', 'payment_intent_id'])
        .where('id', '=', res.json().charge.id)
        .executeTakeFirstOrThrow();
      opened.push({
        id: charge.dispute_id!,
        amount,
        charge: charge.id,
        intent: charge.payment_intent_id,
        name,
      });
      // Distinct creation times, so the default order is certain.
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  });

  const list = async (query = '') => {
    const res = await api.get(`${BASE}/disputes${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { dispute_id: string }[]).map((row) => row.dispute_id);
  };
  const summary = async (query = '') => (await api.get(`${BASE}/disputes/summary${query}`)).json();
  const ids = (...indexes: number[]) => indexes.map((i) => opened[i]!.id);

  it('answers the dispute list rows, newest first by default', async () => {
    const res = await api.get(`${BASE}/disputes`);
    const rows = res.json().data;
    expect(rows.map((row: { dispute_id: string }) => row.dispute_id)).toEqual(ids(3, 2, 1, 0));
    const first = opened[3]!;
    expect(rows[0]).toMatchObject({
      dispute_id: first.id,
      charge_id: first.charge,
      payment_intent_id: first.intent,
      amount: 4000,
      currency: 'usd',
      status: 'needs_response',
      reason: 'fraudulent',
      source: 'card',
      customer_name: 'Dee Dunn',
      customer_email: 'D@x.test',
      customer_country: 'US',
    });
    expect(rows[0].order.number).toBe(rows[0].order_number);
    expect(rows[0].due_by).toBeGreaterThan(rows[0].created);
  });

  it('sorts by amount and due_by, pages, and filters by status', async () => {
    expect(await list('?sort=amount&direction=asc')).toEqual(ids(1, 2, 0, 3));
    expect(await list('?sort=amount')).toEqual(ids(3, 0, 2, 1));
    expect(await list('?sort=amount&direction=asc&page=2&pagesize=3')).toEqual(ids(3));
    expect((await list('?sort=due_by&direction=asc')).length).toBe(4);
    expect(await list('?status_is=warning_needs_response')).toEqual(ids(2));
    expect(await list('?status_is_not=warning_needs_response')).toEqual(ids(3, 1, 0));
    expect(await list('?status_is=warning_needs_response&status_is_not=needs_response&match=any')).toEqual(
      ids(2),
    );
    expect(await list('?status_is=lost')).toEqual([]);
  });

  it('searches by name, e-mail and id, and narrows to a currency and to awaiting response', async () => {
    expect(await list('?search[]=bob')).toEqual(ids(1));
    expect(await list('?search[]=c@x&search[]=ann')).toEqual(ids(2, 0));
    expect(await list(`?search=${opened[0]!.id}`)).toEqual(ids(0));
    expect(await list(`?search=${opened[1]!.intent}`)).toEqual(ids(1));
    expect(await list('?store_currency_is=eur')).toEqual([]);
    expect(await list('?store_currency_is=USD')).toEqual(ids(3, 2, 1, 0));
    const close = await api.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${opened[0]!.id}/close`,
      headers: { authorization: api.admin.basic },
    });
    expect(close.statusCode).toBe(200);
    expect(await list('?filter=awaiting_response')).toEqual(ids(3, 2, 1));
    expect(await summary('?filter=awaiting_response')).toEqual({ count: 3, currencies: ['usd'] });
  });

  it('summarizes with the same filters: count and currencies', async () => {
    expect(await summary()).toEqual({ count: 4, currencies: ['usd'] });
    expect(await summary('?status_is=warning_needs_response')).toEqual({
      count: 1,
      currencies: ['usd'],
    });
    // The currencies are the account's, whatever the filters, for the currency filter's choices.
    expect(await summary('?store_currency_is=eur')).toEqual({ count: 0, currencies: ['usd'] });
    // The admin client sends the list's paging with the summary; it changes nothing there.
    expect(await summary('?page=2&pagesize=10')).toEqual(await summary(''));
  });

  it('refuses unknown parameters and values with 400', async () => {
    for (const query of ['?sort=colour', '?status_is=open', '?filter=everything', '?pagesize=101', '?x=1']) {
      const res = await api.get(`${BASE}/disputes${query}`);
      expect(res.statusCode, query).toBe(400);
    }
  });

  // `POST {base}/file`: evidence files by their bytes, within the dispute's size cap.

  const upload = (
    file: Buffer | undefined,
    filename = 'evidence.pdf',
    purpose = 'dispute_evidence',
    type = 'application/pdf',
  ) => uploadFile(api.app, api.admin.basic, { purpose, file, filename, type });
  const pdf = (size: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(size - 9, 0x20)]);
  const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

  it('stores a PDF and a PNG, answering id, filename and size, readable as file details', async () => {
    const res = await upload(pdf(1000), 'receipt.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ filename: 'receipt.pdf', size: 1000, type: 'application/pdf' });
    expect(body.id).toMatch(/^file_/);
    const details = await api.get(`${BASE}/file/${body.id}/details`);
    expect(details.json()).toMatchObject({ id: body.id, size: 1000, type: 'application/pdf' });
    // The declared type does not matter: the bytes do.
    const image = await upload(png, 'photo.bin', 'dispute_evidence', 'text/plain');
    expect(image.statusCode).toBe(200);
    expect(image.json().type).toBe('image/png');
  });

  it('refuses a text file named .png, other purposes and a missing file part', async () => {
    const text = await upload(
      Buffer.from('hello, not an image'),
      'fake.png',
      'dispute_evidence',
      'image/png',
    );
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json().data.params)).toEqual(['file']);
    expect((await upload(pdf(100), 'a.pdf', 'identity_document')).statusCode).toBe(400);
    expect((await upload(undefined)).statusCode).toBe(400);
    const broken = await api.app.inject({
      method: 'POST',
      url: `${BASE}/file`,
      headers: { authorization: api.admin.basic, 'content-type': TEST_MULTIPART_TYPE },
      payload: 'not a multipart body',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('takes a file of 4,500,000 bytes and refuses one of 4,500,001', async () => {
    const atCap = await upload(pdf(4_500_000));
    expect(atCap.statusCode, atCap.body).toBe(200);
    expect(atCap.json().size).toBe(4_500_000);
    const before = await storedFileCount(use().db);
    const over = await upload(pdf(4_500_001));
    expect(over.statusCode).toBe(400);
    expect(await storedFileCount(use().db)).toBe(before);
  });
});
