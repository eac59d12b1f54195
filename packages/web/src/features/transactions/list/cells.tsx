import { Anchor, Badge, Text } from '@mantine/core';
import { riskLevelLabel } from '@paydesk/domain/transactions/status';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';

/** The payment detail page of a payment: its intent when known, else its charge. */
export const DETAIL_PATH = '/payments/transactions/details';

const RISK_COLORS: Record<number, string> = { 0: 'green', 1: 'yellow', 2: 'red' };

/** Risk levels: Normal, Elevated, Highest, or N/A. */
export function RiskLevel({ level }: { level: number | null }) {
  const label = __(riskLevelLabel(level));
  if (level === null || !(level in RISK_COLORS)) return <Text size="sm">{label}</Text>;
  return (
    <Badge variant="light" color={RISK_COLORS[level]} size="sm" tt="none">
      {label}
    </Badge>
  );
}

/**
 * The name of a row's link, whose text is only its date: the date as shown first, then what the
 * row is, its amount and its order, so 25 links on a page are told apart.
 */
export function rowLinkName(date: string, kind: string, amount: string, orderNumber: string | null): string {
  return orderNumber
    ? sprintf(__('%1$s: %2$s, %3$s, order #%4$s'), date, kind, amount, orderNumber)
    : sprintf(__('%1$s: %2$s, %3$s'), date, kind, amount);
}

let regionNames: Intl.DisplayNames | undefined;

/** A country's name in the store's language; codes the browser cannot name show as they are. */
export function countryName(code: string | null): string {
  if (!code) return '';
  try {
    regionNames ??= new Intl.DisplayNames([getSettings().locale.replace('_', '-'), 'en'], { type: 'region' });
    return regionNames.of(code.toUpperCase()) ?? code;
  } catch (error) {
    // A malformed code from old data is shown as it is rather than breaking the row.
    if (error instanceof RangeError) return code;
    throw error;
  }
}

/**
 * A link to a store order, the order number as its text; the number alone when the checkout
 * sent no address of the order's page.
 */
export function OrderLink({ order }: { order: { number: string; url: string | null } | null }) {
  return <StorePageLink text={order?.number ?? '–'} url={order?.url ?? null} />;
}

/** A text that links to a page of the store when its address is known. */
export function StorePageLink({ text, url }: { text: string; url: string | null }) {
  if (!url) return <Text size="sm">{text}</Text>;
  return (
    <Anchor href={url} size="sm">
      {text}
    </Anchor>
  );
}
