import { ActionIcon, Button, Card, CloseButton, Group, Input, Stack, Text, Title } from '@mantine/core';
import {
  SURVEY_COMMENT_MAX_LENGTH,
  SURVEY_RATINGS,
  type SurveyRating,
  submitsAtOnce,
} from '@paydesk/domain/overview/survey';
import { type ChangeEvent, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { useDismissSurvey, useSubmitSurvey, useSurveyStatus } from './api/survey.ts';

/** The mouth of each face; drawn rather than emoji, which not every system's fonts carry. */
const FACES: Record<SurveyRating, { mouth: string; label: () => string }> = {
  'very-unhappy': { mouth: 'M8 17.5 Q12 12.5 16 17.5', label: () => __('Very unhappy') },
  unhappy: { mouth: 'M8.5 16.5 Q12 14 15.5 16.5', label: () => __('Unhappy') },
  neutral: { mouth: 'M8.5 15.5 H15.5', label: () => __('Neutral') },
  happy: { mouth: 'M8.5 14.5 Q12 17 15.5 14.5', label: () => __('Happy') },
  'very-happy': { mouth: 'M8 13.5 Q12 19 16 13.5', label: () => __('Very happy') },
};

function Face({ rating }: { rating: SurveyRating }) {
  return (
    <svg
      width="28"
      height="28"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      aria-hidden
    >
      <circle cx="12" cy="12" r="10" />
      <circle cx="9" cy="9.5" r="1" fill="currentColor" stroke="none" />
      <circle cx="15" cy="9.5" r="1" fill="currentColor" stroke="none" />
      <path d={FACES[rating].mouth} strokeLinecap="round" />
    </svg>
  );
}

/**
 * The Overview survey: a rating from very unhappy to very happy. Happy and
 * very happy are sent at once; a lower rating opens a comment box with Cancel and Send. After
 * sending, the card thanks the merchant and can be closed. Closing it unanswered records a
 * dismissal, so it does not come back.
 */
export default function SurveyCard() {
  const connected = getSettings().isAccountConnected;
  const status = useSurveyStatus(connected);
  const submit = useSubmitSurvey();
  const dismiss = useDismissSurvey();
  const [rating, setRating] = useState<SurveyRating | null>(null);
  const [comments, setComments] = useState('');
  const [stage, setStage] = useState<'asking' | 'thanks' | 'closed'>('asking');

  if (!connected || stage === 'closed') return null;
  if (stage === 'asking' && status.data?.status !== 'open') return null;

  const send = (chosen: SurveyRating, text: string) =>
    submit.mutate(
      { rating: chosen, comments: text },
      {
        onSuccess: () => setStage('thanks'),
        onError: () =>
          createNotice('error', __('An error occurred while submitting the survey. Please try again.')),
      },
    );

  const choose = (chosen: SurveyRating) => {
    setRating(chosen);
    if (submitsAtOnce(chosen)) send(chosen, '');
  };

  const cancel = () => {
    setRating(null);
    setComments('');
  };

  if (stage === 'thanks') {
    return (
      <Card withBorder padding="lg" data-testid="survey">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} data-testid="survey-thanks">
            {__('Thank you for your feedback!')}
          </Text>
          <CloseButton aria-label={__('Close')} onClick={() => setStage('closed')} />
        </Group>
      </Card>
    );
  }

  const commenting = rating !== null && !submitsAtOnce(rating);
  return (
    <Card withBorder padding="lg" data-testid="survey">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h5">
          {__('How satisfied are you with your payments experience so far?')}
        </Title>
        <CloseButton
          aria-label={__('Dismiss survey')}
          disabled={dismiss.isPending || submit.isPending}
          onClick={() =>
            dismiss.mutate(undefined, {
              onSuccess: () => setStage('closed'),
              onError: (error) => createNotice('error', error.message),
            })
          }
        />
      </Group>
      <Group gap="xs" mt="sm" role="radiogroup" aria-label={__('Rating')}>
        {SURVEY_RATINGS.map((value) => (
          <ActionIcon
            key={value}
            size="xl"
            radius="xl"
            role="radio"
            aria-checked={rating === value}
            aria-label={FACES[value].label()}
            title={FACES[value].label()}
            variant={rating === value ? 'light' : 'subtle'}
            disabled={submit.isPending}
            onClick={() => choose(value)}
            data-testid={`survey-rating-${value}`}
          >
            <Face rating={value} />
          </ActionIcon>
        ))}
      </Group>
      {commenting && (
        <Stack gap="xs" mt="md">
          <Input.Wrapper label={__('What would make your payments experience better? (optional)')}>
            <Input
              component="textarea"
              multiline
              rows={3}
              value={comments}
              maxLength={SURVEY_COMMENT_MAX_LENGTH}
              onChange={(event: ChangeEvent<HTMLTextAreaElement>) => setComments(event.currentTarget.value)}
              data-testid="survey-comments"
            />
          </Input.Wrapper>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={cancel} disabled={submit.isPending}>
              {__('Cancel')}
            </Button>
            <Button onClick={() => send(rating, comments)} loading={submit.isPending}>
              {__('Send')}
            </Button>
          </Group>
        </Stack>
      )}
    </Card>
  );
}
