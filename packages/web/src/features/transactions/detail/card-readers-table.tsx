import { Alert, Button, Card, Group, Pagination, Skeleton, Table, Text, Title } from '@mantine/core';
import type { cardReaders } from '@paydesk/domain/contracts';
import { csvRecord, textCell } from '@paydesk/domain/exports/csv';
import { useState } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { useReaderCharges } from './api/get-reader-charges.ts';
import { countText, money } from './display.ts';

/** The per-charge readers table shows 25 rows per page by default. */
export const READERS_PAGE_SIZE = 25;

type Row = cardReaders.TReaderStatsRow;

/**
 * The table as CSV, with the columns the page shows; fees in the store's number format. A
 * reader's id is the store's text, so every cell is written as the server's exports write text:
 * neutralised against formulas (domain/exports/csv.ts).
 */
export function readersCsv(rows: readonly Row[]): string {
  const header = [__('Reader id'), __('Status'), __('Transactions'), __('Fee')];
  const lines = [
    header,
    ...rows.map((row) => [
      row.reader_id,
      row.status,
      String(row.count),
      money(row.fee.amount, row.fee.currency),
    ]),
  ];
  return lines.map((line) => csvRecord(line.map(textCell))).join('');
}

function download(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filename;
  anchor.click();
  // The click has started the download; the object URL is not needed after it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * What a card reader fee charged for, per reader: Reader id, Status, Transactions
 * and Fee, 25 rows a page, with a CSV download.
 */
export function CardReadersTable({ id }: { id: string }) {
  const readers = useReaderCharges(id);
  const [page, setPage] = useState(1);
  if (readers.isError) {
    return (
      <Alert color="red" data-testid="readers-error">
        {__('Readers details not loaded')}
      </Alert>
    );
  }
  const rows = readers.data ?? [];
  const pages = Math.max(1, Math.ceil(rows.length / READERS_PAGE_SIZE));
  const shown = rows.slice((page - 1) * READERS_PAGE_SIZE, page * READERS_PAGE_SIZE);
  return (
    <Card withBorder padding="lg" data-testid="card-readers">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h4">
          {__('Card readers')}
        </Title>
        <Button
          variant="default"
          size="xs"
          disabled={rows.length === 0}
          onClick={() => download(`card-readers-${id}.csv`, readersCsv(rows))}
        >
          {__('Download')}
        </Button>
      </Group>
      <Table striped highlightOnHover aria-label={__('Card readers')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{__('Reader id')}</Table.Th>
            <Table.Th>{__('Status')}</Table.Th>
            <Table.Th ta="right">{__('Transactions')}</Table.Th>
            <Table.Th ta="right">{__('Fee')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {readers.isPending ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Skeleton h={16} />
              </Table.Td>
            </Table.Tr>
          ) : shown.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={4}>
                <Text size="sm" c="dimmed">
                  {__('No readers found.')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            shown.map((row) => (
              <Table.Tr key={row.reader_id} data-testid="reader-row">
                <Table.Td ff="monospace">{row.reader_id}</Table.Td>
                <Table.Td>{row.status}</Table.Td>
                <Table.Td ta="right">{countText(row.count)}</Table.Td>
                <Table.Td ta="right">{money(row.fee.amount, row.fee.currency)}</Table.Td>
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
      </Table>
      {pages > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pages} value={page} onChange={setPage} size="sm" />
        </Group>
      )}
    </Card>
  );
}
