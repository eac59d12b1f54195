import { describe, expect, it } from 'vitest';
import {
  attachmentLetter,
  attachmentLine,
  COVER_LETTER_KEY,
  composeCoverLetter,
  coverLetterAttachments,
  coverLetterIncluded,
  sectionsBesideLetter,
} from './cover-letter.ts';
import { visibleSections } from './evidence.ts';

const SOURCE = {
  dispute_id: 'dp_1',
  reason: 'product_not_received',
  amount: 4200,
  currency: 'usd',
  created: 1_767_225_600, // January 1, 2026
  charge_id: 'ch_1',
  order_number: '1001',
  customer_name: 'Ann Able',
  store_name: 'Lamp Shop',
  today: 1_767_744_000, // January 7, 2026
  evidence: {},
};

describe('the cover letter', () => {
  it('is addressed to the issuer, names the case and the transaction, and is signed by the store', () => {
    const letter = composeCoverLetter(SOURCE);
    expect(letter.split('\n\n')[0]).toBe('January 7, 2026');
    expect(letter).toContain("To the card issuer's dispute team\nFrom Lamp Shop");
    expect(letter).toContain('Re: dispute dp_1 on the payment ch_1 for order #1001');
    expect(letter).toContain(
      'We contest the dispute dp_1, opened on January 1, 2026 for $42.00 USD with the reason "Product not received", on the payment ch_1 made by Ann Able for order #1001.',
    );
    expect(letter).toContain('The customer received what they paid for');
    expect(letter.endsWith('Sincerely,\nLamp Shop')).toBe(true);
  });

  it('says what the evidence says, and argues an unknown reason as a general one', () => {
    const letter = composeCoverLetter({
      ...SOURCE,
      reason: 'something_new',
      order_number: null,
      customer_name: '  ',
      evidence: {
        shipping_carrier: 'UPS',
        shipping_tracking_number: '1Z999',
        shipping_date: '2025-12-20',
        shipping_address: 'Ann Able\n1 Main St',
        product_description: 'A brass lamp.',
      },
    });
    expect(letter).toContain('with the reason "something_new", on the payment ch_1.');
    expect(letter).not.toContain('order #');
    expect(letter).toContain('This payment was made for a genuine purchase that we fulfilled.');
    expect(letter).toContain('What was purchased: A brass lamp.');
    expect(letter).toContain('The order was shipped by UPS with the tracking number 1Z999 on 2025-12-20.');
    expect(letter).toContain('It was shipped to: Ann Able, 1 Main St.');
  });

  it('letters attachments A to Z, then AA', () => {
    expect([0, 1, 25, 26, 27, 701, 702].map(attachmentLetter)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'ZZ',
      'AAA',
    ]);
  });

  it('names documents in upload order, a tie by the form order, each file once, never the letter itself', () => {
    const attachments = coverLetterAttachments([
      { key: 'shipping_documentation', id: 'file_s', filename: 'ship.pdf', created: 20 },
      { key: 'receipt', id: 'file_r', filename: 'receipt.pdf', created: 30 },
      { key: 'customer_communication', id: 'file_c', filename: 'mail.png', created: 20 },
      { key: 'refund_policy', id: 'file_r', filename: 'receipt.pdf', created: 30 },
      { key: COVER_LETTER_KEY, id: 'file_l', filename: 'cover-letter.pdf', created: 10 },
    ]);
    expect(attachments.map(attachmentLine)).toEqual([
      'Attachment A: Customer communication (mail.png)',
      'Attachment B: Proof of shipping (ship.pdf)',
      'Attachment C: Receipt (receipt.pdf)',
    ]);
  });

  it('goes with the response as saved, else while Other documents holds no file of its own', () => {
    expect(coverLetterIncluded(null, {})).toBe(true);
    expect(coverLetterIncluded(null, { [COVER_LETTER_KEY]: 'file_1' })).toBe(false);
    expect(coverLetterIncluded(true, { [COVER_LETTER_KEY]: 'file_1' })).toBe(true);
    expect(coverLetterIncluded(false, {})).toBe(false);
  });

  it('takes the place of the Other documents field while it goes', () => {
    const sections = visibleSections('fraudulent', 'physical_product');
    const keys = (included: boolean) =>
      sectionsBesideLetter(sections, included).flatMap((section) => section.fields.map((item) => item.key));
    expect(keys(false)).toContain(COVER_LETTER_KEY);
    expect(keys(true)).not.toContain(COVER_LETTER_KEY);
    expect(keys(true).length).toBe(keys(false).length - 1);
  });
});
