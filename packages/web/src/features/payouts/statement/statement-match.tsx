import { Alert, Button, FileInput, Group, Stack, Table, Text, Title } from '@mantine/core';
import { payouts } from '@paydesk/domain/contracts';
import {
  STATEMENT_MATCH_WINDOW_DAYS,
  STATEMENT_MAX_BYTES,
  STATEMENT_MAX_BYTES_MESSAGE,
} from '@paydesk/domain/payouts/statement';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { ApiError, apiUpload, serverMessage } from '../../../lib/api.ts';
import { money, storeDate } from '../../../lib/display.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { DETAIL_PATH } from '../paths.ts';

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

/** What the server said, with a refused field's own reason where it gave one. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError))
    return __('The statement could not be sent. Check your connection and try again.');
  return serverMessage(error);
}

/**
 * "Match a bank statement" (payouts page): the merchant uploads the bank's statement as CSV and
 * sees which lines no payout explains and which payouts no line shows. Matching is the server's
 * (`POST {base}/deposits/reconcile`); nothing is stored.
 */
export function StatementMatch() {
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const match = useMutation({
    mutationFn: (statement: File) => {
      const form = new FormData();
      form.append('file', statement, statement.name);
      return apiUpload(payouts.reconcileStatement, form);
    },
  });
  const choose = (chosen: File | null) => {
    setFile(chosen);
    setTooLarge(chosen !== null && chosen.size > STATEMENT_MAX_BYTES);
    match.reset();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (file && !tooLarge) match.mutate(file);
  };
  const result = match.data;
  return (
    <SectionCard id="statement-heading" title={__('Match a bank statement')} testId="statement-match">
      <Text size="sm" mb="sm">
        {sprintf(
          __(
            'Upload the statement of your bank account as a CSV file with date, amount and reference columns (and a currency column if it holds more than one currency). Each line is matched to a payout of the same amount and currency arriving within %d days of it.',
          ),
          STATEMENT_MATCH_WINDOW_DAYS,
        )}
      </Text>
      <form onSubmit={submit}>
        <Group align="flex-end" wrap="wrap">
          <FileInput
            label={__('Bank statement (CSV)')}
            placeholder={__('Choose a file')}
            accept=".csv,text/csv"
            value={file}
            onChange={choose}
            clearable
            clearButtonProps={{ 'aria-label': __('Remove the chosen file') }}
            w={320}
            data-testid="statement-file"
            error={tooLarge ? STATEMENT_MAX_BYTES_MESSAGE : undefined}
          />
          <Button
            type="submit"
            disabled={!file || tooLarge}
            loading={match.isPending}
            data-testid="statement-submit"
          >
            {__('Match statement')}
          </Button>
        </Group>
      </form>
      <div aria-live="polite">
        {match.isError && (
          <Alert
            color="red"
            mt="md"
            title={__('The statement was not matched.')}
            data-testid="statement-error"
          >
            {failureText(match.error)}
          </Alert>
        )}
        {result && <StatementResult result={result} />}
      </div>
    </SectionCard>
  );
}

function StatementResult({ result }: { result: payouts.TStatementReconciliation }) {
  const lines = result.matched.length + result.unmatched_lines.length;
  const complete = result.unmatched_lines.length === 0 && result.unmatched_payouts.length === 0;
  return (
    <Stack gap="md" mt="md" data-testid="statement-result">
      <Text size="sm" fw={600} data-testid="statement-summary">
        {[
          sprintf(
            _n('%1$d of %2$d line matched a payout.', '%1$d of %2$d lines matched a payout.', lines),
            result.matched.length,
            lines,
          ),
          complete ? __('Every payout arriving in these dates is on the statement.') : '',
        ]
          .filter(Boolean)
          .join(' ')}
      </Text>
      <ResultTable
        heading={__('Lines without a payout')}
        testId="statement-unmatched-line"
        columns={[__('Line'), __('Date'), __('Reference'), __('Amount')]}
        rows={result.unmatched_lines.map((line) => ({
          key: String(line.line),
          cells: [line.line, line.date, line.reference, money(line.amount, line.currency)],
        }))}
      />
      <ResultTable
        heading={__('Payouts not on the statement')}
        testId="statement-unmatched-payout"
        columns={[__('Date'), __('Bank reference'), __('Amount')]}
        rows={result.unmatched_payouts.map((payout) => ({
          key: payout.id,
          cells: [
            <AdminLink key="date" path={DETAIL_PATH} query={{ id: payout.id }}>
              {storeDate(payout.arrival_date)}
            </AdminLink>,
            payout.bank_reference_key,
            money(payout.type === 'withdrawal' ? -payout.amount : payout.amount, payout.currency),
          ],
        }))}
      />
    </Stack>
  );
}

/** One list of the result under its own heading; the last column is an amount. Nothing when empty. */
function ResultTable({
  heading,
  testId,
  columns,
  rows,
}: {
  heading: string;
  testId: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  const headingId = useId();
  if (rows.length === 0) return null;
  const last = columns.length - 1;
  return (
    <div>
      <Title order={3} size="h5" id={headingId} mb="xs">
        {heading}
      </Title>
      <Table aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column} style={index === last ? numeric : undefined}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key} data-testid={testId}>
              {row.cells.map((cell, index) => (
                <Table.Td key={columns[index]} style={index === last ? numeric : undefined}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
