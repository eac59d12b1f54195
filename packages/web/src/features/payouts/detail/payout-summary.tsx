import {
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { payouts } from '@paydesk/domain/contracts';
import { payoutFeeLabel, payoutGrossAmount } from '@paydesk/domain/payouts/display';
import { PAYOUT_TYPE_LABELS } from '@paydesk/domain/transactions/status';
import type { ReactNode } from 'react';
import { money, storeDate } from '../../../lib/display.ts';
import { __ } from '../../../lib/i18n.ts';
import { PayoutStatusChip } from '../list/status-chip.tsx';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0}>
        {children}
      </Text>
    </Stack>
  );
}

/** The bank's reference for the payout, with a button that copies it. */
function BankReference({ value }: { value: string }) {
  return (
    <Group gap={6}>
      <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="bank-reference">
        {value}
      </Text>
      <CopyButton value={value} timeout={2000}>
        {({ copied, copy }) => (
          <>
            <Button
              variant="subtle"
              size="compact-xs"
              onClick={copy}
              data-testid="copy-bank-reference"
              data-copied={copied ? 'true' : 'false'}
              aria-label={copied ? __('Copied!') : __('Copy bank reference ID')}
            >
              {copied ? __('Copied!') : __('Copy')}
            </Button>
            {/* Said once by a screen reader when the copy succeeds; the button keeps its focus. */}
            <VisuallyHidden aria-live="polite">{copied ? __('Bank reference ID copied') : ''}</VisuallyHidden>
          </>
        )}
      </CopyButton>
    </Group>
  );
}

/** The payout detail page: the overview summary and the bank account. */
export function PayoutSummary({ payout }: { payout: payouts.TPayout }) {
  return (
    <Card withBorder padding="lg" data-testid="payout-summary">
      <Group justify="space-between" mb="md" wrap="wrap">
        <Title order={2} size="h3">
          {money(payoutGrossAmount(payout), payout.currency)}
        </Title>
        <PayoutStatusChip status={payout.status} type={payout.type} />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md" component="dl" m={0}>
        <Field label={__('Date')} testId="payout-date">
          {storeDate(payout.date)}
        </Field>
        <Field label={__('Type')}>{__(PAYOUT_TYPE_LABELS[payout.type])}</Field>
        <Field label={__(payoutFeeLabel(payout.fee_percentage))} testId="payout-fee">
          {money(-payout.fee, payout.currency)}
        </Field>
        <Field label={__('Net payout')} testId="payout-net">
          {money(payout.amount, payout.currency)}
        </Field>
        <Field label={__('Bank account')} testId="payout-bank-account">
          {payout.bankAccount}
        </Field>
        <Field label={__('Bank reference ID')}>
          <BankReference value={payout.bank_reference_key} />
        </Field>
      </SimpleGrid>
      {payout.failure_message && (
        <Text size="sm" c="red" mt="md" data-testid="payout-failure">
          {payout.failure_message}
        </Text>
      )}
    </Card>
  );
}
