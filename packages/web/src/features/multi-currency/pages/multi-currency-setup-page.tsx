import { Button, Card, Checkbox, Group, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { multiCurrencySettingsUrl } from '@paydesk/domain/admin-urls';
import type { multiCurrency } from '@paydesk/domain/contracts';
import {
  addCurrenciesButton,
  canContinueAddCurrencies,
  matchesCurrencySearch,
  RECOMMENDED_CURRENCIES,
} from '@paydesk/domain/multi-currency/wizard';
import { useEffect, useRef, useState } from 'react';
import { LoadError } from '../../../components/load-error.tsx';
import { __, _n, sprintf } from '../../../lib/i18n.ts';
import {
  useMarkMultiCurrencySetupCompleted,
  useMultiCurrencySetupCompleted,
} from '../../../lib/multi-currency-setup.ts';
import { navigate } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useCurrencies, useUpdateEnabledCurrencies } from '../api/multi-currency.ts';
import { StoreSettingsForm } from '../components/store-settings-form.tsx';

type Currency = multiCurrency.TCurrency;
type Step = 'add-currencies' | 'multi-currency-settings' | 'setup-complete';

const STEPS: { key: Step; title: () => string }[] = [
  { key: 'add-currencies', title: () => __('Add currencies') },
  { key: 'multi-currency-settings', title: () => __('Set up store settings') },
  { key: 'setup-complete', title: () => __('Setup complete') },
];

const currencyLabel = (currency: Currency) =>
  `${currency.flag ? `${currency.flag} ` : ''}${currency.name} (${currency.symbol} ${currency.code})`;

function CurrencyChoices({
  legend,
  testId,
  currencies,
  selected,
  onToggle,
}: {
  legend: string;
  testId: string;
  currencies: Currency[];
  selected: ReadonlySet<string>;
  onToggle: (code: string, on: boolean) => void;
}) {
  if (currencies.length === 0) return null;
  return (
    <fieldset data-testid={testId} style={{ border: 0, padding: 0, margin: 0 }}>
      <Text component="legend" fw={600} mb="xs">
        {legend}
      </Text>
      <Stack gap={6}>
        {currencies.map((currency) => (
          <Checkbox
            key={currency.code}
            label={currencyLabel(currency)}
            checked={selected.has(currency.code)}
            onChange={(event) => onToggle(currency.code, event.currentTarget.checked)}
          />
        ))}
      </Stack>
    </fieldset>
  );
}

