import { Alert, Button, Card, Group, Loader, Stack, Text } from '@mantine/core';
import type { disputes } from '@paydesk/domain/contracts';
import { sectionsBesideLetter } from '@paydesk/domain/disputes/cover-letter';
import {
  evidenceEditability,
  isProductType,
  PRODUCT_TYPE_LABELS,
  SUBMIT_CONFIRM_MESSAGE,
  visibleSections,
  WAIT_FOR_UPLOAD_MESSAGE,
} from '@paydesk/domain/disputes/evidence';
import {
  DISPUTE_ID_PATTERN,
  EVIDENCE_PAST_DUE_MESSAGE,
  EVIDENCE_READ_ONLY_MESSAGE,
} from '@paydesk/domain/disputes/evidence-limits';
import { AWAITING_RESPONSE_FILTER } from '@paydesk/domain/disputes/list-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { ConfirmedSelect } from '../../../components/list/confirmed-select.tsx';
import { ApiError, serverMessage } from '../../../lib/api.ts';
import { storeNow } from '../../../lib/clock.ts';
import { __, sprintf } from '../../../lib/i18n.ts';
import { getAdminUrl, navigate, useQueryValues } from '../../../lib/navigation.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { useLeavePrompt } from '../../../lib/use-leave-prompt.ts';
import { useCloseDispute } from '../api/close-dispute.ts';
import { useDispute } from '../api/disputes.ts';
import { useUpdateDispute } from '../api/update-dispute.ts';
import { CoverLetter } from '../challenge/cover-letter.tsx';
import { DisputeInfo } from '../challenge/dispute-info.tsx';
import { EvidenceCompleteness } from '../challenge/evidence-completeness.tsx';
import { EvidenceSections } from '../challenge/evidence-sections.tsx';
import { useEvidenceForm } from '../challenge/use-evidence-form.ts';

type Dispute = disputes.TDispute;

// The dialogs open after the page has shown; their code loads then.
const ConfirmModal = lazy(async () => ({
  default: (await import('../../../components/confirm-modal.tsx')).ConfirmModal,
}));

/** Where a saved or submitted response leads: the disputes still awaiting one. */
const AWAITING_LIST = () => getAdminUrl('/payments/disputes', { filter: AWAITING_RESPONSE_FILTER });

const failureMessage = (error: unknown) =>
  error instanceof ApiError ? serverMessage(error) : __('Check your connection and try again.');

/** The questions asked before what cannot be undone; the confirming button repeats the title. */
const QUESTIONS = {
  submit: { title: 'Submit evidence', body: SUBMIT_CONFIRM_MESSAGE, color: undefined },
  accept: {
    title: 'Accept dispute',
    body: 'Accepting the dispute is final: the disputed amount and the dispute fee will not be returned, and no evidence can be submitted afterwards.',
    color: 'red',
  },
} as const;

/** Usage events of saving and submitting. */
const ACTION_EVENTS = {
  save: 'wcpay_dispute_save_evidence',
  submit: 'wcpay_dispute_submit_evidence',
} as const;

/**
 * /payments/disputes/challenge?id=: the dispute, guidance for its reason, the product type, and
 * the evidence sections these select; evidence is saved for later or submitted (final), or the
 * dispute accepted. A dispute no longer awaiting a response shows its evidence read-only.
 */
export default function DisputeChallengePage() {
  const { id = '' } = useQueryValues();
  const dispute = useDispute(DISPUTE_ID_PATTERN.test(id) ? id : '');
  if (dispute.data) return <ChallengeForm key={dispute.data.id} dispute={dispute.data} />;
  if (dispute.isLoading) return <Loader aria-label={__('Loading')} />;
  return (
    <Alert color="red" role="alert" title={__('Dispute not loaded')} data-testid="dispute-not-loaded">
      {dispute.isError ? __('Error retrieving dispute.') : null}
    </Alert>
  );
}

