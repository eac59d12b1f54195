import { appError } from '@paydesk/domain';
import type { SurveyRating } from '@paydesk/domain/overview/survey';
import type { Db } from '../db/database.ts';

/**
 * Survey answers (`POST {base}/survey/payments-overview`): one row per survey and user,
 * either a rating with its comment or a dismissal. The unique key makes a second answer, or an
 * answer racing a dismissal, fail without writing anything.
 */

export type SurveyState = 'open' | 'answered' | 'dismissed';

const alreadyAnswered = () => appError('wcpay_survey_already_answered');

export async function surveyState(db: Db, survey: string, userId: number): Promise<SurveyState> {
  const row = await db
    .selectFrom('survey_responses')
    .select('outcome')
    .where('survey', '=', survey)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.outcome ?? 'open';
}

async function record(
  db: Db,
  values: {
    survey: string;
    user_id: number;
    outcome: 'answered' | 'dismissed';
    rating: SurveyRating | null;
    comments: string;
  },
): Promise<void> {
  const result = await db
    .insertInto('survey_responses')
    .values(values)
    .onConflict((oc) => oc.columns(['survey', 'user_id']).doNothing())
    .executeTakeFirst();
  if (Number(result.numInsertedOrUpdatedRows ?? 0n) === 0) throw alreadyAnswered();
}

export function answerSurvey(
  db: Db,
  survey: string,
  userId: number,
  answer: { rating: SurveyRating; comments: string },
): Promise<void> {
  return record(db, {
    survey,
    user_id: userId,
    outcome: 'answered',
    rating: answer.rating,
    comments: answer.comments,
  });
}

export function dismissSurvey(db: Db, survey: string, userId: number): Promise<void> {
  return record(db, { survey, user_id: userId, outcome: 'dismissed', rating: null, comments: '' });
}
