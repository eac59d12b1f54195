import { survey } from '@paydesk/domain/contracts';
import type { TSurveyAnswer } from '@paydesk/domain/contracts/survey';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../../lib/api.ts';
import { surveyKeys } from '../../../../lib/query-keys/index.ts';

/** GET {base}/survey/payments-overview: whether the signed-in user still has it to answer. */
export function useSurveyStatus(enabled: boolean) {
  return useQuery({
    queryKey: surveyKeys.status(),
    queryFn: ({ signal }) => apiFetch(survey.surveyStatus, { signal }),
    enabled,
  });
}

/** POST {base}/survey/payments-overview: rating and comments. */
export function useSubmitSurvey() {
  return useMutation({
    mutationFn: (answer: TSurveyAnswer) => apiFetch(survey.surveySubmit, { body: answer }),
  });
}

/** POST {base}/survey/payments-overview/dismiss: closed without an answer; not shown again. */
export function useDismissSurvey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(survey.surveyDismiss),
    onSuccess: () => client.setQueryData(surveyKeys.status(), { status: 'dismissed' as const }),
  });
}
