import { Badge } from '@mantine/core';
import { payoutStatusDisplay } from '@paydesk/domain/transactions/status';
import { CHIP_COLORS } from '../../../lib/display.ts';
import { __ } from '../../../lib/i18n.ts';

/** A payout's status chip; a paid withdrawal reads "Completed (deducted)". */
export function PayoutStatusChip({ status, type }: { status: string; type: string }) {
  const display = payoutStatusDisplay(status, type);
  return (
    <Badge color={CHIP_COLORS[display.chip]} variant="light" tt="none" data-testid="payout-status">
      {__(display.label)}
    </Badge>
  );
}
