import { describe, expect, it } from 'vitest';
import { SURVEY_RATINGS, submitsAtOnce } from './survey.ts';

describe('the survey rating', () => {
  it('sends happy and very happy at once and asks the others for a comment', () => {
    expect(SURVEY_RATINGS.filter(submitsAtOnce)).toEqual(['happy', 'very-happy']);
    expect(SURVEY_RATINGS.filter((rating) => !submitsAtOnce(rating))).toEqual([
      'very-unhappy',
      'unhappy',
      'neutral',
    ]);
  });
});
