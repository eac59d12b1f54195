import { Box, Button, Checkbox, Group, Skeleton, Stack, Text } from '@mantine/core';
import { storePreviewUrl } from '@paydesk/domain/multi-currency/wizard';
import { useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useMultiCurrencySettings, useUpdateMultiCurrencySettings } from '../api/multi-currency.ts';

/**
 * The two storefront settings (automatic currency, currency switcher) and their save, shared by
 * the wizard's second step and the settings tab. With `withPreview` the store preview follows
 * the checkboxes before anything is saved (is_mc_onboarding_simulation=1 and the two values).
 */
export function StoreSettingsForm({
  submitLabel,
  onSaved,
  withPreview = false,
}: {
  submitLabel: string;
  onSaved: () => void;
  withPreview?: boolean;
}) {
  const settings = useMultiCurrencySettings();
  const save = useUpdateMultiCurrencySettings();
  const [auto, setAuto] = useState<boolean | null>(null);
  const [switcher, setSwitcher] = useState<boolean | null>(null);
  if (settings.isError) {
    return (
      <LoadError message={__('Error retrieving store settings.')} onRetry={() => void settings.refetch()} />
    );
  }
  if (settings.isPending) return <Skeleton h={80} aria-label={__('Loading')} />;
  const autoOn = auto ?? settings.data.wcpay_multi_currency_enable_auto_currency;
  const switcherOn = switcher ?? settings.data.wcpay_multi_currency_enable_storefront_switcher;
  const submit = () =>
    save.mutate(
      {
        wcpay_multi_currency_enable_auto_currency: autoOn ? 'yes' : 'no',
        wcpay_multi_currency_enable_storefront_switcher: switcherOn ? 'yes' : 'no',
      },
      { onSuccess: onSaved, onError: () => createNotice('error', __('Error saving store settings.')) },
    );
  return (
    <Stack gap="sm">
      <Checkbox
        label={__('Automatically switch customers to their local currency if it has been enabled')}
        description={__('Visitors see prices in the currency of the country they visit from.')}
        checked={autoOn}
        onChange={(event) => setAuto(event.currentTarget.checked)}
      />
      <Checkbox
        label={__('Add a currency switcher to your store')}
        description={__('Customers choose the currency they see prices in.')}
        checked={switcherOn}
        onChange={(event) => setSwitcher(event.currentTarget.checked)}
      />
      {withPreview ? (
        <Box bd="1px solid var(--mantine-color-default-border)">
          <iframe
            title={__('Store preview')}
            src={storePreviewUrl(settings.data.store_url, {
              is_mc_onboarding_simulation: '1',
              enable_storefront_switcher: switcherOn ? 'true' : 'false',
              enable_auto_currency: autoOn ? 'true' : 'false',
            })}
            data-testid="store-preview"
            style={{ width: '100%', height: 420, border: 0, display: 'block' }}
          />
        </Box>
      ) : (
        <Text size="sm">
          <a href={settings.data.store_url} target="_blank" rel="noreferrer">
            {__('Preview your store (opens in a new tab)')}
          </a>
        </Text>
      )}
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}
