import { exports, type QueryOf } from '@paydesk/domain/contracts';
import { ExportButton as ListExportButton } from '../../../components/list/export-button.tsx';
import { apiFetch } from '../../../lib/api.ts';
import { __, sprintf } from '../../../lib/i18n.ts';

type ExportProps =
  | { list: 'transactions'; filters: QueryOf<typeof exports.requestTransactionsExport> }
  | { list: 'blocked'; filters: QueryOf<typeof exports.requestFraudOutcomesExport> };

type ExportButtonProps = ExportProps & {
  /** Whether the merchant narrowed the list; a narrowed export never asks first. */
  filtered: boolean;
  /** How many rows the export will have, once counted. */
  rowCount: number | undefined;
};

/** The transactions and blocked lists' CSV export. */
export function ExportButton(props: ExportButtonProps) {
  return (
    <ListExportButton
      list={props.list}
      filtered={props.filtered}
      rowCount={props.rowCount}
      confirmQuestion={(count) =>
        sprintf(
          __(
            "You are about to export %d transactions. If you'd like to reduce the size of your export, you can use one or more filters. Would you like to continue?",
          ),
          count,
        )
      }
      start={(body) =>
        props.list === 'transactions'
          ? apiFetch(exports.requestTransactionsExport, { query: props.filters, body })
          : apiFetch(exports.requestFraudOutcomesExport, { query: props.filters, body })
      }
      check={(export_id) =>
        apiFetch(
          props.list === 'transactions'
            ? exports.transactionsExportStatus
            : exports.fraudOutcomesExportStatus,
          { params: { export_id } },
        )
      }
    />
  );
}
