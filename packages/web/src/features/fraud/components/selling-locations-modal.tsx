import { Button, Group, MultiSelect, Radio, Stack } from '@mantine/core';
import { ISO_COUNTRY_CODES } from '@paydesk/domain/countries';
import { useMemo, useState } from 'react';
import { Modal } from '../../../components/modal.tsx';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useSaveSellingLocations } from '../api/settings.ts';
import { type SellingMode, useCountryNames } from './country-names.ts';

interface Props {
  mode: SellingMode;
  countries: readonly string[];
  onClose: () => void;
  onSaved: () => void;
}

/** The form for where the store sells, saved as the store's settings. */
export default function SellingLocationsModal({ mode, countries, onClose, onSaved }: Props) {
  const name = useCountryNames();
  const [draftMode, setDraftMode] = useState<SellingMode>(mode);
  const [draftCountries, setDraftCountries] = useState<string[]>([...countries]);
  const save = useSaveSellingLocations();
  const options = useMemo(
    () =>
      ISO_COUNTRY_CODES.map((code) => ({ value: code, label: name(code) })).sort((a, b) =>
        a.label.localeCompare(b.label),
      ),
    [name],
  );
  const needsCountries = draftMode !== 'all' && draftCountries.length === 0;
  const submit = () => {
    const list = draftCountries.join(',');
    save.mutate(
      {
        woocommerce_allowed_countries: draftMode,
        ...(draftMode === 'all_except' ? { woocommerce_all_except_countries: list } : {}),
        ...(draftMode === 'specific' ? { woocommerce_specific_allowed_countries: list } : {}),
      },
      { onSuccess: onSaved, onError: (error) => createNotice('error', error.message) },
    );
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={__('Where the store sells')}
      closeButtonProps={{ 'aria-label': __('Close') }}
    >
      <Stack>
        <Radio.Group
          label={__('Sell to')}
          value={draftMode}
          onChange={(value) => setDraftMode(value as SellingMode)}
        >
          <Stack gap={6} mt={6}>
            <Radio value="all" label={__('All countries')} />
            <Radio value="all_except" label={__('All countries, except for…')} />
            <Radio value="specific" label={__('Specific countries')} />
          </Stack>
        </Radio.Group>
        {draftMode !== 'all' && (
          <MultiSelect
            label={
              draftMode === 'specific'
                ? __('Countries the store sells to')
                : __('Countries the store does not sell to')
            }
            data={options}
            value={draftCountries}
            onChange={setDraftCountries}
            searchable
            clearable
            error={needsCountries ? __('Choose at least one country.') : undefined}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {__('Cancel')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={needsCountries}>
            {__('Save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
