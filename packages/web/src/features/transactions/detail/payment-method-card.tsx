import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { paymentMethodRows } from '@paydesk/domain/transactions/payment-method-rows';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import type { Charge } from './types.ts';

/** The payment-method block of every method type, then the billing details. */
export function PaymentMethodCard({ charge }: { charge: Charge }) {
  const rows = paymentMethodRows(charge.payment_method_details, charge.billing_details, {
    payment_method_id: charge.payment_method,
    accountCountry: getSettings().storeCountry,
    t: __,
  });
  return (
    <Card withBorder padding="lg" data-testid="payment-method-details">
      <Title order={2} size="h4" mb="md">
        {__('Payment method')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="sm">
        {rows.map((row) => (
          <div key={row.key} data-testid={`payment-method-${row.key}`}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {row.label}
            </Text>
            {(row.lines ?? [row.value]).map((line) => (
              <Text key={line} size="sm" style={{ overflowWrap: 'anywhere' }}>
                {line}
              </Text>
            ))}
          </div>
        ))}
      </SimpleGrid>
    </Card>
  );
}
