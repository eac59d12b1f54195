import { Alert, Loader } from '@mantine/core';
import { ApiError } from '../../../lib/api.ts';
import { __ } from '../../../lib/i18n.ts';
import { useFinalizeKyc } from '../api/kyc-finalize.ts';
import { type KycSessionQuery, useKycSession } from '../api/kyc-session.ts';
import { VerificationForm } from './verification-form.tsx';

/**
 * The embedded step: opens the account session, shows the verification form on it, and
 * finalizes once the details pass (or when the merchant leaves to finish later).
 */
export function EmbeddedStep({
  query,
  country,
  source,
  from,
  framed = true,
}: {
  query: KycSessionQuery;
  country: string;
  source: string;
  from: string;
  framed?: boolean;
}) {
  const session = useKycSession(query);
  const finalize = useFinalizeKyc();
  const finish = () => finalize.mutate({ source, from });

  if (session.isPending) return <Loader aria-label={__('Loading')} />;
  if (session.isError) {
    // The server's answer carries its own session messages; anything else is a retrieval failure.
    const message =
      session.error instanceof ApiError && session.error.status < 500
        ? session.error.message
        : __('Failed to retrieve account session. Please try again later.');
    return (
      <Alert color="red" role="alert" data-testid="onboarding-session-error">
        {message}
      </Alert>
    );
  }
  return (
    <VerificationForm
      session={session.data}
      country={country}
      finishing={finalize.isPending || finalize.isSuccess}
      onVerified={finish}
      onFinishLater={finish}
      framed={framed}
    />
  );
}
