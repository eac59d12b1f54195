import { Anchor, Badge, Box, Button, Card, Divider, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatCurrency } from '@paydesk/domain/money/format';
import { paymentMethodLabel } from '@paydesk/domain/payments/messages';
import { refundAvailability } from '@paydesk/domain/payments/refunds';
import type { DetailActions } from '@paydesk/domain/transactions/detail-actions';
import { chargeDisplayStatus, conversionLine } from '@paydesk/domain/transactions/format';
import { chargeStatusDisplay, riskLevelLabel } from '@paydesk/domain/transactions/status';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { StorePageLink } from '../list/cells.tsx';
import { AuthorizationActions } from './authorization-actions.tsx';
import { CHIP_COLORS, dateTime, money } from './display.ts';
import type { RefundMode } from './refund-modal.tsx';
import type { Charge, PaymentIntent } from './types.ts';

/** What loan repayment took from the payment, when it was taken in the balance's currency. */
function paydownIn(charge: Charge, currency: string): number {
  const paydown = charge.paydown;
  return paydown && paydown.currency.toLowerCase() === currency.toLowerCase() ? paydown.amount : 0;
}

/** The refund form loads when the merchant opens it, keeping the page's first load small. */
const RefundModal = lazy(async () => ({ default: (await import('./refund-modal.tsx')).RefundModal }));

const RISK_LEVELS: Record<string, number> = { normal: 0, elevated: 1, highest: 2 };

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {/* Long ids break rather than run into the next column on a narrow screen. */}
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/** The method as the summary names it: the card brand and last four digits, or the method. */
function methodSummary(charge: Charge): string {
  const details = charge.payment_method_details;
  if (details.type === 'card' || details.type === 'card_present') {
    const card = details.type === 'card' ? details.card : details.card_present;
    const brand = card.brand ?? card.network;
    const name = brand ? __(paymentMethodLabel(brand)) : __(paymentMethodLabel(details.type));
    return card.last4 ? `${name} •••• ${card.last4}` : name;
  }
  return __(paymentMethodLabel(details.type, getSettings().storeCountry));
}

function RefundControls({ charge }: { charge: Charge }) {
  const [mode, setMode] = useState<RefundMode | null>(null);
  const availability = refundAvailability({
    captured: charge.captured,
    refunded: charge.refunded,
    amount_refunded: charge.amount_refunded,
    dispute_status: charge.dispute?.status ?? null,
    order_url: charge.order?.url ?? null,
  });
  if (!availability.refundable) return null;
  if (availability.issue_refund) {
    const issue = () => {
      if (availability.issue_refund_error || !charge.order?.url) {
        createNotice(
          'error',
          __(availability.issue_refund_error ?? 'Unable to view order. Order not found.'),
        );
        return;
      }
      window.location.assign(charge.order.url);
    };
    return (
      <Button variant="default" size="xs" onClick={issue}>
        {__('Issue refund')}
      </Button>
    );
  }
  if (!availability.refund_in_full && !availability.partial_refund && !availability.partial_refund_form) {
    return null;
  }
  return (
    <Group gap="xs">
      {availability.refund_in_full && (
        <Button variant="default" size="xs" onClick={() => setMode('full')}>
          {__('Refund in full')}
        </Button>
      )}
      {availability.partial_refund && charge.order?.url && (
        <Button
          component="a"
          variant="default"
          size="xs"
          href={charge.order.url}
          onClick={() =>
            track('payments_transactions_details_partial_refund', {
              payment_intent_id: charge.payment_intent,
            })
          }
        >
          {__('Partial refund')}
        </Button>
      )}
      {availability.partial_refund_form && (
        <Button variant="default" size="xs" onClick={() => setMode('partial')}>
          {__('Partial refund')}
        </Button>
      )}
      {mode && (
        <Suspense fallback={null}>
          <RefundModal charge={charge} mode={mode} opened onClose={() => setMode(null)} />
        </Suspense>
      )}
    </Group>
  );
}

interface Props {
  intent: PaymentIntent;
  charge: Charge;
  actions: DetailActions;
}

/**
 * The charge summary, in the order amount, status, fees, net, date, method,
 * customer, order, risk; then the refund actions and the authorization actions.
 */
