import { useSearch } from '../../../lib/navigation.ts';
import MultiCurrencySettingsPage from './multi-currency-settings-page.tsx';
import MultiCurrencySetupPage from './multi-currency-setup-page.tsx';

/**
 * The multi-currency pages behind one lazy route: the setup wizard (a wc-admin `path`) and the
 * store settings' multi-currency tab (its own address, without `path`).
 */
export default function MultiCurrencyPages() {
  return useSearch().get('path') ? <MultiCurrencySetupPage /> : <MultiCurrencySettingsPage />;
}
