import {
  Alert,
  Anchor,
  Box,
  Button,
  Group,
  Loader,
  NativeSelect,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { multiCurrencySettingsUrl } from '@paydesk/domain/admin-urls';
import { MULTI_CURRENCY_SETUP_PATH } from '@paydesk/domain/multi-currency/paths';
import { settingsResetToolShown } from '@paydesk/domain/onboarding/reset';
import {
  PAYMENT_METHOD_STATUS_LABELS,
  PAYMENT_METHODS,
  type PaymentMethodId,
  paymentMethodSetupLabel,
} from '@paydesk/domain/payments/methods';
import { statusNeedsConfirmation } from '@paydesk/domain/payments/methods-wizard';
import { PAYMENT_METHODS_WIZARD_PATH } from '@paydesk/domain/payments/paths';
import {
  DEPOSIT_SCHEDULE_INTERVALS,
  DEPOSIT_WEEKLY_ANCHORS,
  PAYMENT_REQUEST_BUTTON_SIZES,
  PAYMENT_REQUEST_BUTTON_THEMES,
  PAYMENT_REQUEST_BUTTON_TYPES,
  PAYMENT_REQUEST_LOCATIONS,
  SETTINGS_MESSAGES,
  settingsFormErrors,
} from '@paydesk/domain/settings/rules';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { AdminLink } from '../../../components/admin-link.tsx';
import { focusIsLost, pageHeading } from '../../../components/focus.ts';
import { ApiError } from '../../../lib/api.ts';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { useMultiCurrencySetupCompleted } from '../../../lib/multi-currency-setup.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useLeavePrompt } from '../../../lib/use-leave-prompt.ts';
import {
  type SettingsForm as Form,
  settingsFormOf as formOf,
  useSaveAllSettings,
  useSettings,
} from '../api/settings.ts';
import { BrandingLogo } from '../components/branding-logo.tsx';
import { ResetAccountTool } from '../components/reset-account-tool.tsx';

// Asked only before enabling a method with requirements: loaded then, so the page stays light.
const MethodRequirementsModal = lazy(() =>
  import('../../../components/method-requirements-modal.tsx').then((module) => ({
    default: module.MethodRequirementsModal,
  })),
);

/** The same rules the server applies, so most mistakes are shown before a request is made. */
const validate = (form: Form): Record<string, string> => settingsFormErrors(form);

const INTERVAL_LABELS: Record<string, string> = {
  daily: 'Daily',
  weekly: 'Weekly',
  monthly: 'Monthly',
  manual: 'Manual',
};

const titleCase = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace('-', ' ');

function Section({ id, title, children }: { id?: string; title: string; children: ReactNode }) {
  const headingId = `${id ?? title.toLowerCase().replace(/\W+/g, '-')}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      p="lg"
      bd="1px solid var(--mantine-color-default-border)"
      bdrs="md"
    >
      <Title order={2} size="h4" mb="sm" id={headingId} tabIndex={-1}>
        {title}
      </Title>
      <Stack gap="sm">{children}</Stack>
    </Box>
  );
}

export default function SettingsPage() {
  const query = useSettings();
  const save = useSaveAllSettings();
  const multiCurrencySetup = useMultiCurrencySetupCompleted();
  const page = getSettings();
  const [form, setForm] = useState<Form | null>(null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The method whose requirements are being confirmed before it is enabled.
  const [asking, setAsking] = useState<PaymentMethodId | null>(null);

  // Loading (or reloading) the settings clears the dirty flag.
  useEffect(() => {
    if (query.data && !dirty) setForm(formOf(query.data));
  }, [query.data, dirty]);

  // The page's content arrives after the browser looked for the anchor, so go to it once shown.
  const loaded = form !== null;
  useEffect(() => {
    if (!loaded || window.location.hash !== '#payout-schedule') return;
    const section = document.getElementById('payout-schedule');
    section?.scrollIntoView();
    document.getElementById('payout-schedule-heading')?.focus();
  }, [loaded]);

  useLeavePrompt(dirty);

  if (query.isError) {
    return (
      <Alert color="red" role="alert">
        {__(SETTINGS_MESSAGES.loadFailed)}
      </Alert>
    );
  }
  if (!query.data || !form) return <Loader aria-label={__('Loading')} />;
  const saved = query.data;

  const change = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((current) => (current ? { ...current, [key]: value } : current));
    setDirty(true);
    setErrors((current) => {
      const { [key]: _removed, ...rest } = current;
      return rest;
    });
  };
  const error = (key: string) => errors[key];

  const onSave = () => {
    const found = validate(form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      createNotice('error', __(SETTINGS_MESSAGES.saveFailed));
      return;
    }
    save.mutate(form, {
      onSuccess: () => {
        setDirty(false);
        setErrors({});
        createNotice('success', __(SETTINGS_MESSAGES.saved));
        // Saved, the button is disabled until something changes again: the focus it held goes
        // to the page's heading rather than nowhere (docs/accessibility.md).
        requestAnimationFrame(() => {
          if (focusIsLost() || document.activeElement?.matches(':disabled')) pageHeading()?.focus();
        });
      },
      onError: (failure) => {
        const params =
          failure instanceof ApiError
            ? (failure.data.params as Record<string, string> | undefined)
            : undefined;
        if (params) setErrors(params);
        const detail = params ? Object.values(params).join(' ') : failure.message;
        createNotice('error', `${__(SETTINGS_MESSAGES.saveFailed)} ${detail}`.trim());
      },
    });
  };

  const isJapan = saved.account_country === 'JP';
  const address = form.account_business_support_address;
  const setAddress = (field: keyof typeof address, value: string) =>
    change('account_business_support_address', { ...address, [field]: value });
  const levelLabel = saved.current_protection_level === 'advanced' ? __('Advanced') : __('Basic');
  const showSchedule = saved.deposit_restrictions === 'deposits_unrestricted';

  return (
    <Stack gap="lg" maw={820}>
      <Section title={__('General')}>
        <Switch
          label={__('Enable payments')}
          checked={form.is_wcpay_enabled}
          onChange={(event) => change('is_wcpay_enabled', event.currentTarget.checked)}
        />
        <Switch
          label={__('Enable test mode')}
          description={__('Simulate transactions using test card numbers.')}
          checked={form.is_test_mode_enabled}
          onChange={(event) => change('is_test_mode_enabled', event.currentTarget.checked)}
        />
      </Section>

      <Section title={__('Payment methods')}>
        {saved.available_payment_method_ids.map((id) => {
          const status = saved.payment_method_statuses[id];
          const inactive = status?.status === 'inactive';
          const label = status ? PAYMENT_METHOD_STATUS_LABELS[status.status] : undefined;
          return (
            <Group key={id} gap="xs" wrap="nowrap">
              <Switch
                label={paymentMethodSetupLabel(id, saved.account_country)}
                description={PAYMENT_METHODS[id].description}
                checked={!inactive && form.enabled_payment_method_ids.includes(id)}
                disabled={id === 'card' || inactive}
                onChange={(event) => {
                  const enabling = event.currentTarget.checked;
                  if (statusNeedsConfirmation(status, enabling)) setAsking(id);
                  else
                    change(
                      'enabled_payment_method_ids',
                      enabling
                        ? [...form.enabled_payment_method_ids, id]
                        : form.enabled_payment_method_ids.filter((enabled) => enabled !== id),
                    );
                }}
              />
              {label ? (
                <Text size="sm" fw={600} c="yellow.9">
                  {__(label)}
                </Text>
              ) : null}
            </Group>
          );
        })}
        {asking ? (
          <Suspense fallback={null}>
            <MethodRequirementsModal
              label={paymentMethodSetupLabel(asking, saved.account_country)}
              requirements={saved.payment_method_statuses[asking]?.requirements ?? []}
              onClose={() => setAsking(null)}
              onConfirm={() => {
                change('enabled_payment_method_ids', [...form.enabled_payment_method_ids, asking]);
                setAsking(null);
              }}
            />
          </Suspense>
        ) : null}
        <Anchor component={AdminLink} path={PAYMENT_METHODS_WIZARD_PATH}>
          {__('Add payment methods')}
        </Anchor>
      </Section>

      <Section title={__('Transactions')}>
        <Switch
          label={__('Issue an authorization on checkout, and capture later')}
          description={__(
            'Charge must be captured on the order details screen within 7 days of authorization.',
          )}
          checked={form.is_manual_capture_enabled}
          onChange={(event) => change('is_manual_capture_enabled', event.currentTarget.checked)}
        />
        <Switch
          label={__('Enable payments via saved cards')}
          checked={form.is_saved_cards_enabled}
          onChange={(event) => change('is_saved_cards_enabled', event.currentTarget.checked)}
        />
      </Section>

      <Section title={__('Express checkouts')}>
        <Switch
          label={__('Enable express checkout buttons')}
          checked={form.is_payment_request_enabled}
          onChange={(event) => change('is_payment_request_enabled', event.currentTarget.checked)}
        />
        <Switch.Group
          label={__('Show express checkouts on')}
          value={form.payment_request_enabled_locations}
          onChange={(value) =>
            change('payment_request_enabled_locations', value as Form['payment_request_enabled_locations'])
          }
        >
          <Group gap="md" mt={4}>
            {PAYMENT_REQUEST_LOCATIONS.map((location) => (
              <Switch key={location} value={location} label={__(titleCase(location))} />
            ))}
          </Group>
        </Switch.Group>
        <Group grow>
          <NativeSelect
            label={__('Button type')}
            data={PAYMENT_REQUEST_BUTTON_TYPES.map((value) => ({ value, label: __(titleCase(value)) }))}
            value={form.payment_request_button_type}
            onChange={(event) =>
              change(
                'payment_request_button_type',
                event.currentTarget.value as Form['payment_request_button_type'],
              )
            }
          />
          <NativeSelect
            label={__('Button size')}
            data={PAYMENT_REQUEST_BUTTON_SIZES.map((value) => ({ value, label: __(titleCase(value)) }))}
            value={form.payment_request_button_size}
            onChange={(event) =>
              change(
                'payment_request_button_size',
                event.currentTarget.value as Form['payment_request_button_size'],
              )
            }
          />
          <NativeSelect
            label={__('Button theme')}
            data={PAYMENT_REQUEST_BUTTON_THEMES.map((value) => ({ value, label: __(titleCase(value)) }))}
            value={form.payment_request_button_theme}
            onChange={(event) =>
              change(
                'payment_request_button_theme',
                event.currentTarget.value as Form['payment_request_button_theme'],
              )
            }
          />
          <TextInput
            label={__('Border radius (px)')}
            type="number"
            min={0}
            max={30}
            step={1}
            value={String(form.payment_request_button_border_radius)}
            error={error('payment_request_button_border_radius')}
            onChange={(event) =>
              change('payment_request_button_border_radius', Number(event.currentTarget.value))
            }
          />
        </Group>
      </Section>

      <Section title={__('Customer bank statement')}>
        <TextInput
          label={__('Full bank statement')}
          description={__('5 to 22 characters, at least one letter, none of < > \\ \' " *.')}
          value={form.account_statement_descriptor}
          error={error('account_statement_descriptor')}
          onChange={(event) => change('account_statement_descriptor', event.currentTarget.value)}
        />
        {isJapan ? (
          <>
            <TextInput
              label={__('Bank statement (kanji)')}
              value={form.account_statement_descriptor_kanji}
              error={error('account_statement_descriptor_kanji')}
              onChange={(event) => change('account_statement_descriptor_kanji', event.currentTarget.value)}
            />
            <TextInput
              label={__('Bank statement (kana)')}
              value={form.account_statement_descriptor_kana}
              error={error('account_statement_descriptor_kana')}
              onChange={(event) => change('account_statement_descriptor_kana', event.currentTarget.value)}
            />
          </>
        ) : null}
      </Section>

      <Section title={__('Business details')}>
        <TextInput
          label={__('Business name')}
          value={form.account_business_name}
          error={error('account_business_name')}
          onChange={(event) => change('account_business_name', event.currentTarget.value)}
        />
        <TextInput
          label={__('Business URL')}
          value={form.account_business_url}
          error={error('account_business_url')}
          onChange={(event) => change('account_business_url', event.currentTarget.value)}
        />
        <TextInput
          label={__('Support email')}
          type="email"
          value={form.account_business_support_email}
          error={error('account_business_support_email')}
          onChange={(event) => change('account_business_support_email', event.currentTarget.value)}
        />
        <TextInput
          label={__('Support phone number')}
          type="tel"
          value={form.account_business_support_phone}
          error={error('account_business_support_phone')}
          onChange={(event) => change('account_business_support_phone', event.currentTarget.value)}
        />
        <BrandingLogo
          fileId={form.account_branding_logo}
          error={error('account_branding_logo')}
          onChange={(fileId) => change('account_branding_logo', fileId)}
        />
        <Group grow>
          <TextInput
            label={__('Address line 1')}
            value={address.line1}
            onChange={(e) => setAddress('line1', e.currentTarget.value)}
          />
          <TextInput
            label={__('Address line 2')}
            value={address.line2}
            onChange={(e) => setAddress('line2', e.currentTarget.value)}
          />
        </Group>
        <Group grow>
          <TextInput
            label={__('City')}
            value={address.city}
            onChange={(e) => setAddress('city', e.currentTarget.value)}
          />
          <TextInput
            label={__('State')}
            value={address.state}
            onChange={(e) => setAddress('state', e.currentTarget.value)}
          />
          <TextInput
            label={__('Postal code')}
            value={address.postal_code}
            onChange={(e) => setAddress('postal_code', e.currentTarget.value)}
          />
          <TextInput
            label={__('Country')}
            value={address.country}
            error={error('account_business_support_address.country')}
            onChange={(e) => setAddress('country', e.currentTarget.value.toUpperCase())}
          />
        </Group>
      </Section>

      <Section id="payout-schedule" title={__('Payouts')}>
        {showSchedule ? (
          <Group grow align="flex-start">
            <NativeSelect
              label={__('Payout schedule')}
              data={DEPOSIT_SCHEDULE_INTERVALS.map((value) => ({
                value,
                label: __(INTERVAL_LABELS[value] ?? value),
              }))}
              value={form.deposit_schedule_interval}
              onChange={(event) =>
                change(
                  'deposit_schedule_interval',
                  event.currentTarget.value as Form['deposit_schedule_interval'],
                )
              }
            />
            {form.deposit_schedule_interval === 'weekly' ? (
              <NativeSelect
                label={__('Day of the week')}
                data={[
                  { value: '', label: __('Choose a day') },
                  ...DEPOSIT_WEEKLY_ANCHORS.map((value) => ({ value, label: __(titleCase(value)) })),
                ]}
                value={form.deposit_schedule_weekly_anchor ?? ''}
                error={error('deposit_schedule_weekly_anchor')}
                onChange={(event) =>
                  change(
                    'deposit_schedule_weekly_anchor',
                    (event.currentTarget.value || null) as Form['deposit_schedule_weekly_anchor'],
                  )
                }
              />
            ) : null}
            {form.deposit_schedule_interval === 'monthly' ? (
              <TextInput
                label={__('Day of the month')}
                type="number"
                min={1}
                max={31}
                step={1}
                value={
                  form.deposit_schedule_monthly_anchor === null
                    ? ''
                    : String(form.deposit_schedule_monthly_anchor)
                }
                error={error('deposit_schedule_monthly_anchor')}
                onChange={(event) =>
                  change(
                    'deposit_schedule_monthly_anchor',
                    event.currentTarget.value === '' ? null : Number(event.currentTarget.value),
                  )
                }
              />
            ) : null}
            <TextInput
              label={__('Payout delay (days)')}
              type="number"
              min={2}
              max={30}
              step={1}
              value={String(form.deposit_delay_days)}
              error={error('deposit_delay_days')}
              onChange={(event) => change('deposit_delay_days', Number(event.currentTarget.value))}
            />
          </Group>
        ) : (
          <Text size="sm">{__('Payouts are currently blocked; the payout schedule cannot be changed.')}</Text>
        )}
      </Section>

      <Section title={__('Fraud protection')}>
        <Group gap="md">
          <Text size="sm" data-testid="fraud-protection-level">
            {__('Current protection level:')} <strong>{levelLabel}</strong>
          </Text>
          <Anchor component={AdminLink} path="/payments/fraud-protection" size="sm">
            {__('Configure fraud protection')}
          </Anchor>
        </Group>
      </Section>

      <Section title={__('Advanced settings')}>
        <Group gap="md" align="flex-start">
          <Switch
            label={__('Enable multi-currency')}
            checked={form.is_multi_currency_enabled}
            onChange={(event) => change('is_multi_currency_enabled', event.currentTarget.checked)}
          />
          {/* Until the setup wizard is finished it is the way in; then the settings tab. */}
          {multiCurrencySetup.data === false ? (
            <Anchor component={AdminLink} path={MULTI_CURRENCY_SETUP_PATH} size="sm">
              {__('Set up multi-currency')}
            </Anchor>
          ) : multiCurrencySetup.data === true || multiCurrencySetup.isError ? (
            <Anchor href={multiCurrencySettingsUrl()} size="sm">
              {__('Multi-currency settings')}
            </Anchor>
          ) : null}
        </Group>
        <Switch
          label={__('Log error messages')}
          checked={form.is_debug_log_enabled}
          onChange={(event) => change('is_debug_log_enabled', event.currentTarget.checked)}
        />
      </Section>

      <Group>
        <Button onClick={onSave} disabled={!dirty} loading={save.isPending}>
          {__('Save changes')}
        </Button>
      </Group>

      {/* Not a setting: a sandbox account can be reset; a live one never from here. */}
      {settingsResetToolShown({
        testMode: page.testMode,
        testModeOnboarding: page.testModeOnboarding,
        detailsSubmitted: page.accountStatus.detailsSubmitted,
      }) ? (
        <Section title={__('Account tools')}>
          <ResetAccountTool />
        </Section>
      ) : null}
    </Stack>
  );
}
