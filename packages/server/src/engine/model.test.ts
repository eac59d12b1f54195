import { type DisputeStatus, isInquiryStatus } from '@paydesk/domain';
import { HOUR_MS, MINUTE_MS } from '@paydesk/domain/time';
import fc from 'fast-check';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { Db } from '../db/database.ts';
import { makeTestApp, makeUser, type TestUser } from '../testing/app.ts';
import { describeEachDatabase, emptyTablesAgain } from '../testing/db.ts';
import { cardCheckout, checkout, connectSandboxAccount } from '../testing/engine.ts';
import { clockNow, DAY_MS } from './clock.ts';
import { ledgerBalances } from './ledger.ts';
import { checkLedger } from './ledger-check.ts';
import { advanceClockRunningJobs } from './sandbox-clock.ts';

/**
 * A model-based test of the engine: random sequences of checkouts, captures, cancels, refunds,
 * dispute answers, instant payouts and clock moves (which run the jobs that fall due), made
 * through the HTTP API. After every step the ledger invariants must hold, and every payment
 * must be where a small model of the rules says it is: authorized, captured, refunded (pending
 * refunds failing a minute later), disputed and decided, expired after seven days. The engine's
 * clock is the wall clock plus an offset, so the wall clock is frozen here: only the steps move
 * time, and the model knows to the millisecond when each job falls due.
 */

const BASE = '/wp-json/wc/v3/payments';
/** docs/test-cards.md */
const REFUND_FAILS_AFTER_MS = MINUTE_MS;
const AUTHORIZATION_MS = 7 * DAY_MS;
const DISPUTE_RESPONSE_MS = 7 * DAY_MS;
const DISPUTE_REVIEW_MS = 7 * DAY_MS;
/** Above the smallest charge in either currency (50 US cents), so captures are never too small. */
const MIN_CAPTURE_MINOR = 100;

const CARDS = {
  plain: '4242424242424242',
  decline: '4000000000000002',
  dispute: '4000000000000259',
  inquiry: '4000000000001976',
  refunds_fail: '4000000000005126',
  /** Issued in Brazil: priced as an international card. */
  foreign: '4000000760000002',
} as const;
type Card = keyof typeof CARDS;

interface ModelDispute {
  id: string;
  status: DisputeStatus;
  /** Customer-currency minor units taken when it opened (nothing for an inquiry). */
  amount: number;
  inquiry: boolean;
  due_by: number;
  resolve_at: number | null;
  winning: boolean;
  /** Evidence was submitted: a later change is refused as read-only, not as closed. */
  submitted: boolean;
}

interface ModelCharge {
  charge_id: string;
  intent_id: string;
  order_id: number;
  card: Card;
  currency: 'usd' | 'eur';
  amount: number;
  state: 'failed' | 'authorized' | 'captured' | 'canceled';
  authorized_at: number;
  captured: number;
  /** What the charge counts as refunded: succeeded and pending refunds. */
  refunded: number;
  /** Every refund ever accepted, and those that failed since. */
  refunds_total: number;
  failed_total: number;
  pending: { amount: number; fails_at: number }[];
  dispute: ModelDispute | null;
}

interface Model {
  now: number;
  charges: ModelCharge[];
}

interface Real {
  app: FastifyInstance;
  db: Db;
  auth: string;
  account_id: string;
}

type Command = fc.AsyncCommand<Model, Real>;

function expectError(res: LightMyRequestResponse, status: number, code: string): void {
  expect({ status: res.statusCode, code: res.json().code }, res.body).toEqual({ status, code });
}

