import { TEST_CARDS } from '@paydesk/domain';
import { expect, it } from 'vitest';
import { testApi } from '../../testing/api.ts';
import { describeEachDatabase } from '../../testing/db.ts';
import { cardCheckout } from '../../testing/engine.ts';
import { chargeRows } from '../document-rows.ts';

/** The list, independent of the table, so a wrong table entry cannot pass unnoticed. */
const PROMISED: Record<
  string,
  {
    status: string;
    code?: string;
    risk?: number;
    dispute?: string;
    inquiry?: boolean;
    avs?: boolean;
    cvcFail?: boolean;
  }
> = {
  '4242424242424242': { status: 'succeeded', risk: 0 },
  '4000000000000002': { status: 'requires_payment_method', code: 'card_declined' },
  '4000000000009995': { status: 'requires_payment_method', code: 'card_declined' },
  '4000000000009987': { status: 'requires_payment_method', code: 'card_declined' },
  '4000000000000069': { status: 'requires_payment_method', code: 'expired_card' },
  '4000000000000127': { status: 'requires_payment_method', code: 'incorrect_cvc' },
  '4000000000000119': { status: 'requires_payment_method', code: 'processing_error' },
  '4000002500003155': { status: 'requires_payment_method', code: 'authentication_required' },
  '4000000000000010': { status: 'succeeded', avs: true },
  '4000000000000101': { status: 'requires_payment_method', code: 'incorrect_cvc', cvcFail: true },
  '4000000000009235': { status: 'succeeded', risk: 1 },
  '4000000000004954': { status: 'succeeded', risk: 2 },
  '4000000000000259': { status: 'succeeded', dispute: 'fraudulent', inquiry: false },
  '4000000000002685': { status: 'succeeded', dispute: 'product_not_received', inquiry: false },
  '4000000000001976': { status: 'succeeded', inquiry: true },
  '4000000000005126': { status: 'succeeded' },
};

describeEachDatabase('every test card through the checkout API', (use) => {
  const api = testApi(use, { account: true });

  const ledgerRowOf = (chargeId: string) =>
    use()
      .db.selectFrom('balance_transactions')
      .selectAll()
      .where('charge_id', '=', chargeId)
      .executeTakeFirstOrThrow();
  const chargeOf = (id: string) =>
    use().db.selectFrom(chargeRows(use().db)).selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it.each(Object.entries(PROMISED))('%s behaves as promised', async (number, promise) => {
    const res = await api.checkout(cardCheckout(number));
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(promise.status);
    if (promise.code) expect(body.last_payment_error.code).toBe(promise.code);
    else expect(body.last_payment_error).toBeNull();
    const charge = await chargeOf(body.charge.id);
    if (promise.risk !== undefined) expect(charge.risk_level).toBe(promise.risk);
    const card = (
      charge.payment_method_details as { card: { checks: Record<string, string>; last4: string } }
    ).card;
    expect(card.last4).toBe(number.slice(-4));
    if (promise.avs) expect(card.checks.address_line1_check).toBe('fail');
    if (promise.cvcFail) expect(card.checks.cvc_check).toBe('fail');
    const dispute = await use()
      .db.selectFrom('disputes')
      .selectAll()
      .where('charge_id', '=', charge.id)
      .executeTakeFirst();
    if (promise.dispute || promise.inquiry) {
      expect(dispute).toBeDefined();
      if (promise.dispute) expect(dispute!.reason).toBe(promise.dispute);
      expect(dispute!.status).toBe(promise.inquiry ? 'warning_needs_response' : 'needs_response');
      const debit = await use()
        .db.selectFrom('balance_transactions')
        .selectAll()
        .where('dispute_id', '=', dispute!.id)
        .execute();
      expect(debit).toHaveLength(promise.inquiry ? 0 : 1);
      if (!promise.inquiry) expect(debit[0]).toMatchObject({ type: 'dispute', amount: -2500, fee: 1500 });
    } else {
      expect(dispute).toBeUndefined();
    }
    expect(charge.refunds_fail).toBe(number === '4000000000005126');
  });

  it.each(TEST_CARDS.map((card) => [card.number, card] as const))(
    '%s matches its documented row',
    async (number, card) => {
      const res = await api.checkout(cardCheckout(number));
      const body = res.json();
      const charge = await chargeOf(body.charge.id);
      if (card.decline) {
        expect(body.status).toBe('requires_payment_method');
        expect(body.last_payment_error.code).toBe(card.decline.code);
        expect(charge.outcome.type).toBe(card.decline.outcome_type);
        return;
      }
      if (card.checks?.cvc_check === 'fail') {
        // A failed CVC check is blocked (docs/test-cards.md): the customer is asked again.
        expect(body.last_payment_error.code).toBe('incorrect_cvc');
        return;
      }
      expect(body.status).toBe('succeeded');
      const details = (
        charge.payment_method_details as { card: { brand: string; country: string; funding: string } }
      ).card;
      expect(details.brand).toBe(card.brand);
      if (card.country) expect(details.country).toBe(card.country);
      if (card.funding) expect(details.funding).toBe(card.funding);
      expect(charge.risk_level).toBe(card.risk_level ?? 0);
    },
  );

  it('prices international cards one point higher', async () => {
    const domestic = (await api.checkout(cardCheckout('4242424242424242', { amount: 10_000 }))).json();
    const foreign = (await api.checkout(cardCheckout('4000008260000000', { amount: 10_000 }))).json();
    const fee = async (chargeId: string) =>
      (
        await use()
          .db.selectFrom('balance_transactions')
          .select('fee')
          .where('charge_id', '=', chargeId)
          .executeTakeFirstOrThrow()
      ).fee;
    expect(await fee(domestic.charge.id)).toBe(320);
    expect(await fee(foreign.charge.id)).toBe(420);
  });

  it('converts a customer currency to the settlement currency at the recorded rate', async () => {
    const res = (
      await api.checkout(cardCheckout('4242424242424242', { amount: 9200, currency: 'EUR' }))
    ).json();
    const txn = await ledgerRowOf(res.charge.id);
    expect(txn).toMatchObject({
      currency: 'usd',
      customer_currency: 'eur',
      customer_amount: 9200,
      amount: 10_000,
    });
    expect(Number(txn.exchange_rate)).toBeCloseTo(1 / 0.92, 8);
  });

  it('handles zero-decimal currencies', async () => {
    const res = (
      await api.checkout(cardCheckout('4242424242424242', { amount: 1515, currency: 'jpy' }))
    ).json();
    expect(res.status).toBe('succeeded');
    const txn = await ledgerRowOf(res.charge.id);
    expect(txn).toMatchObject({
      currency: 'usd',
      customer_currency: 'jpy',
      customer_amount: 1515,
      amount: 1000,
    });
    const tooSmall = await api.checkout(cardCheckout('4242424242424242', { amount: 10, currency: 'jpy' }));
    expect(tooSmall.statusCode).toBe(400);
  });
});
