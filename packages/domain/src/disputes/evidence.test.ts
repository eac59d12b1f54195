import { describe, expect, it } from 'vitest';
import {
  acceptsTextChange,
  EVIDENCE_SECTIONS,
  evidenceEditability,
  evidenceUpdateBody,
  fitsEvidenceFiles,
  initialProductType,
  PRODUCT_TYPE_LABELS,
  reasonGuidance,
  visibleSections,
} from './evidence.ts';
import {
  EVIDENCE_FIELD_MAX_CHARS,
  EVIDENCE_FIELD_TYPES,
  EVIDENCE_FILES_MAX_BYTES,
  EVIDENCE_KEYS,
  EVIDENCE_TOTAL_MAX_CHARS,
  PRODUCT_TYPES,
} from './evidence-limits.ts';

const titles = (reason: string, productType: Parameters<typeof visibleSections>[1]) =>
  visibleSections(reason, productType).map((section) => section.key);
const keysOf = (reason: string, productType: Parameters<typeof visibleSections>[1], section: string) =>
  visibleSections(reason, productType)
    .find((item) => item.key === section)
    ?.fields.map((item) => item.key);

describe('the evidence sections', () => {
  it('hold every evidence key of the contract, with its type', () => {
    const keys = new Set(EVIDENCE_SECTIONS.flatMap((section) => section.fields.map((item) => item.key)));
    expect([...keys].sort()).toEqual([...EVIDENCE_KEYS].sort());
    for (const section of EVIDENCE_SECTIONS)
      for (const item of section.fields) expect(item.type).toBe(EVIDENCE_FIELD_TYPES[item.key]);
  });

  it('limit text fields to the per-field cap and leave files and dates without one', () => {
    const fields = EVIDENCE_SECTIONS.flatMap((section) => section.fields);
    for (const item of fields)
      expect(item.maxLength).toBe(
        item.type === 'text' || item.type === 'textarea' ? EVIDENCE_FIELD_MAX_CHARS : undefined,
      );
  });

  it('show general evidence and additional details for every reason, and no more for the others', () => {
    for (const reason of ['general', 'bank_cannot_process', 'insufficient_funds', 'made_up'])
      expect(titles(reason, 'multiple')).toEqual(['general', 'additional']);
  });

  // An activity log proves access, which answers fraud and non-receipt, not a bad product.
  it.each([
    ['fraudulent', 'physical_product', 'general shipping additional'],
    ['fraudulent', 'digital_product_or_service', 'general activity_logs additional'],
    ['fraudulent', 'offline_service', 'general service additional'],
    ['product_not_received', 'multiple', 'general shipping activity_logs service additional'],
    ['product_unacceptable', 'physical_product', 'general refund_policy shipping additional'],
    ['product_unacceptable', 'digital_product_or_service', 'general refund_policy additional'],
    ['unrecognized', 'offline_service', 'general service additional'],
    ['credit_not_processed', 'physical_product', 'general refund_policy additional'],
    ['subscription_canceled', 'digital_product_or_service', 'general refund_policy cancellation additional'],
    ['duplicate', 'offline_service', 'general duplicate additional'],
  ] as const)('show for %s and %s: %s', (reason, productType, expected) => {
    expect(titles(reason, productType).join(' ')).toBe(expected);
  });

  it('hide the sections of a product type until one is selected', () => {
    expect(titles('product_not_received', '')).toEqual(['general', 'additional']);
    expect(keysOf('duplicate', '', 'duplicate')).toEqual([
      'duplicate_charge_id',
      'duplicate_charge_explanation',
      'duplicate_charge_documentation',
    ]);
  });

  it('ask a duplicate for proof of shipping or of service by product type', () => {
    expect(keysOf('duplicate', 'physical_product', 'duplicate')).toContain('shipping_documentation');
    expect(keysOf('duplicate', 'physical_product', 'duplicate')).not.toContain('service_documentation');
    expect(keysOf('duplicate', 'offline_service', 'duplicate')).toContain('service_documentation');
    expect(keysOf('duplicate', 'offline_service', 'duplicate')).not.toContain('shipping_documentation');
    expect(keysOf('duplicate', 'digital_product_or_service', 'duplicate')).toHaveLength(3);
    expect(keysOf('duplicate', 'multiple', 'duplicate')).toHaveLength(5);
  });
});