function expectOk(res: LightMyRequestResponse): Record<string, unknown> {
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const pickCharge = (m: Model, pick: number) => m.charges[pick % m.charges.length]!;
const disputed = (m: Model) => m.charges.filter((c) => c.dispute !== null);

/** Opens the dispute a dispute card scripts, as capturing it does. */
async function openScriptedDispute(r: Real, m: Model, charge: ModelCharge): Promise<void> {
  if (charge.card !== 'dispute' && charge.card !== 'inquiry') return;
  const row = await r.db
    .selectFrom('charges')
    .select('dispute_id')
    .where('id', '=', charge.charge_id)
    .executeTakeFirstOrThrow();
  expect(row.dispute_id).toMatch(/^dp_/);
  const inquiry = charge.card === 'inquiry';
  charge.dispute = {
    id: row.dispute_id!,
    status: inquiry ? 'warning_needs_response' : 'needs_response',
    amount: inquiry ? 0 : charge.captured - charge.refunded,
    inquiry,
    due_by: m.now + DISPUTE_RESPONSE_MS,
    resolve_at: null,
    winning: false,
    submitted: false,
  };
}

/** Why capturing or canceling an authorization is refused, in the order the engine checks. */
function authorizationRefusal(charge: ModelCharge): string | undefined {
  if (charge.state === 'captured' && charge.refunded === charge.captured)
    return 'wcpay_refunded_order_uncapturable';
  return charge.state === 'authorized' ? undefined : 'wcpay_payment_uncapturable';
}

class CheckoutCommand implements Command {
  constructor(
    readonly card: Card,
    readonly currency: 'usd' | 'eur',
    readonly manual: boolean,
    readonly amount: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await checkout(
      r.app,
      r.auth,
      cardCheckout(CARDS[this.card], {
        amount: this.amount,
        currency: this.currency,
        capture_method: this.manual ? 'manual' : 'automatic',
      }),
    );
    const body = expectOk(res) as {
      id: string;
      status: string;
      charge: { id: string };
      order: { id: number };
    };
    const declined = this.card === 'decline';
    expect(body.status).toBe(
      declined ? 'requires_payment_method' : this.manual ? 'requires_capture' : 'succeeded',
    );
    const charge: ModelCharge = {
      charge_id: body.charge.id,
      intent_id: body.id,
      order_id: body.order.id,
      card: this.card,
      currency: this.currency,
      amount: this.amount,
      state: declined ? 'failed' : this.manual ? 'authorized' : 'captured',
      authorized_at: m.now,
      captured: declined || this.manual ? 0 : this.amount,
      refunded: 0,
      refunds_total: 0,
      failed_total: 0,
      pending: [],
      dispute: null,
    };
    m.charges.push(charge);
    if (charge.state === 'captured') await openScriptedDispute(r, m, charge);
  }
  toString() {
    return `checkout(${this.card}, ${this.amount} ${this.currency}, ${this.manual ? 'manual' : 'automatic'})`;
  }
}

class CaptureCommand implements Command {
  constructor(
    readonly pick: number,
    readonly share: number | null,
  ) {}
  check = (m: Readonly<Model>) => m.charges.length > 0;
  async run(m: Model, r: Real) {
    const charge = pickCharge(m, this.pick);
    const amount =
      this.share === null ? undefined : Math.max(MIN_CAPTURE_MINOR, Math.floor(charge.amount * this.share));
    const res = await r.app.inject({
      method: 'POST',
      url: `${BASE}/orders/${charge.order_id}/capture_authorization`,
      headers: { authorization: r.auth },
      payload: {
        payment_intent_id: charge.intent_id,
        ...(amount === undefined ? {} : { amount_to_capture: amount }),
      },
    });
    const refusal = authorizationRefusal(charge);
    if (refusal) return expectError(res, 409, refusal);
    expect(expectOk(res)).toEqual({ id: charge.intent_id, status: 'succeeded' });
    charge.state = 'captured';
    charge.captured = amount ?? charge.amount;
    await openScriptedDispute(r, m, charge);
  }
  toString() {
    return `capture(#${this.pick}, ${this.share ?? 'full'})`;
  }
}

class CancelCommand implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => m.charges.length > 0;
  async run(m: Model, r: Real) {
    const charge = pickCharge(m, this.pick);
    const res = await r.app.inject({
      method: 'POST',
      url: `${BASE}/orders/${charge.order_id}/cancel_authorization`,
      headers: { authorization: r.auth },
      payload: { payment_intent_id: charge.intent_id },
    });
    const refusal = authorizationRefusal(charge);
    if (refusal) return expectError(res, 409, refusal);
    expect(expectOk(res)).toEqual({ id: charge.intent_id, status: 'canceled' });
    charge.state = 'canceled';
  }
  toString() {
    return `cancel(#${this.pick})`;
  }
}

