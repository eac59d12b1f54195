import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import type { disputes } from '@paydesk/domain/contracts';
import { reasonGuidance } from '@paydesk/domain/disputes/evidence';
import { disputeStatusLabel } from '@paydesk/domain/transactions/status';
import { disputeReasonLabel } from '@paydesk/domain/transactions/timeline';
import type { ReactNode } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { money, storeDate } from '../../../lib/display.ts';
import { __ } from '../../../lib/i18n.ts';

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <Text component="dt" size="xs" c="dimmed" tt="uppercase">
        {term}
      </Text>
      <Text component="dd" size="sm" m={0}>
        {children}
      </Text>
    </div>
  );
}

/** The dispute info block: what is disputed, why, and by when to respond; then what helps. */
export function DisputeInfo({ dispute }: { dispute: disputes.TDispute }) {
  const guidance = reasonGuidance(dispute.reason);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="dispute-info-heading">
      <Title order={2} size="h4" id="dispute-info-heading">
        {__('Dispute overview')}
      </Title>
      <SimpleGrid
        component="dl"
        cols={{ base: 2, sm: 3 }}
        spacing="md"
        mt="sm"
        mb={0}
        data-testid="dispute-info"
      >
        <Item term={__('Dispute amount')}>{money(dispute.amount, dispute.currency)}</Item>
        <Item term={__('Disputed on')}>{storeDate(dispute.created * 1000)}</Item>
        <Item term={__('Reason')}>{__(disputeReasonLabel(dispute.reason))}</Item>
        <Item term={__('Respond by')}>{storeDate(dispute.evidence_details.due_by * 1000)}</Item>
        <Item term={__('Status')}>{__(disputeStatusLabel(dispute.status))}</Item>
        <Item term={__('Order')}>
          {dispute.order ? `#${dispute.order.number}` : '–'}
          {dispute.charge.billing_details.name ? ` · ${dispute.charge.billing_details.name}` : ''}
        </Item>
      </SimpleGrid>
      <Text size="sm" mt="md" data-testid="dispute-guidance">
        {__(guidance.claim)} {__(guidance.respond)}
      </Text>
      <Text size="sm" mt="xs">
        <AdminLink
          path="/payments/transactions/details"
          query={{ id: dispute.charge.payment_intent, type: 'dispute' }}
        >
          {__('View the payment')}
        </AdminLink>
      </Text>
    </Card>
  );
}
