/**
 * Evidence Paydesk already knows when a dispute opens: who paid, where, from which address on
 * the internet, and what the card checks said (docs/disputes.md, "Prefilled evidence"). The
 * challenge page offers these values in the fields still empty, marked as prefilled; nothing
 * is saved until the merchant saves.
 */
import { type PostalAddress, postalAddressLines } from '../transactions/format.ts';
import type { EvidenceKey } from './evidence-limits.ts';

export interface PrefillSource {
  customer_name: string | null;
  customer_email: string | null;
  billing_address: PostalAddress | null;
  /** Where the order shipped, when it shipped anywhere. */
  shipping_address: PostalAddress | null;
  ip_address: string | null;
  /** The card's checks at purchase (`pass`, `fail`, `unavailable`, `unchecked`), when a card paid. */
  checks: {
    address_line1_check?: string | null;
    address_postal_code_check?: string | null;
    cvc_check?: string | null;
  } | null;
}

const CHECK_WORDS: Readonly<Record<string, string>> = {
  pass: 'matched',
  fail: 'did not match',
  unavailable: 'could not be checked',
  unchecked: 'was not checked',
};

function checkLine(checks: NonNullable<PrefillSource['checks']>): string | null {
  const parts = (
    [
      ['the street address', checks.address_line1_check],
      ['the postal code', checks.address_postal_code_check],
      ['the security code (CVC)', checks.cvc_check],
    ] as const
  )
    .filter(([, result]) => result && Object.hasOwn(CHECK_WORDS, result))
    .map(([what, result]) => `${what} ${CHECK_WORDS[result!]}`);
  if (parts.length === 0) return null;
  return `Card checks at purchase: ${parts.join('; ')}.`;
}

/** The evidence values the payment and its order give; a key is absent when nothing is known. */
export function evidencePrefill(source: PrefillSource): Partial<Record<EvidenceKey, string>> {
  const prefill: Partial<Record<EvidenceKey, string>> = {};
  const text = (value: string | null | undefined) => (value ?? '').trim();
  if (text(source.customer_name)) prefill.customer_name = text(source.customer_name);
  if (text(source.customer_email)) prefill.customer_email_address = text(source.customer_email);
  const billing = source.billing_address ? postalAddressLines(source.billing_address) : [];
  if (billing.length > 0) prefill.billing_address = billing.join('\n');
  const shipping = source.shipping_address ? postalAddressLines(source.shipping_address) : [];
  if (shipping.length > 0) prefill.shipping_address = shipping.join('\n');
  if (text(source.ip_address)) prefill.customer_purchase_ip = text(source.ip_address);
  const checks = source.checks ? checkLine(source.checks) : null;
  if (checks) prefill.uncategorized_text = checks;
  return prefill;
}
