import { Badge, Group, HoverCard } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { paymentMethodLogos, splitLogos } from '@paydesk/domain/onboarding/logos';
import { __, sprintf } from '../../../lib/i18n.ts';

const LABELS: Record<string, string> = {
  visa: 'Visa',
  woopay: 'WooPay',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  applepay: 'Apple Pay',
  googlepay: 'Google Pay',
  jcb: 'JCB',
  diners: 'Diners Club',
  unionpay: 'UnionPay',
  klarna: 'Klarna',
  afterpay: 'Afterpay',
  affirm: 'Affirm',
  ideal: 'iDEAL',
  bancontact: 'Bancontact',
  eps: 'EPS',
  giropay: 'giropay',
  przelewy24: 'Przelewy24',
  sofort: 'Sofort',
  sepa: 'SEPA Direct Debit',
};

const Logo = ({ name }: { name: string }) => (
  <Badge variant="outline" color="gray" radius="sm" size="lg" tt="none" data-testid="payment-method-logo">
    {LABELS[name] ?? name}
  </Badge>
);

/** 10 logos (7 at 768 px or less, 5 at 480 px or less) and a +N popover with the rest. */
export function PaymentMethodLogos({ oneClickCheckout }: { oneClickCheckout: boolean }) {
  const { width } = useViewportSize();
  // Before the first measurement the width is 0; the default count is the wide one.
  const { shown, hidden } = splitLogos(paymentMethodLogos(oneClickCheckout), width || window.innerWidth);
  return (
    <Group gap={6} data-testid="payment-method-logos">
      {shown.map((name) => (
        <Logo key={name} name={name} />
      ))}
      {hidden.length > 0 && (
        <HoverCard position="bottom" withArrow shadow="md" closeDelay={300}>
          <HoverCard.Target>
            <Badge
              component="button"
              type="button"
              variant="light"
              size="lg"
              data-testid="more-payment-methods"
              style={{ cursor: 'pointer' }}
            >
              {sprintf(__('+ %d'), hidden.length)}
            </Badge>
          </HoverCard.Target>
          <HoverCard.Dropdown>
            <Group gap={6} maw={320}>
              {hidden.map((name) => (
                <Logo key={name} name={name} />
              ))}
            </Group>
          </HoverCard.Dropdown>
        </HoverCard>
      )}
    </Group>
  );
}
