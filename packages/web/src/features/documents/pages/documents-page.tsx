import { Button, Stack } from '@mantine/core';
import { formatStoreDate } from '@paydesk/domain/date-format';
import type { DocumentType } from '@paydesk/domain/documents/invoices';
import { DOCUMENT_TYPE_LABELS, VAT_INVOICE_DESCRIPTION } from '@paydesk/domain/documents/invoices';
import { documentsFilterRequest, documentsListRequest } from '@paydesk/domain/documents/list-query';
import { utcDateTimeSeconds } from '@paydesk/domain/time';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { queryListProps, urlListProps } from '../../../components/list/list-props.ts';
import { SummaryRow } from '../../../components/list/summary-row.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { downloadFile } from '../../../lib/download.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { useQueryValues } from '../../../lib/navigation.ts';
import { documentUrl, useDocuments, useDocumentsSummary } from '../api/documents.ts';
import { DocumentFilters } from '../components/document-filters.tsx';

interface DocumentRow {
  document_id: string;
  type: DocumentType;
  date: string;
  period_from: string;
  period_to: string;
}

/** "VAT invoice for March 1, 2026 to March 31, 2026": the period in UTC days. */
function description(row: DocumentRow): string {
  const format = getSettings().dateFormat;
  return sprintf(
    __(VAT_INVOICE_DESCRIPTION),
    formatStoreDate(utcDateTimeSeconds(row.period_from), format),
    formatStoreDate(utcDateTimeSeconds(row.period_to), format),
  );
}

/** The wizard loads when a download first needs it. */
const VatWizard = lazy(() =>
  import('../components/vat-wizard.tsx').then((module) => ({ default: module.VatWizard })),
);

/**
 * /payments/documents: the account's documents, each a PDF to download. Invoices
 * carry the merchant's VAT details, so a download asked for before they were given opens the
 * VAT wizard first and goes on once the details are saved.
 */
export default function DocumentsPage() {
  const query = useQueryValues();
  const position = documentsListRequest(query);
  const list = useDocuments(position);
  const summary = useDocumentsSummary(documentsFilterRequest(query));
  const settings = getSettings();
  const [vatGiven, setVatGiven] = useState(settings.accountStatus.hasSubmittedVatData);
  const [pending, setPending] = useState<string | null>(null);
  const download = useCallback(
    (id: string) => {
      if (!vatGiven) {
        setPending(id);
        return;
      }
      downloadFile(documentUrl(id));
    },
    [vatGiven],
  );

  // A link naming one document (`document_id` and `document_type`) downloads it on arrival.
  const requested = useRef(false);
  useEffect(() => {
    if (requested.current || !query.document_id || !query.document_type) return;
    requested.current = true;
    download(query.document_id);
  }, [query.document_id, query.document_type, download]);

  const columns = useMemo<DataTableColumn<DocumentRow>[]>(
    () => [
      {
        id: 'date',
        header: __('Date'),
        sortable: true,
        required: true,
        nowrap: true,
        cell: (row) => formatStoreDate(utcDateTimeSeconds(row.date), settings.dateFormat, settings.timezone),
      },
      {
        id: 'type',
        header: __('Type'),
        sortable: true,
        required: true,
        defaultDirection: 'asc',
        cell: (row) => __(DOCUMENT_TYPE_LABELS[row.type] ?? row.type),
      },
      { id: 'description', header: __('Description'), required: true, cell: description },
      {
        id: 'download',
        header: __('Download'),
        required: true,
        ownLinks: true,
        cell: (row) => (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => download(row.document_id)}
            aria-label={sprintf(__('Download %s'), description(row))}
            data-testid={`download-${row.document_id}`}
          >
            {__('Download')}
          </Button>
        ),
      },
    ],
    [download, settings.dateFormat, settings.timezone],
  );

  return (
    <Stack gap="sm">
      <DocumentFilters key={JSON.stringify(documentsFilterRequest(query))} query={query} />
      <DataTable
        title={__('Documents')}
        testId="documents-list"
        columns={columns}
        {...queryListProps(list, __('Error retrieving documents.'))}
        {...urlListProps({
          page: position.page,
          perPage: position.pagesize,
          sort: { orderby: position.sort, order: position.direction },
        })}
        rows={list.data?.data as DocumentRow[] | undefined}
        rowKey={(row) => row.document_id}
        emptyMessage={__(
          'No documents yet. Fee invoices appear here after each month in which fees were charged.',
        )}
        totalRows={summary.data?.count}
        summary={
          <SummaryRow
            testId="documents-summary"
            countLabel={(count) => _n('document', 'documents', count)}
            count={summary.data?.count}
            totals={[]}
            isLoading={summary.isLoading}
          />
        }
      />
      {pending !== null && (
        <Suspense fallback={null}>
          <VatWizard
            opened
            country={settings.accountStatus.country}
            onClose={() => setPending(null)}
            onCompleted={() => {
              setVatGiven(true);
              const id = pending;
              setPending(null);
              if (id) downloadFile(documentUrl(id));
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