export function PaymentSummary({ intent, charge, actions }: Props) {
  // Canceling an authorization releases the whole hold, which the processor reports as a full
  // refund of the uncaptured charge; without this it would still read 'Payment authorized'.
  const released = intent.status === 'canceled' && !charge.captured;
  const status = chargeStatusDisplay(
    chargeDisplayStatus(
      released ? { ...charge, refunded: true, amount_refunded: charge.amount } : charge,
      intent.status,
    ),
  );
  const balance = charge.balance_transaction;
  const conversion =
    balance && balance.currency.toLowerCase() !== charge.currency.toLowerCase()
      ? conversionLine(
          {
            customer_currency: charge.currency,
            store_currency: balance.currency,
            customer_amount: charge.amount_captured,
            store_amount: balance.amount,
          },
          getSettings().locale,
        )
      : null;
  const risk = charge.outcome ? RISK_LEVELS[charge.outcome.risk_level] : undefined;
  return (
    <Card withBorder padding="lg" data-testid="payment-summary">
      {/* The refund buttons sit beside the amount, and under it where the card is narrow. */}
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} miw={0}>
          <Group gap="sm" align="center">
            <Text fz={28} fw={600} data-testid="payment-amount">
              {formatCurrency(charge.amount, charge.currency, getSettings().locale)}
            </Text>
            <Text c="dimmed" tt="uppercase">
              {charge.currency}
            </Text>
            <Badge color={CHIP_COLORS[status.chip]} variant="light" tt="none" data-testid="payment-status">
              {__(status.label)}
            </Badge>
          </Group>
          {conversion && (
            <Text size="sm" c="dimmed" data-testid="payment-conversion">
              {conversion}
            </Text>
          )}
          <Group gap="lg">
            {charge.amount_refunded > 0 && (
              <Text size="sm" data-testid="payment-refunded">
                {sprintf(__('Refunded: %s'), money(-charge.amount_refunded, charge.currency))}
              </Text>
            )}
            {balance && (
              <>
                <Text size="sm" data-testid="payment-fees">
                  {sprintf(__('Fees: %s'), money(-balance.fee, balance.currency))}
                </Text>
                {charge.paydown && (
                  <Text size="sm" data-testid="payment-paydown">
                    {sprintf(__('Loan repayment: %s'), money(charge.paydown.amount, charge.paydown.currency))}
                  </Text>
                )}
                <Text size="sm" fw={600} data-testid="payment-net">
                  {sprintf(
                    __('Net: %s'),
                    money(balance.net + paydownIn(charge, balance.currency), balance.currency),
                  )}
                </Text>
              </>
            )}
          </Group>
        </Stack>
        <RefundControls charge={charge} />
      </Group>
      <Divider my="md" />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" verticalSpacing="sm">
        <Detail label={__('Date')} testId="summary-date">
          {dateTime(charge.created)}
        </Detail>
        <Detail label={__('Payment method')} testId="summary-method">
          {methodSummary(charge)}
        </Detail>
        <Detail label={__('Customer')} testId="summary-customer">
          <Text size="sm">{charge.billing_details.name || '–'}</Text>
          {charge.billing_details.email && (
            <Anchor size="sm" href={`mailto:${charge.billing_details.email}`}>
              {charge.billing_details.email}
            </Anchor>
          )}
        </Detail>
        <Detail label={__('Order')} testId="summary-order">
          {charge.order ? <StorePageLink text={`#${charge.order.number}`} url={charge.order.url} /> : '–'}
          {charge.order?.subscriptions.map((subscription) => (
            <Anchor key={subscription.number} size="sm" href={subscription.url} display="block">
              {sprintf(__('Subscription #%s'), subscription.number)}
            </Anchor>
          ))}
        </Detail>
        <Detail label={__('Risk evaluation')} testId="summary-risk">
          {__(riskLevelLabel(risk))}
        </Detail>
        <Detail label={__('Payment ID')} testId="summary-id">
          <Text size="sm" ff="monospace">
            {intent.id}
          </Text>
        </Detail>
      </SimpleGrid>
      {(actions.capture_notice || actions.capture_cancel || actions.fraud_review) && (
        <Stack gap="sm" mt="md">
          <AuthorizationActions
            actions={actions}
            paymentIntentId={intent.id}
            order={charge.order}
            amount={money(charge.amount, charge.currency)}
          />
        </Stack>
      )}
    </Card>
  );
}
