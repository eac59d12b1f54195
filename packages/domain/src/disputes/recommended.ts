/**
 * The evidence that wins a dispute of each reason, by product type: what the challenge page's
 * completeness meter counts (docs/disputes.md, "Recommended evidence"). Issuers decide on
 * documents that answer the customer's claim; this is our reading of what answers each one.
 */

import { type ProductType, type SingleProductType, visibleSections } from './evidence.ts';
import type { EvidenceKey } from './evidence-limits.ts';

interface Recommendation {
  /** For every product type. */
  all: readonly EvidenceKey[];
  /** Added when the merchant says which kind of product it was. */
  byProduct?: Partial<Record<SingleProductType, readonly EvidenceKey[]>>;
}

/** Who the customer is and what they bought: asked of every dispute. */
const BASE: readonly EvidenceKey[] = [
  'product_description',
  'customer_name',
  'customer_email_address',
  'receipt',
];

const DELIVERY: Partial<Record<SingleProductType, readonly EvidenceKey[]>> = {
  physical_product: ['shipping_tracking_number', 'shipping_documentation', 'shipping_address'],
  digital_product_or_service: ['access_activity_log'],
  offline_service: ['service_date', 'service_documentation'],
};

export const RECOMMENDED_EVIDENCE: Readonly<Record<string, Recommendation>> = {
  fraudulent: { all: [...BASE, 'billing_address', 'customer_purchase_ip'], byProduct: DELIVERY },
  unrecognized: { all: [...BASE, 'billing_address', 'customer_purchase_ip'], byProduct: DELIVERY },
  product_not_received: {
    all: [...BASE, 'customer_communication'],
    byProduct: {
      ...DELIVERY,
      physical_product: ['shipping_carrier', 'shipping_date', ...DELIVERY.physical_product!],
    },
  },
  product_unacceptable: {
    all: [...BASE, 'refund_policy', 'refund_refusal_explanation', 'customer_communication'],
    byProduct: { physical_product: ['shipping_documentation'], offline_service: ['service_documentation'] },
  },
  credit_not_processed: {
    all: [
      ...BASE,
      'refund_policy',
      'refund_policy_disclosure',
      'refund_refusal_explanation',
      'customer_communication',
    ],
  },
  subscription_canceled: {
    all: [
      ...BASE,
      'cancellation_policy',
      'cancellation_policy_disclosure',
      'cancellation_rebuttal',
      'customer_communication',
    ],
  },
  duplicate: {
    all: [...BASE, 'duplicate_charge_id', 'duplicate_charge_explanation', 'duplicate_charge_documentation'],
    byProduct: { physical_product: ['shipping_documentation'], offline_service: ['service_documentation'] },
  },
};

/** Any other reason: who the customer is, what they bought, and the merchant's account of it. */
const OTHER: Recommendation = { all: [...BASE, 'uncategorized_text'] };

/**
 * The evidence recommended for a dispute: its reason's, with its product type's when one kind
 * was chosen (`multiple` and none add nothing), limited to the fields the page shows for them.
 */
export function recommendedEvidence(reason: string, productType: ProductType | ''): EvidenceKey[] {
  const recommendation = Object.hasOwn(RECOMMENDED_EVIDENCE, reason) ? RECOMMENDED_EVIDENCE[reason]! : OTHER;
  const extra =
    productType && productType !== 'multiple' ? (recommendation.byProduct?.[productType] ?? []) : [];
  const shown = new Set(
    visibleSections(reason, productType).flatMap((section) => section.fields.map((f) => f.key)),
  );
  return [...new Set([...recommendation.all, ...extra])].filter((key) => shown.has(key));
}

export interface EvidenceCompleteness {
  recommended: EvidenceKey[];
  provided: EvidenceKey[];
  missing: EvidenceKey[];
  /** Whole percent of the recommended evidence provided (rounded down: 100 only when all is). */
  percent: number;
}

/** How much of the recommended evidence the form holds: a value that is not blank counts. */
export function evidenceCompleteness(
  reason: string,
  productType: ProductType | '',
  evidence: Readonly<Record<string, string | undefined>>,
): EvidenceCompleteness {
  const recommended = recommendedEvidence(reason, productType);
  const provided = recommended.filter((key) => (evidence[key] ?? '').trim() !== '');
  const missing = recommended.filter((key) => !provided.includes(key));
  const percent = recommended.length === 0 ? 100 : Math.floor((provided.length * 100) / recommended.length);
  return { recommended, provided, missing, percent };
}
