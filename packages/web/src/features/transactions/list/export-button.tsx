import { Button } from '@mantine/core';
import { exports, type QueryOf } from '@paydesk/domain/contracts';
import { forcedDownloadUrl, pollExport } from '@paydesk/domain/transactions/export-polling';
import { exportNeedsConfirmation } from '@paydesk/domain/transactions/filters';
import { useState } from 'react';
import { apiFetch } from '../../../lib/api.ts';
import { getPage, getSettings } from '../../../lib/bootstrap.ts';
import { downloadFile } from '../../../lib/download.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';

type ExportProps =
  | { list: 'transactions'; filters: QueryOf<typeof exports.requestTransactionsExport> }
  | { list: 'blocked'; filters: QueryOf<typeof exports.requestFraudOutcomesExport> };

type ExportButtonProps = ExportProps & {
  /** Whether the merchant narrowed the list; a narrowed export never asks first. */
  filtered: boolean;
  /** How many rows the export will have, once counted. */
  rowCount: number | undefined;
};

/** Starts the browser's download of a finished export. */
const download = (url: string) => downloadFile(forcedDownloadUrl(url));

async function runExport(props: ExportProps): Promise<void> {
  const settings = getSettings();
  const body = {
    user_email: getPage().user.email,
    locale: settings.locale,
    user_timezone: settings.timezone,
  };
  const started =
    props.list === 'transactions'
      ? await apiFetch(exports.requestTransactionsExport, { query: props.filters, body })
      : await apiFetch(exports.requestFraudOutcomesExport, { query: props.filters, body });
  createNotice(
    'success',
    sprintf(
      __("We're processing your export. 🎉 The file will download automatically and be emailed to %s."),
      started.user_email,
    ),
  );
  const status =
    props.list === 'transactions' ? exports.transactionsExportStatus : exports.fraudOutcomesExportStatus;
  const result = await pollExport({
    check: () => apiFetch(status, { params: { export_id: started.export_id } }),
    wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  });
  if (!result.ready && result.reason === 'timed_out') {
    // The job is still writing a large file after the last check; it is not lost, and the
    // e-mail brings it (docs/decisions.md, "Exports that outlast the polling").
    createNotice(
      'info',
      sprintf(
        __('Your export is taking longer than usual. It will be emailed to %s when it is ready.'),
        started.user_email,
      ),
    );
    return;
  }
  if (!result.ready)
    throw new Error(`Export ${started.export_id} ${result.reason} after ${result.attempts} checks`);
  download(result.download_url);
}

/**
 * Exports the list as a CSV file (spec 2 §5 and §7): an unfiltered export of many rows asks
 * first; the file downloads by itself once ready, and is e-mailed too.
 */
export function ExportButton({ filtered, rowCount, ...props }: ExportButtonProps) {
  const [requesting, setRequesting] = useState(false);
  const start = async () => {
    const count = rowCount ?? 0;
    if (exportNeedsConfirmation(props.list, count, filtered)) {
      const question = sprintf(
        __(
          "You are about to export %d transactions. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
        ),
        count,
      );
      if (!window.confirm(question)) return;
    }
    setRequesting(true);
    try {
      await runExport(props as ExportProps);
    } catch (error) {
      console.error('Export failed', error);
      createNotice('error', __('There was a problem generating your export.'));
    } finally {
      setRequesting(false);
    }
  };
  return (
    <Button
      variant="default"
      size="sm"
      loading={requesting}
      disabled={rowCount === undefined || rowCount === 0}
      onClick={() => void start()}
      data-testid="export-button"
    >
      {__('Export')}
    </Button>
  );
}
