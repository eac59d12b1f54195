import type { FraudRule } from '@paydesk/domain';
import { fraud } from '@paydesk/domain/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';

/** POST {base}/fraud_protection/backtest: what unsaved filters would have caught. */
export function useBacktest() {
  return useMutation({
    mutationFn: (input: { days: number; rules: FraudRule[] }) => apiFetch(fraud.backtest, { body: input }),
  });
}
