import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import { BACKTEST_PAGE_DAYS } from '@paydesk/domain/fraud/backtest';
import { FRAUD_CARDS, type FraudCard } from '@paydesk/domain/fraud/cards';
import type { FraudRuleKey } from '@paydesk/domain/fraud/rules';
import {
  FRAUD_SETTINGS_MESSAGES,
  type FraudSettings,
  fraudProtectionSaveOutcome,
  rulesToSettings,
  settingsToRules,
  validateFraudSettings,
} from '@paydesk/domain/fraud/settings';
import { sellingCountries } from '@paydesk/domain/selling-countries';
import { useEffect, useMemo, useRef, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { useLeavePrompt } from '../../../lib/use-leave-prompt.ts';
import { useBacktest } from '../api/backtest.ts';
import { usePaymentsSettings, useSaveSettings, useStoreSettings } from '../api/settings.ts';
import { BacktestSummary, caughtSentence } from '../components/backtest-summary.tsx';
import { RuleCard } from '../components/rule-card.tsx';
import { SellingLocations } from '../components/selling-locations.tsx';
import { OrderItemsFields, PurchasePriceFields } from '../components/threshold-fields.tsx';

/** The processor's own checks and whether filters may hold payments for review. */
function processorOptions() {
  const settings = getSettings();
  return {
    reviewFeatureActive: settings.isFRTReviewFeatureActive,
    declineOnAVSFailure: settings.accountStatus.fraudProtection.declineOnAVSFailure,
    declineOnCVCFailure: settings.accountStatus.fraudProtection.declineOnCVCFailure,
  };
}

/** The store currency's symbol, which amounts are entered and saved in. */
function storeCurrencySymbol(): string {
  const { storeCurrency, currencyData } = getSettings();
  return (
    currencyData[storeCurrency.toUpperCase()]?.symbol ?? currencyData[storeCurrency]?.symbol ?? storeCurrency
  );
}

/**
 * /payments/fraud-protection: the advanced fraud filters, each blocking or holding the payments
 * it flags, saved as the account's rules; and a test of the filters as set on past payments.
 */
export default function FraudProtectionPage() {
  const saved = usePaymentsSettings();
  const store = useStoreSettings();
  const save = useSaveSettings();
  const backtest = useBacktest();
  // What the processor does is fixed for the page's life: it comes with the page's settings.
  const options = useMemo(processorOptions, []);
  const [form, setForm] = useState<FraudSettings | null>(null);
  const [dirty, setDirty] = useState(false);
  const [saveErrors, setSaveErrors] = useState<string[]>([]);
  const topRef = useRef<HTMLDivElement>(null);

  // The form starts from the saved rules once, and again after every save.
  useEffect(() => {
    if (saved.data && !dirty)
      setForm(rulesToSettings(saved.data.advanced_fraud_protection_settings, options));
  }, [saved.data, dirty, options]);

  useLeavePrompt(dirty, __(FRAUD_SETTINGS_MESSAGES.unsavedChanges));

  const loading = saved.isPending || store.isPending || form === null;
  const loadFailed = saved.isError || store.isError;
  const selling = store.data ? sellingCountries(store.data) : { mode: 'all' as const, countries: [] };
  const errors = useMemo(() => (form ? validateFraudSettings(form) : []), [form]);
  const errorOf = (key: FraudRuleKey) => errors.find((error) => error.key === key);

  const change = (next: FraudSettings) => {
    setForm(next);
    setDirty(true);
    setSaveErrors([]);
  };
  const rulesOf = (settings: FraudSettings) =>
    settingsToRules(settings, {
      storeCurrency: store.data?.woocommerce_currency ?? getSettings().storeCurrency,
      sellingCountries: selling,
      reviewFeatureActive: options.reviewFeatureActive,
    });

  const refuse = (reasons: string[]) => {
    setSaveErrors(reasons);
    topRef.current?.scrollIntoView({ block: 'start' });
    window.scrollTo({ top: 0 });
  };

  const submit = () => {
    if (!form || !saved.data) return;
    if (errors.length > 0) return refuse(errors.map((error) => error.message));
    const outcome = fraudProtectionSaveOutcome(form, saved.data.current_protection_level);
    if (!outcome.save) {
      if (outcome.notice) createNotice(outcome.notice.status, __(outcome.notice.message));
      return;
    }
    save.mutate(
      {
        current_protection_level: outcome.protection_level,
        advanced_fraud_protection_settings: outcome.protection_level === 'advanced' ? rulesOf(form) : [],
      },
      {
        onSuccess: () => {
          track('wcpay_fraud_protection_advanced_settings_saved', {
            protection_level: outcome.protection_level,
          });
          setDirty(false);
          createNotice(outcome.notice?.status ?? 'success', __(outcome.notice?.message ?? 'Settings saved.'));
        },
        onError: (error) => refuse([error.message]),
      },
    );
  };

  const runBacktest = () => {
    if (!form) return;
    backtest.mutate(
      { days: BACKTEST_PAGE_DAYS, rules: rulesOf(form) },
      { onError: (error) => createNotice('error', error.message) },
    );
  };

  const saveButton = (
    <Button
      onClick={submit}
      loading={save.isPending}
      disabled={!dirty || loading || loadFailed || save.isPending}
    >
      {__('Save Changes')}
    </Button>
  );

  const caughtBy = (key: FraudRuleKey) => {
    const rule = backtest.data?.rules.find((entry) => entry.key === key);
    if (!rule) return null;
    return (
      <Text size="sm" data-testid={`backtest-${key}`}>
        {caughtSentence(rule.count, rule.amount, BACKTEST_PAGE_DAYS)}
      </Text>
    );
  };

  const card = (fraudCard: FraudCard) => {
    if (fraudCard.id === 'cvc_verification') {
      return (
        <RuleCard key={fraudCard.id} card={fraudCard} loading={loading}>
          <Text size="sm" data-testid="cvc-notice">
            {__(
              options.declineOnCVCFailure
                ? FRAUD_SETTINGS_MESSAGES.cvcEnabled
                : FRAUD_SETTINGS_MESSAGES.cvcDisabled,
            )}
          </Text>
        </RuleCard>
      );
    }
    const key = fraudCard.id;
    const setting = form?.[key];
    const sellsEverywhere = selling.mode === 'all' || selling.countries.length === 0;
    const ipDisabled = key === 'international_ip_address' && sellsEverywhere;
    const update = (changes: Partial<FraudSettings[typeof key]>) =>
      form && change({ ...form, [key]: { ...form[key], ...changes } });
    return (
      <RuleCard
        key={key}
        card={fraudCard}
        loading={loading}
        toggle={
          setting && {
            enabled: setting.enabled && !ipDisabled,
            disabled: ipDisabled,
            onChange: (enabled) => update({ enabled }),
          }
        }
        action={
          setting && options.reviewFeatureActive
            ? { block: setting.block, onChange: (block) => update({ block }) }
            : undefined
        }
      >
        {key === 'international_ip_address' && (
          <>
            {ipDisabled && (
              <Text size="sm" c="dimmed" data-testid="international-ip-disabled">
                {__(FRAUD_SETTINGS_MESSAGES.internationalIpDisabled)}
              </Text>
            )}
            <SellingLocations
              key={`${selling.mode}:${selling.countries.join(',')}`}
              mode={selling.mode}
              countries={selling.countries}
              onSaved={() => {
                // The filter's countries are written into its rule when saved.
                if (form?.international_ip_address.enabled) setDirty(true);
              }}
            />
          </>
        )}
        {key === 'purchase_price_threshold' && form?.purchase_price_threshold.enabled && (
          <PurchasePriceFields
            setting={form.purchase_price_threshold}
            currencySymbol={storeCurrencySymbol()}
            error={errorOf(key)}
            onChange={(limits) => update(limits)}
          />
        )}
        {key === 'order_items_threshold' && form?.order_items_threshold.enabled && (
          <OrderItemsFields
            setting={form.order_items_threshold}
            error={errorOf(key)}
            onChange={(limits) => update(limits)}
          />
        )}
        {caughtBy(key)}
      </RuleCard>
    );
  };

  return (
    <Stack gap="md" maw={880} data-testid="fraud-protection-page" ref={topRef}>
      <Group justify="space-between" align="flex-start">
        <Text size="sm" maw={560}>
          {__(
            'Block payments or hold them for review when they match a filter. Payments held for review are authorized and wait for you to approve or block them.',
          )}
        </Text>
        {saveButton}
      </Group>
      {loadFailed && (
        <Alert color="red" role="alert" data-testid="fraud-load-error">
          {__(FRAUD_SETTINGS_MESSAGES.loadFailed)}
        </Alert>
      )}
      {saveErrors.length > 0 && (
        <Alert
          color="red"
          role="alert"
          withCloseButton
          closeButtonLabel={__('Dismiss')}
          onClose={() => setSaveErrors([])}
          data-testid="fraud-save-error"
        >
          <Text size="sm" fw={600}>
            {__(FRAUD_SETTINGS_MESSAGES.notSaved)}
          </Text>
          {saveErrors.map((reason) => (
            <Text size="sm" key={reason}>
              {__(reason)}
            </Text>
          ))}
        </Alert>
      )}
      <Alert color="blue" variant="light" data-testid="fraud-level-notice">
        {__(FRAUD_SETTINGS_MESSAGES.filterRequired)}
      </Alert>
      <Group>
        <Button
          variant="default"
          onClick={runBacktest}
          loading={backtest.isPending}
          disabled={loading || loadFailed}
        >
          {__('Test on past payments')}
        </Button>
        <Text size="xs" c="dimmed">
          {__('See what the filters as set here would have caught in the last 30 days, before saving them.')}
        </Text>
      </Group>
      {backtest.data && <BacktestSummary result={backtest.data} days={BACKTEST_PAGE_DAYS} />}
      {FRAUD_CARDS.map(card)}
      <Group justify="space-between">
        <Anchor href={paymentsSettingsUrl()}>{__('Back to Payments Settings')}</Anchor>
        {saveButton}
      </Group>
    </Stack>
  );
}
