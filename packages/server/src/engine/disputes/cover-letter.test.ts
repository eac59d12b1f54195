import { COVER_LETTER_FILENAME } from '@paydesk/domain/disputes/cover-letter';
import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { multipartBody, storedFileCount, TEST_MULTIPART_TYPE } from '../../testing/multipart.ts';
import { pdfText } from '../../testing/pdf.ts';

const BASE = '/wp-json/wc/v3/payments';

/** The cover letter: saved with the evidence, and submitted as a PDF in uncategorized_file. */
describeEachDatabase('dispute cover letter', (use) => {
  const api = testApi(use, { account: true });

  const get = async (id: string) => (await api.get(`${BASE}/disputes/${id}`)).json();
  const update = (id: string, payload: Record<string, unknown>) =>
    api.post(`${BASE}/disputes/${id}`, payload);
  const upload = async (filename: string) => {
    const res = await api.app.inject({
      method: 'POST',
      url: `${BASE}/file`,
      headers: { ...api.headers, 'content-type': TEST_MULTIPART_TYPE },
      payload: multipartBody([
        { name: 'purpose', value: 'dispute_evidence' },
        { name: 'file', value: Buffer.from(`%PDF-1.4\n${filename}\n`), filename, type: 'application/pdf' },
      ]),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().id as string;
  };
  const fileText = async (id: string) => {
    const res = await api.get(`${BASE}/file/${id}/content`);
    expect(res.statusCode).toBe(200);
    const file = res.json();
    expect(file.type).toBe('application/pdf');
    return {
      filename: file.filename as string,
      // Lines wrap where the page ends them.
      text: (await pdfText(Buffer.from(file.file_content, 'base64'))).replace(/\s+/g, ' '),
    };
  };
  const filesCount = () => storedFileCount(use().db);

  async function openDispute(name: string) {
    const base = cardCheckout('4000000000000259', { amount: 4200 });
    const body = { ...base, order: { ...base.order, customer: { name, email: 'x@example.test' } } };
    const res = await api.checkout(body);
    expect(res.statusCode).toBe(200);
    const row = await use()
      .db.selectFrom('charges')
      .select(['dispute_id', 'id'])
      .where('id', '=', res.json().charge.id)
      .executeTakeFirstOrThrow();
    return { disputeId: row.dispute_id!, chargeId: row.id, order: res.json().order as { number: string } };
  }

  it('is composed and included by default, and submitted as a PDF naming each document in upload order', async () => {
    const { disputeId, chargeId, order } = await openDispute('Cora Lett');
    expect((await get(disputeId)).cover_letter).toEqual({ included: true, body: null });
    const first = await upload('delivery.pdf');
    // Uploads a second apart, so the order is the upload order, not the form's order of fields.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const second = await upload('receipt.pdf');
    const res = await update(disputeId, {
      evidence: { shipping_documentation: first, receipt: second, shipping_tracking_number: 'TRACK-9' },
      metadata: { shipping_documentation: 'delivery.pdf', receipt: 'receipt.pdf' },
      submit: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const dispute = res.json();
    expect(dispute.metadata.uncategorized_file).toBe(COVER_LETTER_FILENAME);
    expect(dispute.cover_letter).toEqual({ included: true, body: null });
    const letter = await fileText(dispute.evidence.uncategorized_file);
    expect(letter.filename).toBe(COVER_LETTER_FILENAME);
    expect(letter.text).toContain(
      `Re: dispute ${disputeId} on the payment ${chargeId} for order #${order.number}`,
    );
    expect(letter.text).toContain('made by Cora Lett');
    expect(letter.text).toContain('$42.00 USD');
    expect(letter.text).toContain('with the tracking number TRACK-9');
    expect(letter.text).toContain('Attachment A: Proof of shipping (delivery.pdf)');
    expect(letter.text).toContain('Attachment B: Receipt (receipt.pdf)');
  });

  it("keeps the merchant's edit, and submits it", async () => {
    const { disputeId } = await openDispute('Ed Ited');
    const body = 'Dear issuer,\n\nOur own words about this case.\n\nRegards,\nThe store';
    const saved = await update(disputeId, { cover_letter: { included: true, body } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cover_letter).toEqual({ included: true, body });
    // A save that leaves the letter out keeps it as it was.
    await update(disputeId, { evidence: { product_description: 'A lamp' } });
    expect((await get(disputeId)).cover_letter).toEqual({ included: true, body });
    const submitted = (await update(disputeId, { submit: true })).json();
    const letter = await fileText(submitted.evidence.uncategorized_file);
    expect(letter.text).toContain('Our own words about this case.');
    expect(letter.text).not.toContain('We contest the dispute');
    expect(letter.text).not.toContain('Attachment A');
  });

  it('is left out when the merchant says so, or by default when Other documents holds their own file', async () => {
    const omitted = await openDispute('Om Itted');
    const before = await filesCount();
    const res = await update(omitted.disputeId, {
      cover_letter: { included: false, body: null },
      submit: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().evidence.uncategorized_file).toBeUndefined();
    expect(res.json().cover_letter).toEqual({ included: false, body: null });
    expect(await filesCount()).toBe(before);

    const own = await openDispute('Ow Nfile');
    const mine = await upload('mine.pdf');
    await update(own.disputeId, { evidence: { uncategorized_file: mine } });
    expect((await get(own.disputeId)).cover_letter).toEqual({ included: false, body: null });
    const kept = (await update(own.disputeId, { submit: true })).json();
    expect(kept.evidence.uncategorized_file).toBe(mine);
  });

  it('refuses a letter over 20,000 characters and stores no file when the dispute cannot change', async () => {
    const { disputeId } = await openDispute('Lo Ng');
    const atMax = await update(disputeId, { cover_letter: { included: true, body: 'x'.repeat(20_000) } });
    expect(atMax.statusCode).toBe(200);
    const over = await update(disputeId, { cover_letter: { included: true, body: 'x'.repeat(20_001) } });
    expect(over.statusCode).toBe(400);
    expect(Object.keys(over.json().data.params)).toEqual(['cover_letter.body']);
    expect((await get(disputeId)).cover_letter.body).toHaveLength(20_000);

    const closed = await api.post(`${BASE}/disputes/${disputeId}/close`);
    expect(closed.statusCode).toBe(200);
    const before = await filesCount();
    const late = await update(disputeId, { submit: true });
    expect(late.statusCode).toBe(409);
    expect(await filesCount()).toBe(before);
  });
});
