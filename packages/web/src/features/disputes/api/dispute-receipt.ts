import { disputes } from '@paydesk/domain/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { rememberStoredFile } from './evidence-files.ts';

/**
 * POST {base}/disputes/{id}/receipt: the server writes a PDF receipt of the dispute's order and
 * stores it as an evidence file, answered as an upload is; the page attaches it itself.
 */
export function useCreateReceipt(disputeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch(disputes.createReceipt, { params: { id: disputeId } }),
    onSuccess: (file) => rememberStoredFile(client, file),
  });
}
