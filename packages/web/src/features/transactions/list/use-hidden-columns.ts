import { HIDDEN_COLUMNS_PREFERENCES, type TransactionTab } from '@paydesk/domain/transactions/list-query';
import { useHiddenColumns as useHiddenColumnsPreference } from '../../../components/list/use-hidden-columns.ts';

/** The columns a merchant hid on one tab, under the tab's own preference. */
export function useHiddenColumns(tab: TransactionTab) {
  return useHiddenColumnsPreference(HIDDEN_COLUMNS_PREFERENCES[tab]);
}
