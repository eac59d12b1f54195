import { Alert, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { parseConnectQuery } from '@paydesk/domain/onboarding/connect-query';
import { useEffect, useRef, useState } from 'react';
import { ResetAccountModal } from '../../../components/reset-account-modal.tsx';
import { getPage, getSettings } from '../../../lib/bootstrap.ts';
import { connectUrlWith, resetAccountUrl } from '../../../lib/connect-url.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, useSearch } from '../../../lib/navigation.ts';
import { track } from '../../../lib/track.ts';
import { BusinessInfoBox } from '../components/business-info-box.tsx';
import { ConnectSummary } from '../components/connect-summary.tsx';
import { PaymentMethodLogos } from '../components/payment-method-logos.tsx';
import { SandboxPanel } from '../components/sandbox-panel.tsx';
import { TestDrivePreloader } from '../components/test-drive-preloader.tsx';
import { UnsupportedCountryModal } from '../components/unsupported-country-modal.tsx';
import { useTestDrive } from '../use-test-drive.ts';

/**
 * The primary button's label by account state (spec 1 §2, §4). A valid sandbox account goes
 * live by verifying the business, so it reads as the not-yet-connected state does.
 */
function primaryLabel(settings: ReturnType<typeof getSettings>): string {
  if (!settings.isJetpackConnected) return __('Connect your store');
  if (settings.isAccountConnected && !settings.isAccountValid) {
    return __('Finish business details verifications');
  }
  return __('Verify business details');
}

/** The Connect page (/payments/connect): connect the store, or try it in a sandbox first. */
export default function ConnectPage() {
  const settings = getSettings();
  const firstName = getPage().user.first_name;
  const query = parseConnectQuery(useSearch());
  const testDrive = useTestDrive();
  const [countryModal, setCountryModal] = useState(false);
  const [resetModal, setResetModal] = useState(false);
  const [leaving, setLeaving] = useState(false);

  const countrySupported = Object.hasOwn(settings.connect.availableCountries, settings.connect.country);
  const setupSessionError = settings.errorMessage.includes('account setup session');
  const busy = testDrive.busy || leaving;
  const showReset =
    settings.isAccountConnected && (!settings.accountStatus.detailsSubmitted || settings.testModeOnboarding);

  const startTestDrive = (sampleData: boolean) => {
    if (testDrive.busy) return;
    void testDrive.start({
      source: query.effectiveSource,
      from: query.from,
      capabilities: query.capabilities,
      redirectToSettingsPage: query.redirectToSettingsPage,
      sampleData,
      errorUrl: getAdminUrl('/payments/connect', { test_drive_error: 'true' }),
    });
  };

  // auto_start_test_drive_onboarding starts the sandbox set-up as the page opens, once.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!query.autoStartTestDrive || autoStarted.current) return;
    if (settings.isAccountConnected || settings.onBoardingDisabled) return;
    autoStarted.current = true;
    startTestDrive(true);
  });

  const connect = () => {
    setCountryModal(false);
    setLeaving(true);
    track('wcpay_connect_account_clicked', { source: query.effectiveSource, is_test_drive: false });
    window.location.assign(
      connectUrlWith({
        source: query.effectiveSource,
        from: query.from ?? undefined,
        capabilities: query.capabilities.join(',') || undefined,
        redirect_to_settings_page: query.redirectToSettingsPage ? 'true' : undefined,
      }),
    );
  };

  const resetAccount = () => {
    setResetModal(false);
    setLeaving(true);
    window.location.assign(resetAccountUrl(query.effectiveSource));
  };

  if (testDrive.progress !== null) return <TestDrivePreloader progress={testDrive.progress} />;

  return (
    <Stack gap="lg" maw={860} data-testid="connect-page">
      {query.testDriveError && (
        <Alert color="red" role="alert" data-testid="test-drive-error">
          {__('An error occurred while setting up your sandbox account. Please try again!')}
        </Alert>
      )}
      {settings.errorMessage && (
        <Alert color="red" role="alert">
          {settings.errorMessage}
        </Alert>
      )}
      {settings.onBoardingDisabled && (
        <Alert color="yellow" role="alert" data-testid="onboarding-paused">
          {__("We've temporarily paused new account creation. We'll notify you when we resume!")}
        </Alert>
      )}
      <Card withBorder padding="xl">
        <Stack gap="md">
          <Title order={2} size="h3" data-testid="connect-greeting">
            {firstName ? sprintf(__('Hi %s, welcome to payments'), firstName) : __('Welcome to payments')}
          </Title>
          <Text>
            {__('Accept cards, wallets and local payment methods, and manage every payment from one place.')}
          </Text>
          <PaymentMethodLogos oneClickCheckout={settings.isWooPayStoreCountryAvailable} />
          <Divider />
          <ConnectSummary />
          <BusinessInfoBox />
          <Group gap="sm">
            <Button
              onClick={() => (countrySupported ? connect() : setCountryModal(true))}
              disabled={busy || setupSessionError || settings.onBoardingDisabled}
              loading={leaving}
              data-testid="connect-primary"
            >
              {primaryLabel(settings)}
            </Button>
            {showReset && (
              <Button variant="subtle" color="red" onClick={() => setResetModal(true)} disabled={busy}>
                {settings.testMode ? __('Reset sandbox account') : __('Reset account')}
              </Button>
            )}
          </Group>
          {showReset && (
            <Text size="sm" c="dimmed">
              {settings.testMode
                ? __('Want to start over? Resetting deletes the sandbox account and its test data.')
                : __('Entered the wrong details? Reset the account and start the setup again.')}
            </Text>
          )}
        </Stack>
      </Card>
      {!settings.isAccountConnected && (
        <SandboxPanel disabled={busy || settings.onBoardingDisabled} onEnable={startTestDrive} />
      )}
      <UnsupportedCountryModal
        opened={countryModal}
        countries={settings.connect.availableCountries}
        onCancel={() => setCountryModal(false)}
        onContinue={connect}
      />
      <ResetAccountModal
        opened={resetModal}
        testMode={settings.testMode}
        onClose={() => setResetModal(false)}
        onConfirm={resetAccount}
      />
    </Stack>
  );
}
