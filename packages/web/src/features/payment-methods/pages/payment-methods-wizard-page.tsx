import { Alert, Anchor, Button, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { paymentsSettingsUrl } from '@paydesk/domain/admin-urls';
import type { BodyOf, ResponseOf, settings } from '@paydesk/domain/contracts';
import type { PaymentMethodId } from '@paydesk/domain/payments/methods';
import { paymentMethodSetupLabel } from '@paydesk/domain/payments/methods';
import {
  canContinue,
  continueLabel,
  enabledIdsToSave,
  initialSelection,
  PAYMENT_METHODS_WIZARD_MESSAGES as M,
  methodToggleDelayMs,
  needsRequirementsConfirmation,
  type PaymentMethodsWizardStep,
  setupCompleteText,
  toggleMethod,
  type WizardMethod,
  wizardMethods,
} from '@paydesk/domain/payments/methods-wizard';
import { SETTINGS_MESSAGES } from '@paydesk/domain/settings/rules';
import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { MethodRequirementsModal } from '../../../components/method-requirements-modal.tsx';
import { ApiError, serverMessage } from '../../../lib/api.ts';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { useAccountStatus } from '../api/account-status.ts';
import { MethodOption, t } from '../components/method-option.tsx';
import { WizardStep } from '../components/wizard-step.tsx';

type Settings = ResponseOf<typeof settings.getSettings>;
type SettingsUpdate = BodyOf<typeof settings.updateSettings>;

/**
 * The payments settings' reads and save, which the settings feature owns; the route hands them
 * to this page (features do not import each other), so both pages save the same whole object.
 */
export interface SettingsApi {
  useSettings: () => UseQueryResult<Settings>;
  useSaveAllSettings: () => UseMutationResult<Settings, Error, SettingsUpdate>;
  settingsFormOf: (saved: Settings) => SettingsUpdate;
}

/** Step 1: choose the methods, then Continue saves them. */
function AddPaymentMethods({
  saved,
  progressiveOnboarding,
  api,
  onSaved,
}: {
  saved: Settings;
  progressiveOnboarding: { isEnabled: boolean; isComplete: boolean };
  api: SettingsApi;
  onSaved: (before: readonly string[]) => void;
}) {
  const save = api.useSaveAllSettings();
  const store = getSettings();
  const account = { ...saved, storeCurrency: store.storeCurrency, progressiveOnboarding };
  const methods = wizardMethods(account);
  const [selection, setSelection] = useState<PaymentMethodId[]>(() => initialSelection(account, methods));
  const [pending, setPending] = useState<readonly PaymentMethodId[]>([]);
  const [asking, setAsking] = useState<WizardMethod | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const running = timers.current;
    return () => {
      for (const timer of running) clearTimeout(timer);
    };
  }, []);

  // Enabling spins first; disabling applies at once.
  const apply = (method: WizardMethod, enabled: boolean) => {
    const delay_ms = methodToggleDelayMs(enabled);
    if (delay_ms === 0) {
      setSelection((current) => toggleMethod(current, method, enabled));
      return;
    }
    setPending((current) => [...current, method.id]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setPending((current) => current.filter((id) => id !== method.id));
      setSelection((current) => toggleMethod(current, method, enabled));
    }, delay_ms);
    timers.current.add(timer);
  };

  const change = (method: WizardMethod, enabled: boolean) => {
    if (needsRequirementsConfirmation(method, enabled)) setAsking(method);
    else apply(method, enabled);
  };

  const saving = save.isPending;
  const onContinue = () => {
    setFailure(null);
    const before = saved.enabled_payment_method_ids;
    save.mutate(
      { ...api.settingsFormOf(saved), enabled_payment_method_ids: enabledIdsToSave(selection) },
      {
        onSuccess: () => onSaved(before),
        onError: (error) =>
          setFailure(
            `${__(SETTINGS_MESSAGES.saveFailed)} ${error instanceof ApiError ? serverMessage(error) : ''}`.trim(),
          ),
      },
    );
  };

  const group = (kind: WizardMethod['group'], title: string) => {
    const shown = methods.filter((method) => method.group === kind);
    if (shown.length === 0) return null;
    const headingId = `methods-${kind}`;
    return (
      <section aria-labelledby={headingId}>
        <Title order={3} size="h5" id={headingId} mb="xs">
          {__(title)}
        </Title>
        <Stack component="ul" gap="md" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((method) => (
            <MethodOption
              key={method.id}
              method={method}
              checked={selection.includes(method.id)}
              pending={pending.includes(method.id)}
              fees={store.accountFees[method.id]}
              locale={store.locale}
              onChange={(enabled) => change(method, enabled)}
            />
          ))}
        </Stack>
      </section>
    );
  };

  return (
    <Stack gap="lg">
      <Text size="sm">{__(M.intro)}</Text>
      {methods.some((method) => method.locked) ? (
        <Alert color="yellow" data-testid="methods-locked-notice">
          {__(M.lockedNotice)}
        </Alert>
      ) : null}
      {group('popular', M.popularGroup)}
      {group('pay_later', M.payLaterGroup)}
      {failure ? (
        <Alert color="red" role="alert" data-testid="wizard-save-error">
          {failure}
        </Alert>
      ) : null}
      <Group>
        <Button onClick={onContinue} disabled={!canContinue(selection, saving)} loading={saving}>
          {__(continueLabel(saving))}
        </Button>
      </Group>
      <MethodRequirementsModal
        label={asking?.label ?? null}
        requirements={asking?.requirements ?? []}
        onClose={() => setAsking(null)}
        onConfirm={() => {
          if (asking) apply(asking, true);
          setAsking(null);
        }}
      />
    </Stack>
  );
}

