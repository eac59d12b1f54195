import { Alert, Card, Group, Skeleton, Table, Text, Title } from '@mantine/core';
import { exports, type payouts } from '@paydesk/domain/contracts';
import { payoutGrossAmount } from '@paydesk/domain/payouts/display';
import { transactionTypeLabel } from '@paydesk/domain/transactions/status';
import { ExportButton } from '../../../components/list/export-button.tsx';
import { apiFetch } from '../../../lib/api.ts';
import { countText, money } from '../../../lib/display.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { useReconciliation } from '../api/get-reconciliation.ts';

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/**
 * What the payout is made of: its ledger movements by type, their total against the payout's
 * amount plus fee, and the movements as a CSV file (the transactions export of this payout).
 */
export function PayoutReconciliation({ payout }: { payout: payouts.TPayout }) {
  const reconciliation = useReconciliation(payout.id);
  const data = reconciliation.data;
  const currency = payout.currency;
  const movements = data?.lines.reduce((sum, line) => sum + line.count, 0);
  return (
    <Card
      withBorder
      padding="lg"
      component="section"
      aria-labelledby="reconciliation-heading"
      data-testid="reconciliation"
    >
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4" id="reconciliation-heading">
          {__('Reconciliation')}
        </Title>
        <ExportButton
          list="transactions"
          filtered
          rowCount={movements}
          confirmQuestion={() => ''}
          start={(body) =>
            apiFetch(exports.requestTransactionsExport, { query: { deposit_id: payout.id }, body })
          }
          check={(export_id) => apiFetch(exports.transactionsExportStatus, { params: { export_id } })}
        />
      </Group>
      {reconciliation.isError ? (
        <Alert color="red">{__('Error retrieving payout.')}</Alert>
      ) : !data ? (
        <Skeleton h={120} />
      ) : data.lines.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="reconciliation-empty">
          {__('This payout holds no movements: a failed payout returns them to your balance.')}
        </Text>
      ) : (
        // On a narrow screen the table scrolls in its own region, which the keyboard can reach.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls must be reachable by keyboard
        <section aria-labelledby="reconciliation-heading" tabIndex={0} style={{ overflowX: 'auto' }}>
          <Table aria-labelledby="reconciliation-heading" data-testid="reconciliation-table" miw={420}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{__('Type')}</Table.Th>
                <Table.Th style={numeric}>{__('Count')}</Table.Th>
                <Table.Th style={numeric}>{__('Amount')}</Table.Th>
                <Table.Th style={numeric}>{__('Fees')}</Table.Th>
                <Table.Th style={numeric}>{__('Net')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.lines.map((line) => (
                <Table.Tr key={line.type} data-testid="reconciliation-line" data-type={line.type}>
                  <Table.Td>{__(transactionTypeLabel(line.type))}</Table.Td>
                  <Table.Td style={numeric}>{countText(line.count)}</Table.Td>
                  <Table.Td style={numeric}>{money(line.amount, currency)}</Table.Td>
                  <Table.Td style={numeric}>{money(-line.fee, currency)}</Table.Td>
                  <Table.Td style={numeric}>{money(line.net, currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row" colSpan={4}>
                  {__('Total')}
                </Table.Th>
                <Table.Td style={numeric} fw={700} data-testid="reconciliation-total">
                  {money(data.total_net, currency)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </section>
      )}
      {data && data.lines.length > 0 && (
        <Text size="sm" c="dimmed" mt="sm" data-testid="reconciliation-check">
          {data.total_net === payoutGrossAmount(payout)
            ? sprintf(
                __('The movements add up to the payout of %s.'),
                money(payoutGrossAmount(payout), currency),
              )
            : sprintf(
                __('The movements add up to %1$s, not the payout of %2$s.'),
                money(data.total_net, currency),
                money(payoutGrossAmount(payout), currency),
              )}
        </Text>
      )}
    </Card>
  );
}
