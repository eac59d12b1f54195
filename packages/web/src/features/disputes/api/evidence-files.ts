import { type disputes, files, type ResponseOf } from '@paydesk/domain/contracts';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { storeNow } from '../../../lib/clock.ts';
import { uploadFile } from '../../../lib/files.ts';
import { fileKeys } from '../../../lib/query-keys/index.ts';

/** GET {base}/file/{id}/details: an attached file's type and size. Stored files do not change. */
export const fileDetailsOptions = (id: string) =>
  queryOptions({
    queryKey: fileKeys.details(id),
    queryFn: ({ signal }) => apiFetch(files.getFileDetails, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** An evidence file the server stored: its id, name, size and type. */
export type StoredEvidenceFile = ResponseOf<typeof disputes.uploadFile>;

/** Keeps a file the server just stored as its details, so they are not asked for again. */
export function rememberStoredFile(client: QueryClient, file: StoredEvidenceFile): void {
  client.setQueryData(fileKeys.details(file.id), {
    ...file,
    title: null,
    purpose: 'dispute_evidence',
    // The server's clock is the store's: the sandbox clock moves it.
    created: Math.floor(storeNow() / 1000),
  });
}

/** POST {base}/file with the file and purpose=dispute_evidence; answers its id, name, size and type. */
export function useUploadEvidenceFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile('dispute_evidence', file),
    onSuccess: (file) => rememberStoredFile(client, file),
  });
}
