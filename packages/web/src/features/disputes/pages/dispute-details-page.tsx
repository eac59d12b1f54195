import { Alert, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { getAdminUrl, navigate, useQueryValues } from '../../../lib/navigation.ts';
import { useDispute } from '../api/disputes.ts';

/**
 * /payments/disputes/details?id= (links of earlier versions): loads the dispute and replaces the
 * address with its payment's details, where the dispute is shown.
 */
export default function DisputeDetailsPage() {
  const { id = '' } = useQueryValues();
  const valid = /^\w{1,64}$/.test(id);
  const dispute = useDispute(valid ? id : '');
  const paymentIntent = dispute.data?.charge.payment_intent;

  useEffect(() => {
    if (paymentIntent) {
      navigate(getAdminUrl('/payments/transactions/details', { id: paymentIntent, type: 'dispute' }), {
        replace: true,
      });
    }
  }, [paymentIntent]);

  if (!valid || dispute.isError) {
    return (
      <Alert color="red" role="alert" data-testid="dispute-redirect-error">
        <Title order={2} size="h4">
          {__('Error retrieving dispute')}
        </Title>
        <Text size="sm">{__('Please check your network and try again.')}</Text>
      </Alert>
    );
  }
  return (
    <Stack align="center" gap="xs" py="xl" data-testid="dispute-redirect">
      <Loader size="sm" />
      <Title order={2} size="h4">
        {__('One moment please')}
      </Title>
      <Text size="sm">{__('Redirecting to payment details…')}</Text>
    </Stack>
  );
}
