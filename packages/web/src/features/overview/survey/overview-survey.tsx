import { lazy, Suspense } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';

const SurveyCard = lazy(() => import('./survey-card.tsx'));

/** The Overview survey, loaded on its own once a connected account's Overview shows. */
export function OverviewSurvey() {
  if (!getSettings().isAccountConnected) return null;
  return (
    <Suspense fallback={null}>
      <SurveyCard />
    </Suspense>
  );
}
