/** The payments overview survey (`GET {base}/survey/payments-overview`). */
export const surveyKeys = {
  status: () => ['survey', 'payments-overview'] as const,
};
