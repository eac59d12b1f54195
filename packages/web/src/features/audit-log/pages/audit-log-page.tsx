import { Button, Group, Stack } from '@mantine/core';
import { auditLogFilterRequest, auditLogListRequest } from '@paydesk/domain/audit-log/list-query';
import { AUDIT_OUTCOME_LABELS } from '@paydesk/domain/audit-log/outcomes';
import type { TAuditLogRow } from '@paydesk/domain/contracts/audit-log';
import { formatStoreDateTime } from '@paydesk/domain/date-format';
import { lazy, Suspense, useMemo, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { queryListProps, urlListProps } from '../../../components/list/list-props.ts';
import { SummaryRow } from '../../../components/list/summary-row.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { withNonce } from '../../../lib/download.ts';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import { useQueryValues } from '../../../lib/navigation.ts';
import { auditLogDownloadUrl, useAuditLog, useAuditLogSummary } from '../api/audit-log.ts';
import { AuditFilters } from '../components/audit-filters.tsx';

/** The details open in a modal that loads when first asked for. */
const ChangeDetails = lazy(() =>
  import('../components/change-details.tsx').then((module) => ({ default: module.ChangeDetails })),
);

/**
 * /payments/audit-log: every change made through the admin and the API, every refused request
 * and failed sign-in, newest first (docs/audit-log.md). Read-only; the filtered rows download as
 * CSV.
 */
export default function AuditLogPage() {
  const query = useQueryValues();
  const request = auditLogListRequest(query);
  const filters = auditLogFilterRequest(query);
  const list = useAuditLog(request);
  const summary = useAuditLogSummary(filters);
  const settings = getSettings();
  const [open, setOpen] = useState<TAuditLogRow | null>(null);
  const when = (row: TAuditLogRow) => formatStoreDateTime(row.created, settings);

  const columns = useMemo<DataTableColumn<TAuditLogRow>[]>(
    () => [
      {
        id: 'created',
        header: __('Date'),
        sortable: true,
        required: true,
        nowrap: true,
        cell: (row) => formatStoreDateTime(row.created, settings),
      },
      {
        id: 'user',
        header: __('User'),
        required: true,
        cell: (row) => row.username ?? __('Nobody signed in'),
      },
      { id: 'credential', header: __('Credential'), required: true, cell: (row) => row.credential },
      { id: 'ip', header: __('Address'), required: true, cell: (row) => row.ip },
      { id: 'action', header: __('Action'), required: true, cell: (row) => row.action },
      { id: 'object', header: __('Object'), required: true, cell: (row) => row.object_id ?? '—' },
      {
        id: 'outcome',
        header: __('Outcome'),
        required: true,
        cell: (row) => __(AUDIT_OUTCOME_LABELS[row.outcome]),
      },
      {
        id: 'status',
        header: __('Status'),
        required: true,
        numeric: true,
        cell: (row) => (row.status === null ? '—' : row.status),
      },
      {
        id: 'details',
        header: __('Details'),
        required: true,
        ownLinks: true,
        cell: (row) => (
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => setOpen(row)}
            aria-label={sprintf(
              __('Details of %1$s, %2$s'),
              row.action,
              formatStoreDateTime(row.created, settings),
            )}
            data-testid={`audit-details-${row.id}`}
          >
            {__('Details')}
          </Button>
        ),
      },
    ],
    [settings],
  );

  return (
    <Stack gap="sm">
      <AuditFilters key={JSON.stringify(filters)} query={query} />
      <DataTable
        title={__('Audit log')}
        testId="audit-log-list"
        columns={columns}
        {...queryListProps(list, __('Error retrieving the audit log.'))}
        {...urlListProps({
          page: request.page,
          perPage: request.pagesize,
          sort: { orderby: 'created', order: request.direction },
        })}
        rowKey={(row) => String(row.id)}
        onRetry={() => void list.refetch()}
        emptyMessage={
          Object.keys(filters).length > 0
            ? __('No audit log entries match these filters.')
            : __('No audit log entries yet. Changes, refused requests and failed sign-ins appear here.')
        }
        totalRows={summary.data?.count}
        actions={
          <Group gap="xs">
            <Button
              component="a"
              variant="default"
              size="compact-sm"
              href={withNonce(auditLogDownloadUrl(filters))}
              download
              data-testid="audit-export"
            >
              {__('Download CSV')}
            </Button>
          </Group>
        }
        summary={
          <SummaryRow
            testId="audit-log-summary"
            countLabel={(count) => _n('entry', 'entries', count)}
            count={summary.data?.count}
            totals={[]}
            isLoading={summary.isLoading}
          />
        }
      />
      {open !== null && (
        <Suspense fallback={null}>
          <ChangeDetails row={open} when={when(open)} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