class RefundCommand implements Command {
  constructor(
    readonly pick: number,
    readonly share: number | null,
  ) {}
  check = (m: Readonly<Model>) => m.charges.length > 0;
  async run(m: Model, r: Real) {
    const charge = pickCharge(m, this.pick);
    const amount = this.share === null ? undefined : Math.max(1, Math.floor(charge.amount * this.share));
    const res = await r.app.inject({
      method: 'POST',
      url: `${BASE}/refund`,
      headers: { authorization: r.auth },
      payload: {
        charge_id: charge.charge_id,
        reason: 'requested_by_customer',
        ...(amount === undefined ? {} : { amount }),
      },
    });
    const disputeStatus = charge.dispute?.status ?? null;
    const remaining = charge.captured - charge.refunded;
    if (charge.state !== 'captured') return expectError(res, 409, 'wcpay_refund_uncaptured');
    if (disputeStatus !== null && !isInquiryStatus(disputeStatus) && disputeStatus !== 'won')
      return expectError(res, 409, 'wcpay_refund_disputed');
    if (remaining <= 0) return expectError(res, 409, 'wcpay_charge_already_refunded');
    if (amount !== undefined && amount > remaining)
      return expectError(res, 409, 'wcpay_refund_amount_exceeds');
    const refunded = amount ?? remaining;
    const fails = charge.card === 'refunds_fail';
    expect(expectOk(res)).toMatchObject({
      amount: refunded,
      currency: charge.currency,
      charge: charge.charge_id,
      status: fails ? 'pending' : 'succeeded',
    });
    charge.refunded += refunded;
    charge.refunds_total += refunded;
    if (fails) charge.pending.push({ amount: refunded, fails_at: m.now + REFUND_FAILS_AFTER_MS });
    // Refunding an inquiry's payment in full settles it (timeline event dispute_charge_refunded).
    const dispute = charge.dispute;
    if (
      dispute &&
      charge.refunded === charge.captured &&
      (dispute.status === 'warning_needs_response' || dispute.status === 'warning_under_review')
    ) {
      dispute.status = 'charge_refunded';
    }
  }
  toString() {
    return `refund(#${this.pick}, ${this.share ?? 'full'})`;
  }
}