function ChallengeForm({ dispute }: { dispute: Dispute }) {
  const update = useUpdateDispute(dispute.id);
  const close = useCloseDispute(dispute.id);
  // The last question asked stays mounted, so its dialog closes with its transition and gives
  // the focus back to the button that opened it.
  const [question, setQuestion] = useState<keyof typeof QUESTIONS | null>(null);
  const [asking, setAsking] = useState(false);
  const ask = (which: keyof typeof QUESTIONS) => {
    setQuestion(which);
    setAsking(true);
  };
  // Set once the response is sent: the page then leaves without asking about unsaved changes.
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  const editability = evidenceEditability(dispute.status, dispute.evidence_details.due_by * 1000, storeNow());
  const readOnly = editability !== 'editable';
  const form = useEvidenceForm(dispute, { prefill: !readOnly });
  const busy = update.isPending || close.isPending;

  useLeavePrompt(form.dirty && leaveTo === null);
  useEffect(() => {
    if (leaveTo) navigate(leaveTo);
  }, [leaveTo]);

  const refusedWhileUploading = () => {
    if (!form.isUploading) return false;
    createNotice('error', __(WAIT_FOR_UPLOAD_MESSAGE));
    return true;
  };

  const send = (action: 'save' | 'submit') => {
    if (refusedWhileUploading()) return;
    const event = ACTION_EVENTS[action];
    update.mutate(form.body(action === 'submit'), {
      onSuccess: () => {
        track(`${event}_success`, { dispute_id: dispute.id });
        form.markSaved();
        createNotice('success', action === 'submit' ? __('Evidence submitted.') : __('Evidence saved.'));
        setLeaveTo(AWAITING_LIST());
      },
      onError: (error) => {
        track(`${event}_failed`, { dispute_id: dispute.id });
        createNotice(
          'error',
          sprintf(
            action === 'submit' ? __('Failed to submit evidence. (%s)') : __('Failed to save evidence. (%s)'),
            failureMessage(error),
          ),
        );
      },
    });
  };

  const onAction = (action: 'save' | 'submit') => {
    track(`${ACTION_EVENTS[action]}_clicked`, { dispute_id: dispute.id });
    if (refusedWhileUploading()) return;
    if (action === 'submit') ask('submit');
    else send('save');
  };

  const accept = () =>
    close.mutate(undefined, {
      onSuccess: () => {
        createNotice(
          'success',
          dispute.order
            ? sprintf(__('You have accepted the dispute for order #%s.'), dispute.order.number)
            : __('You have accepted the dispute.'),
        );
        form.markSaved();
        setLeaveTo(getAdminUrl('/payments/disputes'));
      },
      onError: () =>
        createNotice('error', __('There has been an error accepting the dispute. Please try again later.')),
    });

  const sections = visibleSections(dispute.reason, form.productType);

  return (
    <Stack gap="md" data-testid="dispute-challenge" data-read-only={readOnly || undefined}>
      {readOnly && (
        <Alert color="blue" data-testid="evidence-read-only">
          {editability === 'past_due' ? __(EVIDENCE_PAST_DUE_MESSAGE) : __(EVIDENCE_READ_ONLY_MESSAGE)}
        </Alert>
      )}
      <DisputeInfo dispute={dispute} />
      <Card withBorder padding="lg">
        {readOnly ? (
          <Text size="sm">
            <Text span fw={500}>
              {__('Product type')}:
            </Text>{' '}
            {form.productType ? __(PRODUCT_TYPE_LABELS[form.productType]) : '–'}
          </Text>
        ) : (
          // The product type swaps the evidence sections below it: it applies on a confirmed
          // choice, not on each arrow key (docs/accessibility.md).
          <ConfirmedSelect
            label={__('Product type')}
            description={__(
              'The kind of product or service the customer paid for. It decides which evidence is asked for.',
            )}
            value={form.productType}
            onConfirm={(value) => {
              if (isProductType(value)) form.setProductType(value);
            }}
            data={[
              ...(form.productType === '' ? [{ value: '', label: __('Select one…') }] : []),
              ...Object.entries(PRODUCT_TYPE_LABELS).map(([value, label]) => ({ value, label: __(label) })),
            ]}
            w={320}
            maw="100%"
            data-testid="product-type"
          />
        )}
      </Card>
      <EvidenceCompleteness
        reason={dispute.reason}
        productType={form.productType}
        evidence={form.evidence}
        sections={sections}
      />
      <EvidenceSections
        sections={readOnly ? sections : sectionsBesideLetter(sections, form.letterIncluded)}
        form={form}
        readOnly={readOnly}
      />
      {!readOnly && <CoverLetter dispute={dispute} form={form} />}
      {!readOnly && (
        <Group justify="space-between">
          <Group gap="sm">
            <Button
              onClick={() => onAction('submit')}
              loading={update.isPending && update.variables?.submit === true}
              disabled={busy}
            >
              {__('Submit evidence')}
            </Button>
            <Button
              variant="default"
              onClick={() => onAction('save')}
              loading={update.isPending && update.variables?.submit === false}
              disabled={busy}
            >
              {__('Save for later')}
            </Button>
          </Group>
          <Button
            variant="outline"
            color="red"
            onClick={() => ask('accept')}
            loading={close.isPending}
            disabled={busy}
          >
            {__('Accept dispute')}
          </Button>
        </Group>
      )}
      {question && (
        <Suspense fallback={null}>
          <ConfirmModal
            opened={asking}
            title={__(QUESTIONS[question].title)}
            body={__(QUESTIONS[question].body)}
            confirmLabel={__(QUESTIONS[question].title)}
            dismissLabel={__('Cancel')}
            color={QUESTIONS[question].color}
            onClose={() => setAsking(false)}
            onConfirm={() => (question === 'submit' ? send('submit') : accept())}
            testId={`${question}-confirm`}
          />
        </Suspense>
      )}
    </Stack>
  );
}
