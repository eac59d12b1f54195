import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../html.ts';
import {
  disputeNote,
  firstPaymentNote,
  firstPayoutNote,
  isNoteUnread,
  NOTE_ALLOWED_TAGS,
  NOTE_NAMES,
  type NoteDraft,
  paymentsAdminUrl,
  payoutFailedNote,
  sandboxReadyNote,
} from './notes.ts';

const US = { locale: 'en_US', dateFormat: 'F j, Y', timeZone: 'UTC' };
const DE = { locale: 'de_DE', dateFormat: 'd.m.Y', timeZone: 'Europe/Berlin' };

/** Every tag a template writes is one of the allowed tags. */
function tagsOf(html: string): string[] {
  return [...html.matchAll(/<\/?([a-zA-Z0-9]+)/g)].map((match) => match[1]!.toLowerCase());
}

function expectOnlyAllowedTags(note: NoteDraft) {
  for (const tag of tagsOf(note.content)) expect(NOTE_ALLOWED_TAGS).toContain(tag);
  expect(note.title).not.toMatch(/[<>]/);
}

describe('note templates', () => {
  it('announce the sandbox with a link to the transactions', () => {
    const note = sandboxReadyNote();
    expect(note.name).toBe('wcpay-sandbox-ready');
    expect(note.title).toBe('Your sandbox account is ready');
    expect(note.actions).toEqual([
      {
        name: 'view-transactions',
        label: 'View transactions',
        url: '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Ftransactions',
        status: 'actioned',
        primary: true,
      },
    ]);
    expectOnlyAllowedTags(note);
  });

  it('write the first payment in the customer currency with the store locale', () => {
    const note = firstPaymentNote({ payment_intent_id: 'pi_123abc', amount: 123_456, currency: 'usd' }, US);
    expect(note.name).toBe(NOTE_NAMES.firstPayment);
    expect(note.content).toContain('<strong>$1,234.56</strong>');
    expect(note.actions[0]!.url).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Ftransactions%2Fdetails&id=pi_123abc',
    );
    const euro = firstPaymentNote({ payment_intent_id: 'pi_1', amount: 123_456, currency: 'eur' }, DE);
    expect(euro.content).toContain('1.234,56');
    const yen = firstPaymentNote({ payment_intent_id: 'pi_1', amount: 500, currency: 'jpy' }, US);
    expect(yen.content).toContain('¥500');
    expectOnlyAllowedTags(note);
  });

  it('name the bank account of the first payout only by its last four digits', () => {
    const note = firstPayoutNote(
      { payout_id: 'po_9', amount: 4_950, currency: 'usd', bank_last4: '6789' },
      US,
    );
    expect(note.name).toBe('wcpay-first-payout');
    expect(note.content).toBe(
      '<p>A payout of <strong>$49.50</strong> was paid to your bank account ending in 6789.</p>',
    );
    const odd = firstPayoutNote({ payout_id: 'po_9', amount: 1, currency: 'usd', bank_last4: '<b>' }, US);
    expect(odd.content).not.toContain('ending in');
    expect(note.actions[0]!.url).toContain('path=%2Fpayments%2Fpayouts%2Fdetails&id=po_9');
  });

  it('give each dispute its own note with the deadline in the store format and zone', () => {
    const due = new Date('2026-03-01T23:30:00Z');
    const dispute = disputeNote(
      { dispute_id: 'dp_AbC1', amount: 2_500, currency: 'usd', due_by: due, inquiry: false },
      US,
    );
    expect(dispute.name).toBe('wcpay-dispute-dp_AbC1');
    expect(dispute.type).toBe('warning');
    expect(dispute.title).toBe('A payment was disputed');
    expect(dispute.content).toContain('<strong>March 1, 2026</strong>');
    expect(dispute.actions[0]).toMatchObject({
      label: 'Respond now',
      url: '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Fdisputes%2Fchallenge&id=dp_AbC1',
    });
    // In Berlin the deadline is already the next day.
    const berlin = disputeNote(
      { dispute_id: 'dp_AbC1', amount: 2_500, currency: 'eur', due_by: due, inquiry: true },
      DE,
    );
    expect(berlin.content).toContain('<strong>02.03.2026</strong>');
    expect(berlin.title).toBe('A payment inquiry needs your response');
    expect(NOTE_NAMES.dispute('dp_2')).not.toBe(dispute.name);
    expectOnlyAllowedTags(dispute);
  });

  it('escape what a failed payout reports and say that payouts are paused', () => {
    const note = payoutFailedNote(
      {
        payout_id: 'po_1',
        amount: 700,
        currency: 'gbp',
        failure_message: '<img src=x onerror=alert(1)> closed',
      },
      US,
    );
    expect(note.name).toBe('wcpay-payout-failed-po_1');
    expect(note.type).toBe('error');
    expect(note.content).toContain('&lt;img src=x onerror=alert(1)&gt; closed');
    expect(note.content).not.toContain('<img');
    expect(note.content).toContain(
      'Payouts are currently paused because a recent payout failed. Please update your bank account details.',
    );
    expectOnlyAllowedTags(note);
  });

  it('refuse ids that could break out of a note name or link', () => {
    expect(() => NOTE_NAMES.dispute('dp_1&x=<b>')).toThrow();
    expect(() => NOTE_NAMES.payoutFailed('ch_1')).toThrow();
    expect(() => firstPaymentNote({ payment_intent_id: 'x"', amount: 1, currency: 'usd' }, US)).toThrow();
  });
});

describe('helpers', () => {
  it('escapes the five HTML characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('encodes admin URLs', () => {
    expect(paymentsAdminUrl('/payments/overview', { q: 'a b&c' })).toBe(
      '/wp-admin/admin.php?page=wc-admin&path=%2Fpayments%2Foverview&q=a%20b%26c',
    );
  });

  it('counts a note unread when it came after the last read time', () => {
    const last = Date.parse('2026-01-01T10:00:00Z');
    expect(isNoteUnread('2026-01-01T10:00:01', last)).toBe(true);
    expect(isNoteUnread('2026-01-01T10:00:00', last)).toBe(false);
    expect(isNoteUnread('2025-12-31T23:59:59', last)).toBe(false);
    expect(isNoteUnread('2025-12-31T23:59:59', undefined)).toBe(true);
    expect(isNoteUnread('not a date', last)).toBe(false);
  });
});