class SubmitEvidenceCommand implements Command {
  constructor(
    readonly pick: number,
    readonly winning: boolean,
  ) {}
  check = (m: Readonly<Model>) => disputed(m).length > 0;
  async run(m: Model, r: Real) {
    const charges = disputed(m);
    const dispute = charges[this.pick % charges.length]!.dispute!;
    const res = await r.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${dispute.id}`,
      headers: { authorization: r.auth },
      payload: {
        evidence: { uncategorized_text: this.winning ? 'winning_evidence' : 'losing_evidence' },
        submit: true,
      },
    });
    if (dispute.status !== 'needs_response' && dispute.status !== 'warning_needs_response')
      return expectError(res, 409, dispute.submitted ? 'wcpay_dispute_not_editable' : 'wcpay_dispute_closed');
    dispute.submitted = true;
    dispute.status = dispute.inquiry ? 'warning_under_review' : 'under_review';
    expect(expectOk(res)).toMatchObject({ id: dispute.id, status: dispute.status });
    dispute.resolve_at = m.now + DISPUTE_REVIEW_MS;
    dispute.winning = this.winning;
  }
  toString() {
    return `submitEvidence(#${this.pick}, ${this.winning ? 'winning' : 'losing'})`;
  }
}

class AcceptDisputeCommand implements Command {
  constructor(readonly pick: number) {}
  check = (m: Readonly<Model>) => disputed(m).length > 0;
  async run(m: Model, r: Real) {
    const charges = disputed(m);
    const dispute = charges[this.pick % charges.length]!.dispute!;
    const res = await r.app.inject({
      method: 'POST',
      url: `${BASE}/disputes/${dispute.id}/close`,
      headers: { authorization: r.auth },
    });
    if (dispute.status !== 'needs_response' && dispute.status !== 'warning_needs_response')
      return expectError(res, 409, 'wcpay_dispute_not_closable');
    dispute.status = dispute.inquiry ? 'warning_closed' : 'lost';
    expect(expectOk(res)).toMatchObject({ id: dispute.id, status: dispute.status });
  }
  toString() {
    return `acceptDispute(#${this.pick})`;
  }
}

class InstantPayoutCommand implements Command {
  check = () => true;
  async run(m: Model, r: Real) {
    const available = () =>
      ledgerBalances(r.db, r.account_id, new Date(m.now)).then(
        (balances) => balances.find((b) => b.currency === 'usd')?.available ?? 0,
      );
    const before = await available();
    const res = await r.app.inject({
      method: 'POST',
      url: `${BASE}/deposits`,
      headers: { authorization: r.auth },
      payload: { type: 'instant', currency: 'usd' },
    });
    if (before <= 0) return expectError(res, 409, 'wcpay_instant_payout_no_balance');
    if (res.statusCode === 409) return expectError(res, 409, 'wcpay_instant_payout_too_small');
    const payout = expectOk(res) as { amount: number; fee: number; status: string };
    expect(payout.status).toBe('in_transit');
    expect(payout.fee).toBeGreaterThan(0);
    expect(payout.amount + payout.fee).toBe(before);
    expect(await available()).toBe(0);
  }
  toString() {
    return 'instantPayout()';
  }
}

/** What the jobs do by `now`, per charge in time order: the model's side of clock:advance. */
function runModelJobs(m: Model): void {
  for (const charge of m.charges) {
    const due: { at: number; run: () => void }[] = [];
    if (charge.state === 'authorized') {
      due.push({
        at: charge.authorized_at + AUTHORIZATION_MS,
        run: () => {
          if (charge.state === 'authorized') charge.state = 'canceled';
        },
      });
    }
    for (const refund of charge.pending) {
      due.push({
        at: refund.fails_at,
        run: () => {
          charge.refunded -= refund.amount;
          charge.failed_total += refund.amount;
        },
      });
    }
    const dispute = charge.dispute;
    if (dispute) {
      due.push({
        at: dispute.due_by,
        run: () => {
          if (dispute.status === 'needs_response') dispute.status = 'lost';
          if (dispute.status === 'warning_needs_response') dispute.status = 'warning_closed';
        },
      });
      if (dispute.resolve_at !== null) {
        due.push({
          at: dispute.resolve_at,
          run: () => {
            if (dispute.status === 'under_review') dispute.status = dispute.winning ? 'won' : 'lost';
            if (dispute.status === 'warning_under_review') dispute.status = 'warning_closed';
          },
        });
      }
    }
    for (const job of due.filter((j) => j.at <= m.now).sort((a, b) => a.at - b.at)) job.run();
    charge.pending = charge.pending.filter((refund) => refund.fails_at > m.now);
    if (dispute && dispute.resolve_at !== null && dispute.resolve_at <= m.now) dispute.resolve_at = null;
  }
}

class AdvanceClockCommand implements Command {
  constructor(readonly by_ms: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const report = await advanceClockRunningJobs(r.db, this.by_ms);
    expect(report.failures).toEqual([]);
    m.now += this.by_ms;
    expect(report.now.getTime()).toBe(m.now);
    runModelJobs(m);
  }
  toString() {
    return `advanceClock(${this.by_ms / MINUTE_MS} min)`;
  }
}

const INTENT_STATUS: Record<ModelCharge['state'], string> = {
  failed: 'requires_payment_method',
  authorized: 'requires_capture',
  captured: 'succeeded',
  canceled: 'canceled',
};

/** The ledger of a charge by type, in its customer currency, as the model expects it. */
function expectedLedger(charge: ModelCharge): Record<string, number> {
  const ledger: Record<string, number> = {};
  if (charge.captured > 0) ledger.charge = charge.captured;
  if (charge.refunds_total > 0) ledger.refund = -charge.refunds_total;
  if (charge.failed_total > 0) ledger.refund_failure = charge.failed_total;
  const dispute = charge.dispute;
  if (dispute && !dispute.inquiry) {
    ledger.dispute = -dispute.amount;
    if (dispute.status === 'won') ledger.dispute_reversal = dispute.amount;
  }
  return ledger;
}

/** After every step: the invariants hold, and the database agrees with the model. */
async function verify(m: Model, r: Real): Promise<void> {
  const failed = (await checkLedger(r.db)).filter((check) => check.count > 0);
  expect(failed.map((check) => `${check.name}: ${check.violations.join('; ')}`)).toEqual([]);

  // Per account: every net ever booked is in the balance or went out in a payout.
  const { rows } = await sql<{ net: string; paid_out: string }>`select
      (select coalesce(sum(net), 0) from balance_transactions where account_id = ${r.account_id})::text as net,
      (select coalesce(sum(amount + fee), 0) from payouts
        where account_id = ${r.account_id} and status <> 'failed')::text as paid_out`.execute(r.db);
  const balances = await ledgerBalances(r.db, r.account_id, new Date(m.now));
  const balance = balances.reduce((sum, b) => sum + b.available + b.pending, 0);
  expect(Number(rows[0]!.net)).toBe(balance + Number(rows[0]!.paid_out));

  if (m.charges.length === 0) return;
  const ids = m.charges.map((c) => c.charge_id);
  const charges = await r.db
    .selectFrom('charges as c')
    .innerJoin('payment_intents as i', 'i.id', 'c.payment_intent_id')
    .leftJoin('disputes as d', 'd.id', 'c.dispute_id')
    .select([
      'c.id',
      'c.amount_captured',
      'c.amount_refunded',
      'c.refunded',
      'i.status as intent_status',
      'd.status as dispute_status',
    ])
    .where('c.id', 'in', ids)
    .execute();
  const ledger = await r.db
    .selectFrom('balance_transactions')
    .select(['charge_id', 'type', sql<string>`sum(coalesce(customer_amount, amount))::text`.as('total')])
    .where('charge_id', 'in', ids)
    .where('type', '<>', 'financing_paydown')
    .groupBy(['charge_id', 'type'])
    .execute();
  const refunds = await r.db
    .selectFrom('refunds')
    .select(['charge_id', 'status', sql<string>`sum(amount)::text`.as('total')])
    .where('charge_id', 'in', ids)
    .groupBy(['charge_id', 'status'])
    .execute();
  for (const charge of m.charges) {
    const row = charges.find((c) => c.id === charge.charge_id);
    const actual = {
      charge: charge.charge_id,
      amount_captured: row?.amount_captured,
      amount_refunded: row?.amount_refunded,
      refunded: row?.refunded,
      intent_status: row?.intent_status,
      dispute_status: row?.dispute_status ?? null,
      ledger: Object.fromEntries(
        ledger.filter((l) => l.charge_id === charge.charge_id).map((l) => [l.type, Number(l.total)]),
      ),
      pending_refunds: Number(
        refunds.find((f) => f.charge_id === charge.charge_id && f.status === 'pending')?.total ?? 0,
      ),
      failed_refunds: Number(
        refunds.find((f) => f.charge_id === charge.charge_id && f.status === 'failed')?.total ?? 0,
      ),
    };
    expect(actual).toEqual({
      charge: charge.charge_id,
      amount_captured: charge.captured,
      amount_refunded: charge.refunded,
      refunded: charge.captured > 0 && charge.refunded === charge.captured,
      intent_status: INTENT_STATUS[charge.state],
      dispute_status: charge.dispute?.status ?? null,
      ledger: expectedLedger(charge),
      pending_refunds: charge.pending.reduce((sum, p) => sum + p.amount, 0),
      failed_refunds: charge.failed_total,
    });
    // The model's own rules, whatever the database says.
    expect(charge.refunded).toBeLessThanOrEqual(charge.captured);
    expect(charge.captured).toBeLessThanOrEqual(charge.amount);
  }
}

/** Runs a command, then verifies; fast-check reports the failing sequence and its seed. */
function verified(command: Command): Command {
  return {
    check: (m) => command.check(m),
    run: async (m, r) => {
      await command.run(m, r);
      await verify(m, r);
    },
    toString: () => command.toString(),
  };
}

const share = fc.option(fc.double({ min: 0.01, max: 1, noNaN: true }), { nil: null });
const checkoutCommand = fc
  .record({
    card: fc.constantFrom<Card>('plain', 'plain', 'decline', 'dispute', 'inquiry', 'refunds_fail', 'foreign'),
    currency: fc.constantFrom<'usd' | 'eur'>('usd', 'usd', 'eur'),
    manual: fc.boolean(),
    amount: fc.integer({ min: 200, max: 500_000 }),
  })
  .map(({ card, currency, manual, amount }) => verified(new CheckoutCommand(card, currency, manual, amount)));
const captureCommand = fc.tuple(fc.nat(), share).map(([pick, s]) => verified(new CaptureCommand(pick, s)));
const refundCommand = fc
  .tuple(fc.nat(), fc.option(fc.double({ min: 0.01, max: 1.2, noNaN: true }), { nil: null }))
  .map(([pick, s]) => verified(new RefundCommand(pick, s)));
const advanceCommand = fc
  .constantFrom(2 * MINUTE_MS, HOUR_MS, DAY_MS, 3 * DAY_MS, 8 * DAY_MS)
  .map((ms) => verified(new AdvanceClockCommand(ms)));
/** fast-check picks each entry alike, so repeating one makes it more frequent. */
const COMMANDS = [
  checkoutCommand,
  checkoutCommand,
  checkoutCommand,
  captureCommand,
  captureCommand,
  fc.nat().map((pick) => verified(new CancelCommand(pick))),
  refundCommand,
  refundCommand,
  refundCommand,
  fc
    .tuple(fc.nat(), fc.boolean())
    .map(([pick, winning]) => verified(new SubmitEvidenceCommand(pick, winning))),
  fc.nat().map((pick) => verified(new AcceptDisputeCommand(pick))),
  fc.constant(null).map(() => verified(new InstantPayoutCommand())),
  advanceCommand,
  advanceCommand,
];

/**
 * How many runs, and which: `npm test` makes 20; the reliability run sets MODEL_RUNS=1000. A
 * failure prints fast-check's seed and path, and the counterexample its replayPath (which of the
 * generated commands ran); `MODEL_SEED=<seed> MODEL_PATH=<path> MODEL_REPLAY_PATH=<replayPath> npx
 * vitest run --project api packages/server/src/engine/model.test.ts` replays it on the database
 * kind that failed (TEST_DATABASE_KINDS=postgres for PostgreSQL; docs/reliability.md). As every
 * run starts from the same empty state, the replay runs that one shrunk sequence first and alone.
 */
function modelRunOptions(): fc.Parameters<[Iterable<fc.AsyncCommand<Model, Real>>]> {
  const runs = Number(process.env.MODEL_RUNS);
  const seed = process.env.MODEL_SEED;
  return {
    numRuns: Number.isSafeInteger(runs) && runs > 0 ? runs : 20,
    ...(seed ? { seed: Number(seed), path: process.env.MODEL_PATH } : {}),
  };
}

describeEachDatabase('payments engine model', (use) => {
  let app: FastifyInstance;
  let admin: TestUser;
  let start: number;
  let emptyTables: () => Promise<void>;
  beforeAll(async () => {
    // Frozen wall clock: the engine's time moves only by clock:advance (see the module comment).
    start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: start });
    // Every run happens in the same frozen minute, which the rate limits would count as one
    // client hammering the API (they have their own tests: http/rate-limit.test.ts).
    app = await makeTestApp(use(), undefined, { rateLimits: false });
    admin = await makeUser(use(), 'administrator');
    emptyTables = await emptyTablesAgain(use().db);
  });
  afterAll(async () => {
    await app.close();
    vi.useRealTimers();
  });

  /**
   * Every run starts from the same state: the tables the engine writes emptied, the clock back at
   * the suite's frozen start, and a new sandbox account. So a run costs the same whatever ran
   * before it, the whole-database ledger checks see only its own rows, and a failing run replays
   * alone: the seed, path and replayPath run just that (shrunk) sequence on the same empty start.
   */
  async function setup(): Promise<{ model: Model; real: Real }> {
    const db = use().db;
    await emptyTables();
    await db.updateTable('clock').set({ offset_ms: 0 }).execute();
    vi.setSystemTime(start);
    const account = await connectSandboxAccount(use());
    return {
      model: { now: (await clockNow(db)).getTime(), charges: [] },
      real: { app, db, auth: admin.basic, account_id: account.id },
    };
  }

  it(
    'keeps the ledger and every payment consistent through random sequences of operations',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.commands(COMMANDS, {
            maxCommands: 30,
            size: 'max',
            replayPath: process.env.MODEL_REPLAY_PATH || undefined,
          }),
          (commands) => fc.asyncModelRun(setup, commands),
        ),
        modelRunOptions(),
      );
    },
    60_000 + (modelRunOptions().numRuns ?? 20) * 6_000,
  );
});
