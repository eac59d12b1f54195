import { describe, expect, it } from 'vitest';
import type { TFraudOutcomeTransaction, TTransaction } from '../contracts/transactions.ts';
import {
  csvFormat,
  FRAUD_OUTCOME_CSV_HEADERS,
  fraudOutcomeCsvCells,
  TRANSACTION_CSV_HEADERS,
  transactionCsvCells,
} from './columns.ts';

const refund: TTransaction = {
  transaction_id: 'txn_1',
  payment_intent_id: 'pi_1',
  charge_id: 'ch_1',
  date: '2026-06-01 22:30:00',
  type: 'refund',
  channel: 'online',
  source: 'card',
  source_identifier: '4242',
  source_device: null,
  order: { number: '1001', url: '/order/1001', customer_url: null, subscriptions: [] },
  customer_name: '=cmd|"/c calc"!A1',
  customer_email: 'ann@example.test',
  customer_country: 'DE',
  customer_currency: 'eur',
  customer_amount: -1150,
  currency: 'usd',
  amount: -1250,
  fees: 0,
  net: -1250,
  risk_level: 1,
  deposit_id: null,
  available_on: '2026-06-08 00:00:00',
  deposit_status: null,
  loan_id: null,
  metadata: { charge_type: null },
};

describe('transactionCsvCells', () => {
  it('writes one cell per heading, amounts in major units, text guarded', () => {
    const cells = transactionCsvCells(refund, csvFormat({ timeZone: 'Europe/Berlin', locale: 'en_US' }));
    expect(cells).toHaveLength(TRANSACTION_CSV_HEADERS.length);
    expect(Object.fromEntries(TRANSACTION_CSV_HEADERS.map((name, index) => [name, cells[index]]))).toEqual({
      'Date / Time': '2026-06-02 00:30:00',
      Type: 'Refund',
      Channel: 'Online',
      Amount: '-12.50',
      Fees: '0.00',
      Net: '-12.50',
      'Order #': '1001',
      'Payment method': 'Card •••• 4242',
      Customer: `"'=cmd|""/c calc""!A1"`,
      Email: 'ann@example.test',
      Country: 'Germany',
      'Customer amount': '-11.50',
      'Risk level': 'Elevated',
      'Payout date': '2026-06-08',
      Currency: 'USD',
      'Customer currency': 'EUR',
      'Transaction ID': 'txn_1',
    });
  });

  it('writes zero-decimal amounts whole and leaves missing values empty', () => {
    const cells = transactionCsvCells(
      {
        ...refund,
        currency: 'jpy',
        amount: 5000,
        fees: 150,
        net: 4850,
        customer_amount: null,
        customer_currency: null,
        customer_country: null,
        order: null,
        source: null,
        channel: null,
        risk_level: null,
      },
      csvFormat({}),
    );
    const cell = (name: (typeof TRANSACTION_CSV_HEADERS)[number]) =>
      cells[TRANSACTION_CSV_HEADERS.indexOf(name)];
    expect([cell('Amount'), cell('Fees'), cell('Net')]).toEqual(['5000', '-150', '4850']);
    expect([cell('Customer amount'), cell('Customer currency'), cell('Order #'), cell('Country')]).toEqual([
      '',
      '',
      '',
      '',
    ]);
    expect(cell('Risk level')).toBe('N/A');
    expect(cell('Date / Time')).toBe('2026-06-01 22:30:00');
  });
});

describe('fraudOutcomeCsvCells', () => {
  it('labels every row by the list it was exported from', () => {
    const row: TFraudOutcomeTransaction = {
      status: 'review',
      manual_action: 'blocked',
      created: '2026-01-02 03:04:05',
      amount: 900_000,
      currency: 'usd',
      customer_name: '@Blocked Buyer',
      order_id: 7,
      order: { number: '7104', url: '/order/7' },
      payment_intent: { id: 'pi_9' },
      charge_id: null,
    };
    expect(fraudOutcomeCsvCells(row, 'block', csvFormat({}))).toEqual([
      '2026-01-02 03:04:05',
      '9000.00',
      '7104',
      "'@Blocked Buyer",
      'Payment blocked',
      'USD',
      'pi_9',
    ]);
    expect(FRAUD_OUTCOME_CSV_HEADERS).toHaveLength(7);
  });
});
