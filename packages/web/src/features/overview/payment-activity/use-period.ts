import {
  PERIOD_PRESET_STORAGE_KEY,
  type PeriodPreset,
  storedPeriodPreset,
} from '@paydesk/domain/overview/payment-activity';
import { useState } from 'react';

/**
 * The chosen period preset, kept in session storage: it survives reloads and moving
 * between pages, and starts again from the last 7 days in a new session.
 */
export function usePeriodPreset(): [PeriodPreset, (preset: PeriodPreset) => void] {
  const [preset, setPreset] = useState<PeriodPreset>(() =>
    storedPeriodPreset(window.sessionStorage.getItem(PERIOD_PRESET_STORAGE_KEY)),
  );
  const choose = (next: PeriodPreset) => {
    setPreset(next);
    window.sessionStorage.setItem(PERIOD_PRESET_STORAGE_KEY, next);
  };
  return [preset, choose];
}
