import { Alert, Group, NumberInput, TextInput } from '@mantine/core';
import {
  FRAUD_SETTINGS_MESSAGES,
  type FraudSettingsError,
  type OrderItemsThresholdSetting,
  type PurchasePriceThresholdSetting,
} from '@paydesk/domain/fraud/settings';
import type { KeyboardEvent } from 'react';
import { __ } from '../../../lib/i18n.ts';

/** Text an amount field takes: digits and at most one decimal point; blank means no limit. */
const AMOUNT_TEXT = /^\d*\.?\d*$/;
/** Keys an item count field refuses: it holds whole numbers from 1 up. */
const BLOCKED_ITEM_KEYS = new Set(['+', '-', '.', ',', 'e', 'E']);

function blockItemKeys(event: KeyboardEvent<HTMLInputElement>) {
  if (BLOCKED_ITEM_KEYS.has(event.key)) event.preventDefault();
}

/** The warning while no limit is set, or the error while the maximum is not above the minimum. */
function RangeProblem({ error }: { error: FraudSettingsError | undefined }) {
  if (!error) return null;
  const missing =
    error.message === FRAUD_SETTINGS_MESSAGES.priceRangeRequired ||
    error.message === FRAUD_SETTINGS_MESSAGES.itemRangeRequired;
  return (
    <Alert
      color={missing ? 'yellow' : 'red'}
      variant="light"
      {...(missing ? {} : { role: 'alert' })}
      data-testid={missing ? 'range-warning' : 'range-error'}
    >
      {__(error.message)}
    </Alert>
  );
}

export function PurchasePriceFields({
  setting,
  currencySymbol,
  error,
  onChange,
}: {
  setting: PurchasePriceThresholdSetting;
  currencySymbol: string;
  error: FraudSettingsError | undefined;
  onChange: (limits: Pick<PurchasePriceThresholdSetting, 'min_amount' | 'max_amount'>) => void;
}) {
  const field = (name: 'min_amount' | 'max_amount', label: string) => (
    <TextInput
      label={label}
      inputMode="decimal"
      leftSection={currencySymbol}
      value={setting[name] === null ? '' : String(setting[name])}
      placeholder={__('No limit')}
      error={error && error.message === FRAUD_SETTINGS_MESSAGES.priceMaxNotAboveMin && name === 'max_amount'}
      onChange={(event) => {
        const text = event.currentTarget.value.trim();
        if (!AMOUNT_TEXT.test(text)) return;
        onChange({ ...setting, [name]: text === '' ? null : text });
      }}
    />
  );
  return (
    <>
      <Group grow align="flex-start">
        {field('min_amount', __('Minimum purchase price'))}
        {field('max_amount', __('Maximum purchase price'))}
      </Group>
      <RangeProblem error={error} />
    </>
  );
}

export function OrderItemsFields({
  setting,
  error,
  onChange,
}: {
  setting: OrderItemsThresholdSetting;
  error: FraudSettingsError | undefined;
  onChange: (limits: Pick<OrderItemsThresholdSetting, 'min_items' | 'max_items'>) => void;
}) {
  const field = (name: 'min_items' | 'max_items', label: string) => (
    <NumberInput
      label={label}
      min={1}
      step={1}
      allowDecimal={false}
      allowNegative={false}
      value={setting[name] ?? ''}
      placeholder={__('No limit')}
      onKeyDown={blockItemKeys}
      error={error && error.message === FRAUD_SETTINGS_MESSAGES.itemMaxNotAboveMin && name === 'max_items'}
      onChange={(value) => onChange({ ...setting, [name]: value === '' ? null : Number(value) })}
    />
  );
  return (
    <>
      <Group grow align="flex-start">
        {field('min_items', __('Minimum items per order'))}
        {field('max_items', __('Maximum items per order'))}
      </Group>
      <RangeProblem error={error} />
    </>
  );
}
