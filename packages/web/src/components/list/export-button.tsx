import { Button } from '@mantine/core';
import type { exports } from '@paydesk/domain/contracts';
import { forcedDownloadUrl, pollExport } from '@paydesk/domain/transactions/export-polling';
import {
  type EXPORT_CONFIRMATION_THRESHOLDS,
  exportNeedsConfirmation,
} from '@paydesk/domain/transactions/filters';
import { useState } from 'react';
import { getPage, getSettings } from '../../lib/bootstrap.ts';
import { downloadFile } from '../../lib/download.ts';
import { __, sprintf } from '../../lib/i18n.ts';
import { createNotice } from '../../lib/notices.tsx';

/** Who the file is for: the signed-in user, in the store's language and time zone. */
export type ExportRecipient = { user_email: string; locale: string; user_timezone: string };

export interface ExportButtonProps {
  /** Which list's confirmation threshold applies. */
  list: keyof typeof EXPORT_CONFIRMATION_THRESHOLDS;
  /** The confirmation question for an unfiltered export of `count` rows. */
  confirmQuestion: (count: number) => string;
  /** Asks for the export with the list's filters. */
  start: (recipient: ExportRecipient) => Promise<exports.TExportStarted>;
  /** Where the export stands. */
  check: (export_id: string) => Promise<exports.TExportStatus>;
  /** Whether the merchant narrowed the list; a narrowed export never asks first. */
  filtered: boolean;
  /** How many rows the export will have, once counted. */
  rowCount: number | undefined;
}

async function runExport({ start, check }: Pick<ExportButtonProps, 'start' | 'check'>): Promise<void> {
  const settings = getSettings();
  const started = await start({
    user_email: getPage().user.email,
    locale: settings.locale,
    user_timezone: settings.timezone,
  });
  createNotice(
    'success',
    sprintf(
      __("We're processing your export. 🎉 The file will download automatically and be emailed to %s."),
      started.user_email,
    ),
  );
  const result = await pollExport({
    check: () => check(started.export_id),
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
  downloadFile(forcedDownloadUrl(result.download_url));
}

/**
 * Exports a list as a CSV file: an unfiltered export of many rows asks
 * first; the file downloads by itself once ready, and is e-mailed too.
 */
export function ExportButton({ list, confirmQuestion, filtered, rowCount, ...calls }: ExportButtonProps) {
  const [requesting, setRequesting] = useState(false);
  const begin = async () => {
    const count = rowCount ?? 0;
    if (exportNeedsConfirmation(list, count, filtered) && !window.confirm(confirmQuestion(count))) return;
    setRequesting(true);
    try {
      await runExport(calls);
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
      onClick={() => void begin()}
      data-testid="export-button"
    >
      {__('Export')}
    </Button>
  );
}
