import { describe, expect, it } from 'vitest';
import { PRODUCT_TYPE_LABELS, type ProductType, visibleSections } from './evidence.ts';
import { EVIDENCE_FIELD_TYPES } from './evidence-limits.ts';
import { evidenceCompleteness, RECOMMENDED_EVIDENCE, recommendedEvidence } from './recommended.ts';

const PRODUCT_TYPES = ['', ...Object.keys(PRODUCT_TYPE_LABELS)] as (ProductType | '')[];

describe('recommendedEvidence', () => {
  it('asks, for every reason and product type, only for evidence the page shows', () => {
    for (const reason of [...Object.keys(RECOMMENDED_EVIDENCE), 'general', 'bank_cannot_process']) {
      for (const productType of PRODUCT_TYPES) {
        const shown = new Set(
          visibleSections(reason, productType).flatMap((s) => s.fields.map((f) => f.key)),
        );
        const keys = recommendedEvidence(reason, productType);
        expect(keys.length, `${reason} × ${productType}`).toBeGreaterThanOrEqual(4);
        expect(
          keys.filter((key) => !shown.has(key)),
          `${reason} × ${productType}`,
        ).toEqual([]);
        expect(new Set(keys).size).toBe(keys.length);
        for (const key of keys) expect(EVIDENCE_FIELD_TYPES[key]).toBeDefined();
      }
    }
  });

  it('adds what proves delivery once the kind of product is known', () => {
    expect(recommendedEvidence('product_not_received', 'physical_product')).toEqual([
      'product_description',
      'customer_name',
      'customer_email_address',
      'receipt',
      'customer_communication',
      'shipping_carrier',
      'shipping_date',
      'shipping_tracking_number',
      'shipping_documentation',
      'shipping_address',
    ]);
    expect(recommendedEvidence('product_not_received', 'digital_product_or_service')).toContain(
      'access_activity_log',
    );
    expect(recommendedEvidence('product_not_received', 'multiple')).not.toContain('shipping_carrier');
    expect(recommendedEvidence('subscription_canceled', '')).toContain('cancellation_rebuttal');
    expect(recommendedEvidence('general', '')).toContain('uncategorized_text');
    expect(recommendedEvidence('constructor', '')).toEqual(recommendedEvidence('general', ''));
  });
});

describe('evidenceCompleteness', () => {
  it('counts the recommended evidence given, ignoring blank values and other fields', () => {
    const empty = evidenceCompleteness('fraudulent', 'digital_product_or_service', {});
    expect(empty.percent).toBe(0);
    expect(empty.missing).toEqual(empty.recommended);
    const some = evidenceCompleteness('fraudulent', 'digital_product_or_service', {
      customer_name: 'Ada Byron',
      customer_email_address: '  ',
      receipt: 'file_1',
      uncategorized_text: 'not recommended here',
    });
    expect(some.provided).toEqual(['customer_name', 'receipt']);
    expect(some.recommended).toHaveLength(7);
    expect(some.percent).toBe(28);
    const all = Object.fromEntries(some.recommended.map((key) => [key, 'x']));
    expect(evidenceCompleteness('fraudulent', 'digital_product_or_service', all)).toMatchObject({
      percent: 100,
      missing: [],
    });
  });
});
