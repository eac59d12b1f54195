import { Alert, Button, Checkbox, Group, Stack, Stepper, Text, Textarea, TextInput } from '@mantine/core';
import {
  isOnlyVatPrefix,
  isVatCountry,
  vatNumberHelp,
  vatNumberName,
  vatNumberPrefix,
  withVatPrefix,
} from '@paydesk/domain/documents/vat';
import { useEffect, useRef, useState } from 'react';
import { firstMeaningfulControl, Modal } from '../../../components/modal.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';
import { useCheckVatNumber, useSaveVatDetails } from '../api/documents.ts';

interface VatWizardProps {
  opened: boolean;
  /** The account's country, which decides the number's prefix and rules. */
  country: string;
  onClose: () => void;
  /** Called once the details are saved. */
  onCompleted: () => void;
}

/**
 * The VAT details wizard: first the number, with the country's prefix kept in
 * the field, then the business name and address, prefilled with what was saved with the
 * number. Every refusal shows the server's message.
 */
export function VatWizard({ opened, country, onClose, onCompleted }: VatWizardProps) {
  const prefix = vatNumberPrefix(country);
  // A business where Paydesk cannot check numbers gives its name and address only.
  const numbered = isVatCountry(country);
  const numberName = __(vatNumberName(country));
  const [step, setStep] = useState(0);
  const [registered, setRegistered] = useState(false);
  const [number, setNumber] = useState(prefix);
  const [checkedNumber, setCheckedNumber] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [address, setAddress] = useState('');
  const check = useCheckVatNumber();
  const save = useSaveVatDetails();
  // Moving between steps replaces the button that had the focus: the new step's first field
  // takes it (the modal itself places it on opening).
  const stepBody = useRef<HTMLDivElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    const target = stepBody.current && firstMeaningfulControl(stepBody.current);
    target?.focus();
  }, [step]);

  // The number as the server takes it: without the prefix the field shows.
  const bareNumber = number.slice(prefix.length).trim();
  const continueDisabled = registered && (isOnlyVatPrefix(country, number) || bareNumber === '');

  const submitNumber = async () => {
    save.reset();
    if (!registered) {
      setCheckedNumber(null);
      setStep(1);
      return;
    }
    const result = await check.mutateAsync(bareNumber).catch(() => null);
    if (!result) return;
    setCheckedNumber(bareNumber);
    if (result.name) setName(result.name);
    if (result.address) setAddress(result.address);
    setStep(1);
  };

  const submitDetails = async () => {
    const saved = await save.mutateAsync({ vat_number: checkedNumber, name, address }).catch(() => null);
    if (saved) onCompleted();
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={__('VAT details for your invoices')}
      size="lg"
      data-testid="vat-wizard"
    >
      <Stepper active={step} size="sm" allowNextStepsSelect={false} onStepClick={setStep}>
        <Stepper.Step label={sprintf(__('Set your %s'), numberName)}>
          <Stack gap="sm" mt="sm" ref={stepBody}>
            <Text size="sm">{__('The details you give here are printed on all of your fee invoices.')}</Text>
            {!numbered && (
              <Text size="sm">{__('Invoices for your country carry your business name and address.')}</Text>
            )}
            {numbered && (
              <Checkbox
                checked={registered}
                onChange={(event) => setRegistered(event.currentTarget.checked)}
                label={sprintf(__("I'm registered for a %s"), numberName)}
                description={
                  country.toUpperCase() === 'JP'
                    ? undefined
                    : __('Businesses whose sales exceed their country’s VAT threshold must register for VAT.')
                }
              />
            )}
            {registered && (
              <TextInput
                label={numberName}
                description={__(vatNumberHelp(country))}
                value={number}
                onChange={(event) => setNumber(withVatPrefix(country, event.currentTarget.value))}
                autoComplete="off"
                data-autofocus
              />
            )}
            {check.isError && (
              <Alert color="red" role="alert" data-testid="vat-number-error">
                {check.error.message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button onClick={submitNumber} disabled={continueDisabled} loading={check.isPending}>
                {__('Continue')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={__('Confirm your business details')}>
          <Stack gap="sm" mt="sm" ref={stepBody}>
            {checkedNumber && (
              <Text size="sm">{sprintf(__('%1$s: %2$s'), numberName, `${prefix}${checkedNumber}`)}</Text>
            )}
            <TextInput
              label={__('Business name')}
              value={name}
              onChange={(event) => setName(event.currentTarget.value)}
              required
              data-autofocus
            />
            <Textarea
              label={__('Address')}
              value={address}
              onChange={(event) => setAddress(event.currentTarget.value)}
              autosize
              minRows={3}
              required
            />
            {save.isError && (
              <Alert color="red" role="alert" data-testid="vat-details-error">
                {save.error.message}
              </Alert>
            )}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setStep(0)}>
                {__('Back')}
              </Button>
              <Button
                onClick={submitDetails}
                loading={save.isPending}
                disabled={name.trim() === '' || address.trim() === ''}
              >
                {__('Save details')}
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
      </Stepper>
    </Modal>
  );
}
