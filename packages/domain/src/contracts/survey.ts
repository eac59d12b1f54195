import { z } from 'zod';
import { SURVEY_COMMENT_MAX_LENGTH, SURVEY_RATINGS } from '../overview/survey.ts';
import { defineEndpoint, PAYMENTS_BASE } from './endpoint.ts';

/**
 * The Overview survey (`POST {base}/survey/payments-overview`): each user answers it
 * once, with a rating and an optional comment, or dismisses it; either way it is not shown again.
 */

const SURVEY_PATH = `${PAYMENTS_BASE}/survey/payments-overview`;

export const ZSurveyAnswer = z
  .object({
    rating: z.enum(SURVEY_RATINGS),
    comments: z.string().trim().max(SURVEY_COMMENT_MAX_LENGTH).default(''),
  })
  .strict();
export type TSurveyAnswer = z.input<typeof ZSurveyAnswer>;

export const surveyStatus = defineEndpoint({
  method: 'GET',
  path: SURVEY_PATH,
  summary: 'Whether the signed-in user still has the survey to answer.',
  tags: ['survey'],
  response: z.object({ status: z.enum(['open', 'answered', 'dismissed']) }),
});

export const surveySubmit = defineEndpoint({
  method: 'POST',
  path: SURVEY_PATH,
  summary: "Records the signed-in user's rating and comment; a second answer is refused.",
  tags: ['survey'],
  body: ZSurveyAnswer,
  response: z.object({ success: z.literal(true) }),
  errors: ['wcpay_survey_already_answered'],
});

export const surveyDismiss = defineEndpoint({
  method: 'POST',
  path: `${SURVEY_PATH}/dismiss`,
  summary: 'Records that the signed-in user closed the survey without answering.',
  tags: ['survey'],
  response: z.object({ success: z.literal(true) }),
  errors: ['wcpay_survey_already_answered'],
});
