import { Alert, Button, Group, Text } from '@mantine/core';
import { disputedPaymentLabel } from '@paydesk/domain/transactions/status';
import { disputeReasonLabel } from '@paydesk/domain/transactions/timeline';
import { useEffect, useRef } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { dateTime, money } from './display.ts';
import type { Charge } from './types.ts';

const AWAITING_RESPONSE = ['needs_response', 'warning_needs_response'];

/**
 * The link to dispute handling: 'Respond' while the dispute needs a response, otherwise 'See
 * details' (spec 3 §2), both to the dispute challenge page.
 */
export function DisputeNotice({
  dispute,
  focus,
}: {
  dispute: NonNullable<Charge['dispute']>;
  /** Opened from a dispute (type=dispute): the notice is scrolled into view. */
  focus: boolean;
}) {
  const awaiting = AWAITING_RESPONSE.includes(dispute.status);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focus) ref.current?.scrollIntoView({ block: 'center' });
  }, [focus]);
  return (
    <Alert
      ref={ref}
      color={awaiting ? 'red' : 'gray'}
      title={__(disputedPaymentLabel(dispute.status))}
      data-testid="dispute-notice"
      id="dispute"
    >
      <Group justify="space-between" align="flex-end">
        <div>
          <Text size="sm">
            {sprintf(
              __('%1$s disputed as %2$s.'),
              money(dispute.amount, dispute.currency),
              __(disputeReasonLabel(dispute.reason)),
            )}
          </Text>
          {awaiting && (
            <Text size="sm">{sprintf(__('Respond by %s'), dateTime(dispute.evidence_details.due_by))}</Text>
          )}
        </div>
        <Button
          component={AdminLink}
          path="/payments/disputes/challenge"
          query={{ id: dispute.id }}
          size="xs"
          variant={awaiting ? 'filled' : 'default'}
        >
          {awaiting ? __('Respond') : __('See details')}
        </Button>
      </Group>
    </Alert>
  );
}