/** Step 1: choose currencies; recommended ones first; search by symbol, code, name. */
function AddCurrencies({ onDone }: { onDone: () => void }) {
  const currencies = useCurrencies();
  const update = useUpdateEnabledCurrencies();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  if (currencies.isError) {
    return (
      <LoadError message={__('Error retrieving currencies.')} onRetry={() => void currencies.refetch()} />
    );
  }
  if (currencies.isPending) return <Skeleton h={120} aria-label={__('Loading')} />;
  const { available, enabled } = currencies.data;
  const enabledCodes = Object.keys(enabled);
  const offered = Object.values(available).filter((currency) => !enabledCodes.includes(currency.code));
  const recommended = RECOMMENDED_CURRENCIES.map((code) => offered.find((c) => c.code === code)).filter(
    (currency): currency is Currency => currency !== undefined,
  );
  const others = offered.filter((currency) => !recommended.includes(currency));
  const matching = offered.filter((currency) => matchesCurrencySearch(currency, search));
  // Searching shows one list of matches; otherwise the recommended currencies, then the rest.
  const groups = search.trim()
    ? [
        {
          legend: sprintf(__('Search results for "%s"'), search.trim()),
          testId: 'search-results',
          currencies: matching,
        },
      ]
    : [
        { legend: __('Recommended currencies'), testId: 'recommended-currencies', currencies: recommended },
        { legend: __('All currencies'), testId: 'all-currencies', currencies: others },
      ];
  const toggle = (code: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  const button = addCurrenciesButton(selected.size, enabledCodes.length);
  const label =
    button.kind === 'add_n'
      ? sprintf(_n('Add %d currency', 'Add %d currencies', button.count), button.count)
      : button.kind === 'continue'
        ? __('Continue')
        : __('Add currencies');
  const submit = () => {
    if (selected.size === 0) return onDone();
    update.mutate([...enabledCodes, ...selected], {
      onSuccess: onDone,
      onError: () => createNotice('error', __('Error updating enabled currencies.')),
    });
  };
  return (
    <Stack gap="md">
      <Text size="sm">
        {__('Customers will see prices in these currencies; your store currency is always offered.')}
      </Text>
      {enabledCodes.length > 1 && (
        <Text size="sm" data-testid="already-enabled">
          {sprintf(
            __("You've already added %s to your store."),
            enabledCodes.map((code) => enabled[code]!.name).join(', '),
          )}
        </Text>
      )}
      <TextInput
        label={__('Search currencies')}
        type="search"
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
      />
      {search.trim() && matching.length === 0 ? (
        <Text size="sm" role="status">
          {sprintf(__('No currencies match "%s".'), search.trim())}
        </Text>
      ) : (
        groups.map((group) => (
          <CurrencyChoices key={group.testId} {...group} selected={selected} onToggle={toggle} />
        ))
      )}
      <Group>
        <Button
          onClick={submit}
          loading={update.isPending}
          disabled={!canContinueAddCurrencies(selected.size, enabledCodes.length) || update.isPending}
        >
          {label}
        </Button>
      </Group>
    </Stack>
  );
}

/** Step 2: automatic currency and the storefront switcher, with a live store preview. */
function StoreSettings({ onDone }: { onDone: () => void }) {
  return <StoreSettingsForm submitLabel={__('Update and complete')} onSaved={onDone} withPreview />;
}

/** Step 3: records that the wizard is done (the store option), once. */
function SetupComplete() {
  const mark = useMarkMultiCurrencySetupCompleted();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current) return;
    asked.current = true;
    mark.mutate(undefined, { onError: () => createNotice('error', __('Error saving store settings.')) });
  }, [mark]);
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {__('Your store now offers prices in the currencies you chose.')}
      </Text>
      <Group>
        <Button component="a" href={multiCurrencySettingsUrl()} disabled={!mark.isSuccess}>
          {__('Go to multi-currency settings')}
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * The multi-currency setup wizard: add currencies, store settings, setup
 * complete. A store that finished it is sent to the multi-currency settings tab instead.
 */
export default function MultiCurrencySetupPage() {
  const completed = useMultiCurrencySetupCompleted();
  const [step, setStep] = useState<Step>('add-currencies');
  const redirect = step === 'add-currencies' && completed.data === true;
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  useEffect(() => {
    if (redirect) navigate(multiCurrencySettingsUrl(), { replace: true });
  }, [redirect]);
  // Moving to a step moves focus to its heading, so keyboard and screen reader users start there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus follows the step.
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    stepHeading.current?.focus();
  }, [step]);

  if (completed.isError) {
    return (
      <LoadError message={__('Error retrieving store settings.')} onRetry={() => void completed.refetch()} />
    );
  }
  if (completed.isPending || redirect) return <Skeleton h={160} aria-label={__('Loading')} />;
  const current = STEPS.findIndex((candidate) => candidate.key === step);
  return (
    <Stack gap="md" maw={820} data-testid="multi-currency-wizard">
      <ol aria-label={__('Setup steps')} style={{ display: 'flex', gap: 24, margin: 0, paddingLeft: 20 }}>
        {STEPS.map((candidate, index) => (
          <li key={candidate.key} aria-current={index === current ? 'step' : undefined}>
            <Text size="sm" fw={index === current ? 700 : 400} c={index < current ? 'dimmed' : undefined}>
              {candidate.title()}
              {index < current ? ` (${__('done')})` : ''}
            </Text>
          </li>
        ))}
      </ol>
      <Card withBorder padding="lg" component="section" aria-labelledby="mc-step-heading">
        <Title order={2} size="h4" id="mc-step-heading" mb="sm" tabIndex={-1} ref={stepHeading}>
          {STEPS[current]!.title()}
        </Title>
        {step === 'add-currencies' && <AddCurrencies onDone={() => setStep('multi-currency-settings')} />}
        {step === 'multi-currency-settings' && <StoreSettings onDone={() => setStep('setup-complete')} />}
        {step === 'setup-complete' && <SetupComplete />}
      </Card>
    </Stack>
  );
}