describe('the product type', () => {
  it('offers the four options, each labelled', () => {
    expect(Object.keys(PRODUCT_TYPE_LABELS)).toEqual([...PRODUCT_TYPES]);
  });

  it('starts from the metadata, else multiple when evidence is saved, else none', () => {
    expect(initialProductType({ __product_type: 'offline_service' }, true)).toBe('offline_service');
    expect(initialProductType({}, true)).toBe('multiple');
    expect(initialProductType({ __product_type: '' }, true)).toBe('multiple');
    expect(initialProductType({}, false)).toBe('');
    expect(initialProductType({ __product_type: 'boats' }, false)).toBe('');
  });
});

describe('evidence editability', () => {
  const due = 1_000_000;
  it('is editable only while a response is awaited and the deadline has not passed', () => {
    expect(evidenceEditability('needs_response', due, due - 1)).toBe('editable');
    expect(evidenceEditability('warning_needs_response', due, due - 1)).toBe('editable');
    expect(evidenceEditability('needs_response', due, due)).toBe('past_due');
    for (const status of ['under_review', 'warning_under_review', 'won', 'lost', 'charge_refunded'])
      expect(evidenceEditability(status, due, 0)).toBe('read_only');
  });
});

describe('evidence limits', () => {
  const item = { key: 'product_description' as const, maxLength: 10 };

  it("refuses a value longer than the field's cap, and keeps one at it", () => {
    expect(acceptsTextChange({}, item, 'x'.repeat(10))).toBe(true);
    expect(acceptsTextChange({}, item, 'x'.repeat(11))).toBe(false);
  });

  it('refuses a change that brings all text to the total cap, but always lets text shrink', () => {
    const full = { uncategorized_text: 'x'.repeat(EVIDENCE_TOTAL_MAX_CHARS - 5) };
    const wide = { key: 'product_description' as const };
    expect(acceptsTextChange(full, wide, 'x'.repeat(4))).toBe(true);
    expect(acceptsTextChange(full, wide, 'x'.repeat(5))).toBe(false);
    const over = { ...full, product_description: 'x'.repeat(10) };
    expect(acceptsTextChange(over, wide, 'x'.repeat(9))).toBe(true);
  });

  it("counts each attached file once against the dispute's total size", () => {
    const attached = new Map([
      ['file_a', 2_000_000],
      ['file_b', 2_000_000],
    ]);
    expect(fitsEvidenceFiles(attached, EVIDENCE_FILES_MAX_BYTES - 4_000_000)).toBe(true);
    expect(fitsEvidenceFiles(attached, EVIDENCE_FILES_MAX_BYTES - 4_000_000 + 1)).toBe(false);
    expect(fitsEvidenceFiles(new Map(), EVIDENCE_FILES_MAX_BYTES + 1)).toBe(false);
  });
});

describe('reason guidance', () => {
  it('has words for each reason that selects sections, and general words for the rest', () => {
    for (const reason of ['credit_not_processed', 'duplicate', 'fraudulent', 'unrecognized'])
      expect(reasonGuidance(reason)).not.toBe(reasonGuidance('general'));
    expect(reasonGuidance('insufficient_funds')).toBe(reasonGuidance('general'));
    expect(reasonGuidance('constructor')).toBe(reasonGuidance('general'));
  });
});

describe('the evidence update body', () => {
  it('sends every key, clearing the empty ones, and file names only for fields holding a file', () => {
    const body = evidenceUpdateBody(
      {
        evidence: { product_description: 'Boots', receipt: 'file_a', customer_signature: '' },
        filenames: { receipt: 'receipt.pdf', customer_signature: 'old.png' },
        productType: 'physical_product',
      },
      true,
    );
    expect(Object.keys(body.evidence).sort()).toEqual([...EVIDENCE_KEYS].sort());
    expect(body.evidence.product_description).toBe('Boots');
    expect(body.evidence.customer_name).toBe('');
    expect(body.metadata).toMatchObject({
      __product_type: 'physical_product',
      receipt: 'receipt.pdf',
      customer_signature: '',
      uncategorized_file: '',
    });
    expect(body.metadata.product_description).toBeUndefined();
    expect(body.submit).toBe(true);
  });
});
