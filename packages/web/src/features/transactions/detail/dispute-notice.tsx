import { Alert, Group, Text } from '@mantine/core';
import { isAwaitingResponse } from '@paydesk/domain/disputes/list-query';
import { DISPUTE_CHALLENGE_PATH } from '@paydesk/domain/disputes/paths';
import { disputedPaymentLabel } from '@paydesk/domain/transactions/status';
import { disputeReasonLabel } from '@paydesk/domain/transactions/timeline';
import { useEffect, useRef } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { dateTime, money } from './display.ts';
import type { Charge } from './types.ts';

/**
 * The dispute of a payment: its reason and, while it awaits a response, the deadline and the way
 * to the dispute challenge page, where evidence is entered.
 */
export function DisputeNotice({
  dispute,
  focus,
}: {
  dispute: NonNullable<Charge['dispute']>;
  /** Opened from a dispute (type=dispute): the notice is scrolled into view. */
  focus: boolean;
}) {
  const awaiting = isAwaitingResponse(dispute.status);
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
            <Text size="sm">
              {sprintf(__('Respond by %s'), dateTime(dispute.evidence_details.due_by))}{' '}
              <AdminLink path={DISPUTE_CHALLENGE_PATH} query={{ id: dispute.id }}>
                {__('Challenge dispute')}
              </AdminLink>
            </Text>
          )}
        </div>
      </Group>
    </Alert>
  );
}
