/**
 * The Overview survey: a rating with an optional comment. A happy or
 * very-happy rating is sent at once; a lower one asks for a comment first.
 */

/** The survey's name in the API path and in the stored answers. */
export const PAYMENTS_OVERVIEW_SURVEY = 'payments-overview';
export const SURVEY_RATINGS = ['very-unhappy', 'unhappy', 'neutral', 'happy', 'very-happy'] as const;
export type SurveyRating = (typeof SURVEY_RATINGS)[number];
/** Longest comment kept; the text box stops there too. */
export const SURVEY_COMMENT_MAX_LENGTH = 2000;

/** These ratings are submitted at once, without the comment box. */
export function submitsAtOnce(rating: SurveyRating): boolean {
  return rating === 'happy' || rating === 'very-happy';
}
