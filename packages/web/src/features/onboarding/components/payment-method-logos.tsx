import { Badge, Group, HoverCard } from '@mantine/core';
import { useViewportSize } from '@mantine/hooks';
import { paymentMethodLogos, splitLogos } from '@paydesk/domain/onboarding/logos';
import { __, sprintf } from '../../../lib/i18n.ts';
import { PAYMENT_METHOD_ART } from './payment-method-art.tsx';
import classes from './payment-method-logos.module.css';

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

/** A payment method's mark, named for assistive technology by its name. */
const Logo = ({ name }: { name: string }) => {
  const label = LABELS[name] ?? name;
  return (
    <svg
      className={classes.logo}
      viewBox="0 0 48 32"
      role="img"
      aria-label={label}
      data-testid="payment-method-logo"
      data-method={name}
    >
      <title>{label}</title>
      {PAYMENT_METHOD_ART[name]}
    </svg>
  );
};

/** 10 logos (7 at 768 px or less, 5 at 480 px or less) and a +N popover with the rest. */
export default function PaymentMethodLogos({ oneClickCheckout }: { oneClickCheckout: boolean }) {
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
