import { Button, Group, NativeSelect, Radio, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import type { multiCurrency } from '@paydesk/domain/contracts';
import { formatExplicitCurrency, isValidExchangeRate } from '@paydesk/domain/money/format';
import { adjustedPriceMinor } from '@paydesk/domain/money/store-price';
import { MULTI_CURRENCY_SETUP_PATH } from '@paydesk/domain/multi-currency/paths';
import { charmOptions, roundingOptions } from '@paydesk/domain/multi-currency/rules';
import { useState } from 'react';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { SectionCard } from '../../../components/section-card.tsx';
import { storeDate } from '../../../lib/display.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useCurrencies, useCurrencySettings, useSaveCurrencySettings } from '../api/multi-currency.ts';
import { StoreSettingsForm } from '../components/store-settings-form.tsx';

type Currency = multiCurrency.TCurrency;
type Settings = multiCurrency.TCurrencySettings;

/** The sample price the preview converts: 20.00 of the store currency (2,000 minor units, or 20). */
const SAMPLE_MAJOR_UNITS = 20;

/** Rates longer than this are not sampled: 20.00 at a 12-digit rate still fits a safe integer. */
const MAX_SAMPLE_RATE_CHARS = 12;

const optionLabel = (value: string) => (Number(value) === 0 ? __('None') : value);

/**
 * The sample price in `target` with the form's values, or null when the rate is not known yet:
 * an invalid manual rate, or the automatic rate while the saved one is manual (the currency's
 * `rate` is then the manual one), or a rate so large the price leaves the safe range.
 */
function sampleConversion(store: Currency, target: Currency, form: Settings, saved: Settings): string | null {
  if (form.exchange_rate_type === 'automatic' && saved.exchange_rate_type === 'manual') return null;
  const rate = form.exchange_rate_type === 'manual' ? (form.manual_rate ?? '') : target.rate;
  if (!isValidExchangeRate(rate) || rate.length > MAX_SAMPLE_RATE_CHARS) return null;
  const amount_minor = SAMPLE_MAJOR_UNITS * (store.is_zero_decimal ? 1 : 100);
  const shown = adjustedPriceMinor(amount_minor, store.code, target.code, {
    rate,
    rounding: form.price_rounding,
    charm: form.price_charm,
  });
  return sprintf(
    __('%1$s in your store is shown as %2$s.'),
    formatExplicitCurrency(amount_minor, store.code),
    formatExplicitCurrency(shown, target.code),
  );
}

/** One currency's rate, rounding and charm pricing, with a sample conversion as it changes. */
function CurrencyForm({ store, currency }: { store: Currency; currency: Currency }) {
  const saved = useCurrencySettings(currency.code);
  const save = useSaveCurrencySettings(currency.code);
  const [draft, setDraft] = useState<Partial<Settings>>({});
  if (saved.isError) {
    return (
      <LoadError
        message={__('Error retrieving single currency settings.')}
        onRetry={() => void saved.refetch()}
      />
    );
  }
  if (saved.isPending) return <Skeleton h={120} aria-label={__('Loading')} />;
  const form: Settings = { ...saved.data, ...draft };
  const manualRateValid =
    form.exchange_rate_type === 'automatic' || isValidExchangeRate(form.manual_rate ?? '');
  const sample = sampleConversion(store, currency, form, saved.data);
  const submit = () =>
    save.mutate(
      {
        exchange_rate_type: form.exchange_rate_type,
        manual_rate: form.manual_rate || null,
        price_rounding: form.price_rounding,
        price_charm: form.price_charm,
      },
      {
        onSuccess: () => {
          setDraft({});
          createNotice('success', __('Currency settings updated.'));
        },
        onError: () => createNotice('error', __('Error updating currency settings.')),
      },
    );
  return (
    <Stack gap="sm" data-testid="currency-form">
      <Radio.Group
        label={__('Exchange rate')}
        value={form.exchange_rate_type}
        onChange={(value) =>
          setDraft({ ...draft, exchange_rate_type: value as Settings['exchange_rate_type'] })
        }
      >
        <Stack gap={6} mt={4}>
          <Radio
            value="automatic"
            label={__('Fetch rates automatically')}
            description={sprintf(
              __(
                'From the rates table shipped with Paydesk, dated %s (no rates are fetched in the sandbox).',
              ),
              storeDate(currency.last_updated * 1000),
            )}
          />
          <Radio value="manual" label={__('Manual')} />
        </Stack>
      </Radio.Group>
      {form.exchange_rate_type === 'manual' && (
        <TextInput
          label={sprintf(__('Manual rate (%1$s per 1 %2$s)'), currency.code, store.code)}
          inputMode="decimal"
          value={form.manual_rate ?? ''}
          onChange={(event) => setDraft({ ...draft, manual_rate: event.currentTarget.value })}
          error={manualRateValid ? undefined : __('Enter a positive number such as 0.92.')}
        />
      )}
      <NativeSelect
        label={__('Price rounding')}
        value={form.price_rounding}
        data={roundingOptions(currency.code).map((value) => ({ value, label: optionLabel(value) }))}
        onChange={(event) => setDraft({ ...draft, price_rounding: event.currentTarget.value })}
      />
      <NativeSelect
        label={__('Charm pricing')}
        value={form.price_charm}
        data={charmOptions(currency.code).map((value) => ({ value, label: optionLabel(value) }))}
        onChange={(event) => setDraft({ ...draft, price_charm: event.currentTarget.value })}
      />
      <Text size="sm" role="status" data-testid="sample-conversion">
        {sample ?? __('Save to see a sample price at this rate.')}
      </Text>
      <Group>
        <Button onClick={submit} loading={save.isPending} disabled={!manualRateValid}>
          {sprintf(__('Save %s settings'), currency.code)}
        </Button>
      </Group>
    </Stack>
  );
}

function EnabledCurrencies() {
  const currencies = useCurrencies();
  const [chosen, setChosen] = useState<string | null>(null);
  if (currencies.isError) {
    return (
      <LoadError message={__('Error retrieving currencies.')} onRetry={() => void currencies.refetch()} />
    );
  }
  if (currencies.isPending) return <Skeleton h={120} aria-label={__('Loading')} />;
  const { enabled, default: store } = currencies.data;
  const others = Object.values(enabled).filter((currency) => !currency.is_default);
  const current = others.find((currency) => currency.code === chosen) ?? others[0];
  return (
    <Stack gap="md">
      <Table aria-label={__('Enabled currencies')} data-testid="enabled-currencies">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{__('Currency')}</Table.Th>
            <Table.Th>{__('Rate')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Object.values(enabled).map((currency) => (
            <Table.Tr key={currency.code}>
              <Table.Td>
                {currency.flag} {currency.name} ({currency.code})
                {currency.is_default ? ` — ${__('store currency')}` : ''}
              </Table.Td>
              <Table.Td>{currency.is_default ? '1' : currency.rate}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {current ? (
        <>
          {/* Another currency swaps the form below it: on a confirmed choice (docs/accessibility.md). */}
          <ConfirmedSelect
            label={__('Currency to edit')}
            value={current.code}
            data={others.map((currency) => ({
              value: currency.code,
              label: `${currency.name} (${currency.code})`,
            }))}
            onConfirm={setChosen}
          />
          <CurrencyForm key={current.code} store={store} currency={current} />
        </>
      ) : (
        <Text size="sm">
          {__('Only your store currency is enabled.')}{' '}
          <a href={getAdminUrl(MULTI_CURRENCY_SETUP_PATH)}>{__('Add currencies')}</a>
        </Text>
      )}
    </Stack>
  );
}

/** The store settings' multi-currency tab. */
export default function MultiCurrencySettingsPage() {
  return (
    <Stack gap="lg" maw={820} data-testid="multi-currency-settings">
      <SectionCard id="mc-currencies" title={__('Enabled currencies')}>
        <EnabledCurrencies />
      </SectionCard>
      <SectionCard id="mc-store-settings" title={__('Store settings')}>
        <StoreSettingsForm
          submitLabel={__('Save store settings')}
          onSaved={() => createNotice('success', __('Store settings saved.'))}
        />
      </SectionCard>
    </Stack>
  );
}
