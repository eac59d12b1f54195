import { describe, expect, it } from 'vitest';
import { DAY_MS, HOUR_MS } from '../time.ts';
import { DISPUTE_REMINDER_LEAD_MS, disputeReminderAt, disputeReminderMail } from './reminder.ts';

const FORMAT = { locale: 'en_US', dateFormat: 'F j, Y', timeZone: 'UTC' };
const DISPUTE = {
  dispute_id: 'dp_1abc',
  amount: 4_000,
  currency: 'usd',
  reason: 'product_not_received',
  due_by: new Date('2026-12-10T17:00:00Z'),
  inquiry: false,
  order_number: '1042',
};

describe('disputeReminderAt', () => {
  it('is three days before the deadline, or now when less time is left', () => {
    expect(DISPUTE_REMINDER_LEAD_MS).toBe(3 * DAY_MS);
    const due = DISPUTE.due_by;
    const early = new Date(due.getTime() - 10 * DAY_MS);
    expect(disputeReminderAt(due, early)).toEqual(new Date(due.getTime() - 3 * DAY_MS));
    const late = new Date(due.getTime() - 2 * DAY_MS - HOUR_MS);
    expect(disputeReminderAt(due, late)).toEqual(late);
  });
});

describe('disputeReminderMail', () => {
  it('names the amount, order, reason and deadline, and links to the response page', () => {
    const mail = disputeReminderMail(DISPUTE, FORMAT, 'https://shop.example.test/');
    expect(mail.subject).toBe('A disputed payment needs your response by December 10, 2026');
    expect(mail.text.split('\r\n')).toEqual([
      'A customer disputed a payment of $40.00 (order #1042). Reason: Product not received.',
      'Please respond by December 10, 2026, or the dispute will be lost and the amount will stay with the customer.',
      '',
      'Respond: https://shop.example.test/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Fdisputes%2Fchallenge&id=dp_1abc',
      '',
    ]);
  });

  it('keeps the path of a store served under one', () => {
    expect(disputeReminderMail(DISPUTE, FORMAT, 'https://example.test/shop').text).toContain(
      'Respond: https://example.test/shop/wp-admin/admin.php?page=wc-admin&path=',
    );
  });

  it('words an inquiry as a question, and names the page when the admin address is unknown', () => {
    const mail = disputeReminderMail(
      { ...DISPUTE, inquiry: true, order_number: null, currency: 'eur', amount: 1_250 },
      { ...FORMAT, dateFormat: 'Y-m-d', timeZone: 'Pacific/Auckland' },
      undefined,
    );
    expect(mail.subject).toBe('A payment inquiry needs your response by 2026-12-11');
    expect(mail.text).toContain(
      "A customer's bank asked about a payment of €12.50. Reason: Product not received.",
    );
    expect(mail.text).toContain("Respond from Payments > Disputes in your store's admin (dispute dp_1abc).");
    expect(mail.text).not.toContain('http');
  });
});
