import { Alert, Skeleton, Table, Text } from '@mantine/core';
import { disputeWinRate } from '@paydesk/domain/disputes/outcomes';
import { disputeReasonLabel } from '@paydesk/domain/transactions/timeline';
import { SectionCard } from '../../../components/section-card.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { type DisputesFilters, useDisputeOutcomes } from '../api/disputes.ts';

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** A win rate as the table shows it: "67%", or a dash when nothing was decided. */
function rate(won: number, lost: number): string {
  const percent = disputeWinRate(won, lost);
  return percent === null ? '–' : sprintf(__('%d%%'), percent);
}

/**
 * How the disputes the list's filters select have ended, by reason: won, lost and the share
 * won. Only disputes the issuer decided count; inquiries and open disputes do not.
 */
export function DisputeWinRates({ filters }: { filters: DisputesFilters }) {
  const outcomes = useDisputeOutcomes(filters);
  const data = outcomes.data;
  return (
    <SectionCard id="win-rates-heading" title={__('Win rate by reason')} testId="win-rates">
      <Text size="sm" c="dimmed" mb="sm">
        {__('Disputes won and lost among those listed above. Open disputes and inquiries are not counted.')}
      </Text>
      {outcomes.isError ? (
        <Alert color="red">{__('Error retrieving the win rate.')}</Alert>
      ) : !data ? (
        <Skeleton h={80} />
      ) : data.reasons.length === 0 ? (
        <Text size="sm" data-testid="win-rates-empty">
          {__('No dispute has been won or lost yet.')}
        </Text>
      ) : (
        <Table aria-labelledby="win-rates-heading" data-testid="win-rates-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{__('Reason')}</Table.Th>
              <Table.Th style={numeric}>{__('Won')}</Table.Th>
              <Table.Th style={numeric}>{__('Lost')}</Table.Th>
              <Table.Th style={numeric}>{__('Win rate')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.reasons.map((row) => (
              <Table.Tr key={row.reason} data-testid="win-rate" data-reason={row.reason}>
                <Table.Th scope="row" fw={400}>
                  {__(disputeReasonLabel(row.reason))}
                </Table.Th>
                <Table.Td style={numeric}>{row.won}</Table.Td>
                <Table.Td style={numeric}>{row.lost}</Table.Td>
                <Table.Td style={numeric}>{rate(row.won, row.lost)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr data-testid="win-rate-total">
              <Table.Th scope="row">{__('All reasons')}</Table.Th>
              <Table.Td style={numeric}>{data.won}</Table.Td>
              <Table.Td style={numeric}>{data.lost}</Table.Td>
              <Table.Td style={numeric} fw={700}>
                {rate(data.won, data.lost)}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      )}
    </SectionCard>
  );
}