/** Step 2: what is enabled now, and where to go next. */
function SetupComplete({ saved, before }: { saved: Settings; before: readonly string[] }) {
  return (
    <Stack gap="md">
      <Text>{t(setupCompleteText(before, saved.enabled_payment_method_ids))}</Text>
      <section aria-labelledby="enabled-methods">
        <Title order={3} size="h5" id="enabled-methods" mb="xs">
          {__(M.enabledList)}
        </Title>
        <List size="sm" data-testid="enabled-methods">
          {saved.enabled_payment_method_ids.map((id) => (
            <List.Item key={id}>{paymentMethodSetupLabel(id, saved.account_country)}</List.Item>
          ))}
        </List>
      </section>
      <Group>
        <Button component="a" href={paymentsSettingsUrl()}>
          {__(M.toSettings)}
        </Button>
        <Anchor component={AdminLink} path="/payments/overview">
          {__(M.toOverview)}
        </Anchor>
      </Group>
    </Stack>
  );
}

/**
 * The payment-methods setup wizard: add-payment-methods, then setup-complete. The
 * rules are the domain's (payments/methods-wizard); this page lays them out.
 */
export default function PaymentMethodsWizardPage({ settingsApi }: { settingsApi: SettingsApi }) {
  const query = settingsApi.useSettings();
  const account = useAccountStatus();
  const [step, setStep] = useState<PaymentMethodsWizardStep>('add-payment-methods');
  const [before, setBefore] = useState<readonly string[]>([]);
  const headings = useRef<Partial<Record<PaymentMethodsWizardStep, HTMLHeadingElement | null>>>({});
  const moved = useRef(false);

  // The first step is where the page opens (the shell focuses its title); later steps take the focus.
  useEffect(() => {
    if (step === 'add-payment-methods' && !moved.current) return;
    moved.current = true;
    headings.current[step]?.focus();
  }, [step]);

  if (query.isError || account.isError) {
    return (
      <LoadError
        message={__(SETTINGS_MESSAGES.loadFailed)}
        onRetry={() => {
          void query.refetch();
          void account.refetch();
        }}
        retrying={query.isFetching || account.isFetching}
      />
    );
  }
  if (!query.data || !account.data) return <Loader aria-label={__('Loading')} />;
  const saved = query.data;

  return (
    <Stack component="ol" gap="md" p={0} m={0} maw={820} style={{ listStyle: 'none' }}>
      <WizardStep
        step="add-payment-methods"
        current={step}
        ref={(element) => {
          headings.current['add-payment-methods'] = element;
        }}
      >
        <AddPaymentMethods
          saved={saved}
          progressiveOnboarding={account.data.progressiveOnboarding}
          api={settingsApi}
          onSaved={(previous) => {
            setBefore(previous);
            setStep('setup-complete');
          }}
        />
      </WizardStep>
      <WizardStep
        step="setup-complete"
        current={step}
        ref={(element) => {
          headings.current['setup-complete'] = element;
        }}
      >
        <SetupComplete saved={saved} before={before} />
      </WizardStep>
    </Stack>
  );
}
