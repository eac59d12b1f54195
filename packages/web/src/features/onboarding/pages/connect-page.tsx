import { Alert, Button, Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { parseConnectQuery } from '@paydesk/domain/onboarding/connect-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ResetAccountModal } from '../../../components/reset-account-modal.tsx';
import { getPage, getSettings } from '../../../lib/bootstrap.ts';
import { connectUrlWith, resetAccountUrl } from '../../../lib/connect-url.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, useSearch } from '../../../lib/navigation.ts';
import { track } from '../../../lib/track.ts';
import { useActivatePromo } from '../api/activate-promo.ts';
import { BusinessInfoBox } from '../components/business-info-box.tsx';
import { ConnectIncentive } from '../components/connect-incentive.tsx';
import { ConnectSummary } from '../components/connect-summary.tsx';
import { SandboxPanel } from '../components/sandbox-panel.tsx';
import { TestDrivePreloader } from '../components/test-drive-preloader.tsx';
import { UnsupportedCountryModal } from '../components/unsupported-country-modal.tsx';
import { useTestDrive } from '../use-test-drive.ts';

/**
 * The payment-method logos and their "+N" popover load on their own, so the popover's code does
 * not weigh on the page's first load; the row keeps its height meanwhile.
 */
const PaymentMethodLogos = lazy(() => import('../components/payment-method-logos.tsx'));
const LOGO_ROW_HEIGHT_PX = 28;

/**
 * The primary button's label by account state. A valid sandbox account goes
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
  const activatePromo = useActivatePromo();
  const [promoTried, setPromoTried] = useState(false);
  const incentive = settings.isAccountConnected ? null : settings.connectIncentive;

  const countrySupported = Object.hasOwn(settings.connect.availableCountries, settings.connect.country);
  const setupSessionError = settings.errorMessage.includes('account setup session');
  const busy = testDrive.busy || leaving || activatePromo.isPending;
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

  /**
   * The primary action: apply the offered promotion first, once; then connect (or ask about an
   * unsupported country). When the promotion fails the merchant is told so and stays, so the
   * notice is read; the next click connects without it (docs/overview.md "Connect page").
   */
  const startConnect = async () => {
    if (incentive && !promoTried) {
      setPromoTried(true);
      try {
        await activatePromo.mutateAsync(incentive.id);
      } catch {
        // The mutation holds the failure; the promotion's error notice shows it.
        return;
      }
    }
    if (countrySupported) connect();
    else setCountryModal(true);
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
      {query.connectionError && (
        <Alert
          color="red"
          role="alert"
          title={__('Your store could not be connected')}
          data-testid="connection-error"
        >
          <Stack gap="xs" align="flex-start">
            <Text size="sm">
              {__(
                'Something went wrong while finishing the connection to your payments account. Please try again.',
              )}
            </Text>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              onClick={() => void startConnect()}
              disabled={busy || setupSessionError || settings.onBoardingDisabled}
              data-testid="connection-error-retry"
            >
              {__('Try again')}
            </Button>
          </Stack>
        </Alert>
      )}
      {activatePromo.isError && (
        <Alert color="red" role="alert" data-testid="connect-incentive-error">
          {__(
            'There was an error applying the promotion. Please contact support for assistance if the problem persists',
          )}
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
      {incentive && <ConnectIncentive incentive={incentive} />}
      <Card withBorder padding="xl">
        <Stack gap="md">
          <Title order={2} size="h3" data-testid="connect-greeting">
            {firstName ? sprintf(__('Hi %s, welcome to payments'), firstName) : __('Welcome to payments')}
          </Title>
          <Text>
            {__('Accept cards, wallets and local payment methods, and manage every payment from one place.')}
          </Text>
          <Suspense fallback={<div style={{ minHeight: LOGO_ROW_HEIGHT_PX }} />}>
            <PaymentMethodLogos oneClickCheckout={settings.isWooPayStoreCountryAvailable} />
          </Suspense>
          <Divider />
          <ConnectSummary />
          <BusinessInfoBox />
          <Group gap="sm">
            <Button
              onClick={() => void startConnect()}
              disabled={busy || setupSessionError || settings.onBoardingDisabled}
              loading={leaving || activatePromo.isPending}
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
