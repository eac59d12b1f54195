import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Loader,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SUPPORTED_COUNTRIES } from '@paydesk/domain';
import type { onboarding } from '@paydesk/domain/contracts';
import {
  type BusinessDetails,
  type DetailsField,
  detailsErrors,
  verificationMessages,
} from '@paydesk/domain/onboarding/verification';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api.ts';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useKycDetails, useSubmitKycDetails } from '../api/kyc-details.ts';

const COUNTRY_OPTIONS = Object.entries(SUPPORTED_COUNTRIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

type Errors = Partial<Record<DetailsField, string>>;
type RequirementErrors = { code: string; reason: string }[];

function emptyDetails(country: string): BusinessDetails {
  return {
    legal_name: '',
    url: '',
    first_name: '',
    last_name: '',
    dob: '',
    email: '',
    phone: '',
    address: { line1: '', city: '', state: '', postal_code: '', country },
    id_number: '',
    tos_accepted: false,
  };
}

/** Server reasons (`details.address.city`) as form field errors (`address.city`). */
function paramsToErrors(params: unknown): Errors {
  const errors: Errors = {};
  if (!params || typeof params !== 'object') return errors;
  for (const [key, reason] of Object.entries(params as Record<string, string>)) {
    errors[key.replace(/^details\./, '') as DetailsField] = reason;
  }
  return errors;
}

/**
 * Paydesk's verification form, the embedded step of the onboarding: it works with an account
 * session (its client secret authorises the reads and the submission; its locale is the form's
 * language), collects the business and representative details, and shows the requirements the
 * processor raises, until the details pass. Inside another card it goes without a frame.
 */
export function VerificationForm({
  session,
  country,
  finishing,
  onVerified,
  onFinishLater,
  framed = true,
}: {
  session: onboarding.TAccountSession;
  country: string;
  finishing: boolean;
  onVerified: () => void;
  onFinishLater: () => void;
  framed?: boolean;
}) {
  const start = useKycDetails(session.clientSecret);
  const submitDetails = useSubmitKycDetails(session.clientSecret);
  const [details, setDetails] = useState<BusinessDetails>(() => emptyDetails(country));
  const [errors, setErrors] = useState<Errors>({});
  const [showErrors, setShowErrors] = useState(false);
  const [requirements, setRequirements] = useState<RequirementErrors>([]);
  const alert = useRef<HTMLDivElement>(null);
  // A submission the processor refused brings its messages into view above the form.
  const [reveal, setReveal] = useState(0);
  useEffect(() => {
    if (reveal > 0) alert.current?.scrollIntoView?.({ block: 'start' });
  }, [reveal]);

  useEffect(() => {
    if (!start.data) return;
    const known = start.data.details;
    setDetails((current) => ({
      ...current,
      ...known,
      address: { ...current.address, ...known.address },
      tos_accepted: false,
    }));
    setRequirements(start.data.requirements.errors);
  }, [start.data]);

  const set = (field: keyof Omit<BusinessDetails, 'address' | 'tos_accepted'>) => (value: string) =>
    setDetails((current) => ({ ...current, [field]: value }));
  const setAddress = (field: keyof BusinessDetails['address']) => (value: string) =>
    setDetails((current) => ({ ...current, address: { ...current.address, [field]: value } }));
  const shown = (field: DetailsField) => (showErrors ? errors[field] && __(errors[field]) : undefined);

  useEffect(() => {
    if (showErrors) setErrors(detailsErrors(details, new Date()));
  }, [details, showErrors]);

  const submit = async () => {
    const found = detailsErrors(details, new Date());
    setErrors(found);
    setShowErrors(true);
    if (Object.keys(found).length > 0) return;
    try {
      const result = await submitDetails.mutateAsync(details);
      setRequirements(result.requirements.errors);
      if (result.requirements.errors.length === 0 && result.details_submitted) onVerified();
      else setReveal((count) => count + 1);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) setErrors(paramsToErrors(error.data.params));
      else createNotice('error', error instanceof Error ? error.message : String(error));
    }
  };

  if (start.isPending) return <Loader aria-label={__('Loading')} />;
  if (start.isError) {
    return (
      <Alert color="red" role="alert">
        {__('Failed to retrieve account session. Please try again later.')}
      </Alert>
    );
  }

  const messages = verificationMessages(requirements);
  const us = details.address.country === 'US' || details.address.country === 'PR';
  return (
    <Card
      withBorder={framed}
      padding={framed ? 'xl' : 0}
      radius="md"
      lang={session.locale}
      data-testid="onboarding-verification-form"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <div>
            <Title order={framed ? 2 : 4} size={framed ? 'h3' : 'h5'}>
              {__('Verify your business')}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {__(
                'The payments provider needs these details to verify your business and the person who runs it.',
              )}
            </Text>
          </div>
          {messages.length > 0 && (
            <Alert
              ref={alert}
              color="red"
              role="alert"
              title={__('Your details could not be verified')}
              data-testid="verification-errors"
            >
              <List size="sm">
                {messages.map((message) => (
                  <List.Item key={message}>{__(message)}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Title order={3} size="h5">
            {__('Business')}
          </Title>
          <TextInput
            label={__('Legal business name')}
            value={details.legal_name}
            onChange={(e) => set('legal_name')(e.currentTarget.value)}
            error={shown('legal_name')}
            name="legal_name"
          />
          <TextInput
            label={__('Business website')}
            value={details.url}
            onChange={(e) => set('url')(e.currentTarget.value)}
            error={shown('url')}
            name="url"
          />
          <TextInput
            label={us ? __('Tax ID (EIN or SSN)') : __('Company registration number')}
            value={details.id_number}
            onChange={(e) => set('id_number')(e.currentTarget.value)}
            error={shown('id_number')}
            name="id_number"
          />
          <Title order={3} size="h5">
            {__('Representative')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              label={__('First name')}
              value={details.first_name}
              onChange={(e) => set('first_name')(e.currentTarget.value)}
              error={shown('first_name')}
              name="first_name"
            />
            <TextInput
              label={__('Last name')}
              value={details.last_name}
              onChange={(e) => set('last_name')(e.currentTarget.value)}
              error={shown('last_name')}
              name="last_name"
            />
          </SimpleGrid>
          <TextInput
            type="date"
            label={__('Date of birth')}
            value={details.dob}
            onChange={(e) => set('dob')(e.currentTarget.value)}
            error={shown('dob')}
            name="dob"
          />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput
              type="email"
              label={__('Email')}
              value={details.email}
              onChange={(e) => set('email')(e.currentTarget.value)}
              error={shown('email')}
              name="email"
            />
            <TextInput
              type="tel"
              label={__('Phone number')}
              value={details.phone}
              onChange={(e) => set('phone')(e.currentTarget.value)}
              error={shown('phone')}
              name="phone"
            />
          </SimpleGrid>
          <Title order={3} size="h5">
            {__('Address')}
          </Title>
          <TextInput
            label={__('Street address')}
            value={details.address.line1}
            onChange={(e) => setAddress('line1')(e.currentTarget.value)}
            error={shown('address.line1')}
            name="address.line1"
          />
          <SimpleGrid cols={{ base: 1, xs: 3 }}>
            <TextInput
              label={__('City')}
              value={details.address.city}
              onChange={(e) => setAddress('city')(e.currentTarget.value)}
              error={shown('address.city')}
              name="address.city"
            />
            <TextInput
              label={__('State or region')}
              value={details.address.state}
              onChange={(e) => setAddress('state')(e.currentTarget.value)}
              error={shown('address.state')}
              name="address.state"
            />
            <TextInput
              label={__('Postal code')}
              value={details.address.postal_code}
              onChange={(e) => setAddress('postal_code')(e.currentTarget.value)}
              error={shown('address.postal_code')}
              name="address.postal_code"
            />
          </SimpleGrid>
          <NativeSelect
            label={__('Country')}
            data={COUNTRY_OPTIONS.map((option) => ({ ...option, label: __(option.label) }))}
            value={details.address.country}
            onChange={(event) => setAddress('country')(event.currentTarget.value)}
            error={shown('address.country')}
            name="address.country"
            data-testid="verification-country"
          />
          <Checkbox
            label={__('I agree to the payments terms of service')}
            checked={details.tos_accepted}
            onChange={(e) => {
              const accepted = e.currentTarget.checked;
              setDetails((current) => ({ ...current, tos_accepted: accepted }));
            }}
            error={shown('tos_accepted')}
            name="tos_accepted"
          />
          <Group justify="space-between">
            <Button
              variant="subtle"
              onClick={onFinishLater}
              disabled={submitDetails.isPending || finishing}
              data-testid="verification-finish-later"
            >
              {__('Finish later')}
            </Button>
            <Button
              type="submit"
              loading={submitDetails.isPending || finishing}
              data-testid="verification-submit"
            >
              {__('Submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
