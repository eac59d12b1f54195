import { describe, expect, it } from 'vitest';
import {
  AUDIT_CHANGE_MAX_CHARS,
  auditChange,
  looksLikeCardNumber,
  REDACTED,
  storableText,
} from './change.ts';

const parse = (body: unknown) => JSON.parse(auditChange(body) ?? 'null');

describe('what the audit log keeps of a body', () => {
  it('keeps nothing for no body, and plain fields as sent', () => {
    expect(auditChange(undefined)).toBeNull();
    expect(auditChange(null)).toBeNull();
    expect(parse({ charge_id: 'ch_1', amount: 500, reason: null })).toEqual({
      charge_id: 'ch_1',
      amount: 500,
      reason: null,
    });
  });

  it('replaces passwords, security codes, tokens and card numbers wherever they are', () => {
    expect(
      parse({
        password: 'hunter2',
        user: { pwd: 'x', app_password: 'abcd efgh' },
        payment_method_data: { card: { number: '4242 4242 4242 4242', cvc: '123', exp_month: 12 } },
        bank: { account_number: '000123456789', routing_number: '110000000' },
        note: 'paid with 4000056655665556',
        list: [{ client_secret: 'pi_1_secret_2' }],
      }),
    ).toEqual({
      password: REDACTED,
      user: { pwd: REDACTED, app_password: REDACTED },
      payment_method_data: { card: { number: REDACTED, cvc: REDACTED, exp_month: 12 } },
      bank: { account_number: REDACTED, routing_number: REDACTED },
      note: `paid with ${REDACTED}`,
      list: [{ client_secret: REDACTED }],
    });
    // A whole field that is a card number is dropped; an order number is not one.
    expect(parse({ memo: '4000-0566-5566-5556', order: '1042' })).toEqual({ memo: REDACTED, order: '1042' });
  });

  it('reads a card number by the Luhn check, spaces and dashes ignored', () => {
    expect(looksLikeCardNumber('4242424242424242')).toBe(true);
    expect(looksLikeCardNumber('4242 4242 4242 4242')).toBe(true);
    expect(looksLikeCardNumber('4242424242424241')).toBe(false);
    expect(looksLikeCardNumber('12345')).toBe(false);
  });

  it('keeps a file as its name and size, and bytes as their size', () => {
    const content = new Uint8Array(2048);
    expect(parse({ purpose: 'dispute_evidence', file: { filename: 'a.pdf', size: 2048, content } })).toEqual({
      purpose: 'dispute_evidence',
      file: { filename: 'a.pdf', size: 2048 },
    });
    expect(parse({ raw: content })).toEqual({ raw: { size: 2048 } });
  });

  it('cuts a long body to the limit, marked', () => {
    const text = auditChange({ text: 'x'.repeat(AUDIT_CHANGE_MAX_CHARS * 2) }) ?? '';
    expect(text.length).toBeLessThanOrEqual(AUDIT_CHANGE_MAX_CHARS);
    expect(JSON.parse(text)).toMatchObject({ truncated: true });
  });

  it('makes text the database cannot store storable', () => {
    expect(storableText('a\u0000b')).toBe('a\uFFFDb');
    expect(storableText('x\uD800y')).toBe('x\uFFFDy');
    expect(storableText('💳')).toBe('💳');
    expect(parse({ 'k\u0000': 'v\uDC00' })).toEqual({ 'k\uFFFD': 'v\uFFFD' });
  });
});
