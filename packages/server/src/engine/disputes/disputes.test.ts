import { disputes as contracts } from '@paydesk/domain/contracts';
import { DISPUTE_REVIEW_MS } from '@paydesk/domain/disputes/windows';
import { expect, it } from 'vitest';
import { insertFile } from '../../db/file-content.ts';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout, storeOrderUrl } from '../../testing/engine.ts';
import { advanceClock, DAY_MS } from '../clock.ts';
import { JOB_HANDLERS } from '../context.ts';
import { runDueJobs } from '../jobs.ts';

const BASE = '/wp-json/wc/v3/payments';

describeEachDatabase('disputes API', (use) => {
  const api = testApi(use, { account: true });

  const db = () => use().db;
  const get = (id: string) => api.get(`${BASE}/disputes/${id}`);
  const update = (id: string, payload: Record<string, unknown>, extra: Record<string, string> = {}) =>
    api.post(`${BASE}/disputes/${id}`, payload, extra);
  const close = (id: string) => api.post(`${BASE}/disputes/${id}/close`);
  const runJobsAfter = async (ms: number) => {
    await advanceClock(db(), ms);
    await runDueJobs(db(), JOB_HANDLERS);
  };

  /** Pays with a dispute test card and answers the dispute, charge and intent ids. */
  async function disputedPayment(number: string) {
    const res = await api.checkout(cardCheckout(number, { amount: 4000 }));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const charge = await db()
      .selectFrom('charges')
      .select('dispute_id')
      .where('id', '=', body.charge.id)
      .executeTakeFirstOrThrow();
    expect(charge.dispute_id).toMatch(/^dp_/);
    return {
      disputeId: charge.dispute_id!,
      chargeId: body.charge.id as string,
      intentId: body.id as string,
      order: body.order,
    };
  }
  const timelineTypes = async (intentId: string) =>
    (
      await db()
        .selectFrom('timeline_events')
        .select('type')
        .where('payment_intent_id', '=', intentId)
        .orderBy('id')
        .execute()
    ).map((e) => e.type);
  const ledgerTypes = async (chargeId: string) =>
    (
      await db()
        .selectFrom('balance_transactions')
        .select(['type', 'amount', 'fee'])
        .where('charge_id', '=', chargeId)
        .orderBy('seq')
        .execute()
    ).map((t) => [t.type, Number(t.amount), Number(t.fee)]);

  it('opens a dispute from 4000000000000259 and answers it with the dispute fields', async () => {
    const { disputeId, chargeId, intentId, order } = await disputedPayment('4000000000000259');
    const res = await get(disputeId);
    expect(res.statusCode).toBe(200);
    const dispute = res.json();
    expect(dispute).toMatchObject({
      id: disputeId,
      status: 'needs_response',
      reason: 'fraudulent',
      amount: 4000,
      currency: 'usd',
      charge: { id: chargeId, payment_intent: intentId, billing_details: { name: 'Jane Doe' } },
      order: { number: order.number, url: storeOrderUrl(order.number) },
      evidence: {},
      metadata: {},
      issuer_evidence: [],
      evidence_details: { has_evidence: false, submission_count: 0 },
      balance_transactions: [{ amount: -4000, currency: 'usd', fee: 1500, reporting_category: 'dispute' }],
    });
    expect(dispute.evidence_details.due_by - dispute.created).toBe(7 * 24 * 60 * 60);
    // Paydesk's own: what the payment and its order give, offered to the challenge page.
    expect(dispute.prefill).toMatchObject({
      customer_name: 'Jane Doe',
      customer_email_address: 'jane@example.test',
      billing_address: '1 Main St\nSpringfield, 12345\nUS',
      customer_purchase_ip: '203.0.113.7',
    });
    expect(dispute.prefill.uncategorized_text).toMatch(/^Card checks at purchase: /);
  });

  it('opens a product-not-received dispute from 2685 and an inquiry from 1976', async () => {
    const pnr = await disputedPayment('4000000000002685');
    expect((await get(pnr.disputeId)).json()).toMatchObject({
      status: 'needs_response',
      reason: 'product_not_received',
    });
    const inquiry = await disputedPayment('4000000000001976');
    const body = (await get(inquiry.disputeId)).json();
    expect(body).toMatchObject({ status: 'warning_needs_response', reason: 'fraudulent' });
    // An inquiry takes no money until it escalates.
    expect(body.balance_transactions).toEqual([]);
  });

  it('answers 404 for an unknown dispute and 400 for a malformed id', async () => {
    expect((await get('dp_unknown')).json()).toMatchObject({
      code: 'wcpay_dispute_not_found',
      data: { status: 404 },
    });
    expect((await get('nope')).statusCode).toBe(400);
  });

  it('saves evidence without submitting, merging saves and clearing empty values', async () => {
    const { disputeId, intentId } = await disputedPayment('4000000000000259');
    const first = await update(disputeId, {
      evidence: { product_description: 'A blue mug', customer_name: 'Jane Doe', shipping_date: '2024-01-02' },
      metadata: { __product_type: 'physical_product', receipt: 'receipt.pdf' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      status: 'needs_response',
      evidence: { product_description: 'A blue mug', customer_name: 'Jane Doe', shipping_date: '2024-01-02' },
      metadata: { __product_type: 'physical_product', receipt: 'receipt.pdf' },
      evidence_details: { has_evidence: true, submission_count: 0 },
    });
    const second = await update(disputeId, {
      evidence: { customer_name: '', uncategorized_text: 'More' },
      submit: false,
    });
    expect(second.json().evidence).toEqual({
      product_description: 'A blue mug',
      shipping_date: '2024-01-02',
      uncategorized_text: 'More',
    });
    expect(await timelineTypes(intentId)).not.toContain('dispute_in_review');
    // The server's own metadata cannot be set by the client.
    const third = await update(disputeId, {
      metadata: { __evidence_submitted_at: '1', __closed_by_merchant: '1' },
    });
    expect(third.json().metadata).not.toHaveProperty('__evidence_submitted_at');
    expect(third.json().metadata).not.toHaveProperty('__closed_by_merchant');
  });

  it('refuses evidence over the evidence limits and unknown fields', async () => {
    const { disputeId } = await disputedPayment('4000000000000259');
    const tooLong = await update(disputeId, { evidence: { product_description: 'x'.repeat(20_001) } });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().data.params['evidence.product_description']).toBe(
      'Reached maximum character count for evidence',
    );
    const fields = [
      'product_description',
      'billing_address',
      'refund_policy_disclosure',
      'refund_refusal_explanation',
    ];
    const atLimit = Object.fromEntries(fields.map((key) => [key, 'x'.repeat(20_000)]));
    expect((await update(disputeId, { evidence: atLimit })).statusCode).toBe(200);
    // 80,000 saved + 4 × 20,000 more = 160,000 > 150,000, refused though each request is small enough.
    const more = [
      'duplicate_charge_explanation',
      'shipping_address',
      'cancellation_policy_disclosure',
      'cancellation_rebuttal',
    ];
    const over = await update(disputeId, {
      evidence: Object.fromEntries(more.map((key) => [key, 'y'.repeat(20_000)])),
    });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.params.evidence).toBe('Reached maximum character count for evidence');
    for (const payload of [
      { evidence: { favourite_colour: 'blue' } },
      { evidence: { receipt: 'not-a-file-id' } },
      { evidence: { shipping_date: 'yesterday' } },
      { metadata: { __product_type: 'spaceship' } },
      { submit: 'yes' },
      { surprise: true },
    ]) {
      const res = await update(disputeId, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await get(disputeId)).json().status).toBe('needs_response');
  });

  it('takes 150,000 characters of evidence in all and refuses one more', async () => {
    const { disputeId } = await disputedPayment('4000000000000259');
    const keys = [
      'product_description',
      'billing_address',
      'refund_policy_disclosure',
      'refund_refusal_explanation',
      'duplicate_charge_explanation',
      'shipping_address',
      'cancellation_policy_disclosure',
    ];
    const full = Object.fromEntries(keys.map((key) => [key, 'x'.repeat(20_000)]));
    const atTotal = await update(disputeId, {
      evidence: { ...full, cancellation_rebuttal: 'y'.repeat(10_000) },
    });
    expect(atTotal.statusCode, atTotal.body).toBe(200);
    const oneMore = await update(disputeId, { evidence: { uncategorized_text: 'z' } });
    expect(oneMore.statusCode).toBe(400);
    expect(oneMore.json().data.params.evidence).toBe('Reached maximum character count for evidence');
    // Refused means unchanged; replacing a value with a shorter one frees room.
    expect((await get(disputeId)).json().evidence.uncategorized_text).toBeUndefined();
    const swap = await update(disputeId, {
      evidence: { cancellation_rebuttal: 'y'.repeat(9_999), uncategorized_text: 'z' },
    });
    expect(swap.statusCode).toBe(200);
    const field = await update(disputeId, { evidence: { uncategorized_text: 'z'.repeat(20_001) } });
    expect(Object.keys(field.json().data.params)).toEqual(['evidence.uncategorized_text']);
  });

  it('attaches only stored files of the account, 4,500,000 bytes in all', async () => {
    const { disputeId } = await disputedPayment('4000000000000259');
    const { account_id } = await db()
      .selectFrom('disputes')
      .select('account_id')
      .where('id', '=', disputeId)
      .executeTakeFirstOrThrow();
    const storeFile = async (id: string, size: number) => {
      await insertFile(
        db(),
        {
          id,
          account_id,
          purpose: 'dispute_evidence',
          filename: `${id}.pdf`,
          title: null,
          mime_type: 'application/pdf',
          created_at: new Date(),
        },
        Buffer.alloc(size, 0x25),
      );
    };
    const suffix = disputeId.slice(3, 12);
    const big = `file_big${suffix}`;
    const rest = `file_rest${suffix}`;
    const one = `file_one${suffix}`;
    await storeFile(big, 4_000_000);
    await storeFile(rest, 500_000);
    await storeFile(one, 1);
    const unknown = await update(disputeId, { evidence: { receipt: 'file_nothere' } });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().data.params)).toEqual(['evidence.receipt']);
    const atCap = await update(disputeId, { evidence: { receipt: big, customer_communication: rest } });
    expect(atCap.statusCode, atCap.body).toBe(200);
    // The same file under a second field counts once.
    expect((await update(disputeId, { evidence: { refund_policy: big } })).statusCode).toBe(200);
    const over = await update(disputeId, { evidence: { uncategorized_file: one } });
    expect(over.statusCode).toBe(400);
    expect(over.json().data.params['evidence.uncategorized_file']).toBe(
      contracts.EVIDENCE_FILES_MAX_BYTES_MESSAGE,
    );
    expect((await get(disputeId)).json().evidence.uncategorized_file).toBeUndefined();
    // Removing a file makes room again.
    const swap = await update(disputeId, {
      evidence: { customer_communication: '', uncategorized_file: one },
    });
    expect(swap.statusCode).toBe(200);
  });

  it('submits evidence: under review, read-only afterwards, won with winning_evidence', async () => {
    const { disputeId, chargeId, intentId } = await disputedPayment('4000000000000259');
    const key = { 'idempotency-key': `submit-${disputeId}` };
    const payload = { evidence: { uncategorized_text: 'Here is my winning_evidence' }, submit: true };
    const res = await update(disputeId, payload, key);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'under_review',
      evidence_details: { has_evidence: true, submission_count: 1 },
    });
    expect(Number(body.metadata.__evidence_submitted_at)).toBeGreaterThan(0);
    expect((await update(disputeId, payload, key)).json()).toEqual(body);
    expect(await timelineTypes(intentId)).toContain('dispute_in_review');

    const again = await update(disputeId, { evidence: { uncategorized_text: 'changed my mind' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'wcpay_dispute_not_editable',
      message: 'Evidence is already submitted. Details below are read-only.',
    });
    expect((await close(disputeId)).json().code).toBe('wcpay_dispute_not_closable');

    await runJobsAfter(DISPUTE_REVIEW_MS - DAY_MS);
    expect((await get(disputeId)).json().status).toBe('under_review');
    await runJobsAfter(DAY_MS + 1000);
    const won = (await get(disputeId)).json();
    expect(won.status).toBe('won');
    expect(won.balance_transactions).toEqual([
      { amount: -4000, currency: 'usd', fee: 1500, reporting_category: 'dispute' },
      { amount: 4000, currency: 'usd', fee: 0, reporting_category: 'dispute_reversal' },
    ]);
    expect((await timelineTypes(intentId)).at(-1)).toBe('dispute_won');
    // A won dispute allows a refund again.
    const refund = await api.post(`${BASE}/refund`, { charge_id: chargeId, amount: 100 });
    expect(refund.statusCode).toBe(200);
    expect((await ledgerTypes(chargeId)).map((t) => t[0])).toEqual([
      'charge',
      'dispute',
      'dispute_reversal',
      'refund',
    ]);
  });

  it.each([
    ['losing_evidence', 'Sorry: losing_evidence'],
    ['anything else', 'The customer received the goods'],
  ])('loses a submitted dispute with %s', async (_label, text) => {
    const { disputeId, chargeId, intentId } = await disputedPayment('4000000000002685');
    expect(
      (await update(disputeId, { evidence: { uncategorized_text: text }, submit: true })).statusCode,
    ).toBe(200);
    await runJobsAfter(DISPUTE_REVIEW_MS + 1000);
    const lost = (await get(disputeId)).json();
    expect(lost.status).toBe('lost');
    expect(lost.balance_transactions).toHaveLength(1);
    expect((await timelineTypes(intentId)).at(-1)).toBe('dispute_lost');
    expect((await ledgerTypes(chargeId)).map((t) => t[0])).toEqual(['charge', 'dispute']);
  });

  it('closes a submitted inquiry as warning_closed after review', async () => {
    const { disputeId, intentId } = await disputedPayment('4000000000001976');
    const res = await update(disputeId, {
      evidence: { uncategorized_text: 'winning_evidence' },
      submit: true,
    });
    expect(res.json().status).toBe('warning_under_review');
    await runJobsAfter(DISPUTE_REVIEW_MS + 1000);
    expect((await get(disputeId)).json().status).toBe('warning_closed');
    expect((await timelineTypes(intentId)).at(-1)).toBe('dispute_warning_closed');
  });

  it('accepts a dispute: lost, closed by the merchant, read-only', async () => {
    const { disputeId, intentId } = await disputedPayment('4000000000000259');
    const res = await close(disputeId);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'lost', metadata: { __closed_by_merchant: '1' } });
    expect(Number(body.metadata.__dispute_closed_at)).toBeGreaterThan(0);
    expect((await timelineTypes(intentId)).at(-1)).toBe('dispute_lost');
    const edit = await update(disputeId, { evidence: { uncategorized_text: 'late' } });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().message).toBe('This dispute is closed. Its evidence can no longer be changed.');
    expect((await close(disputeId)).statusCode).toBe(409);
  });

  it('accepting an inquiry closes it', async () => {
    const { disputeId, intentId } = await disputedPayment('4000000000001976');
    expect((await close(disputeId)).json()).toMatchObject({
      status: 'warning_closed',
      metadata: { __closed_by_merchant: '1' },
    });
    expect((await timelineTypes(intentId)).at(-1)).toBe('dispute_warning_closed');
  });

  it('loses a dispute not answered by its deadline, and closes an unanswered inquiry', async () => {
    const dispute = await disputedPayment('4000000000000259');
    const inquiry = await disputedPayment('4000000000001976');
    const answered = await disputedPayment('4000000000002685');
    await update(answered.disputeId, { evidence: { uncategorized_text: 'winning_evidence' }, submit: true });
    const saved = await disputedPayment('4000000000000259');
    await update(saved.disputeId, { evidence: { uncategorized_text: 'winning_evidence' } });

    await runJobsAfter(6 * DAY_MS);
    expect((await get(dispute.disputeId)).json().status).toBe('needs_response');
    // Past the deadline, before its job ran: evidence is refused all the same.
    await advanceClock(db(), DAY_MS + 60_000);
    const late = await update(dispute.disputeId, {
      evidence: { uncategorized_text: 'winning_evidence' },
      submit: true,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('wcpay_dispute_past_due');
    await runDueJobs(db(), JOB_HANDLERS);
    expect((await get(dispute.disputeId)).json().status).toBe('lost');
    expect((await timelineTypes(dispute.intentId)).at(-1)).toBe('dispute_lost');
    expect((await get(inquiry.disputeId)).json().status).toBe('warning_closed');
    // Saving is not answering: only submitted evidence counts.
    expect((await get(saved.disputeId)).json().status).toBe('lost');
    // Submitted in time, the issuer decided it (seven days in), the deadline changed nothing.
    expect((await get(answered.disputeId)).json().status).toBe('won');
  });
});
