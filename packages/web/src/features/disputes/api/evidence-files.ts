import { disputes, files } from '@paydesk/domain/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch, apiUpload } from '../../../lib/api.ts';

/** Query keys of stored files: their details and their content (for an image's preview). */
export const fileKeys = {
  details: (id: string) => ['files', 'details', id] as const,
  content: (id: string) => ['files', 'content', id] as const,
};

/** GET {base}/file/{id}/details: an attached file's type and size. Stored files do not change. */
export const fileDetailsOptions = (id: string) =>
  queryOptions({
    queryKey: fileKeys.details(id),
    queryFn: ({ signal }) => apiFetch(files.getFileDetails, { params: { id }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/**
 * POST {base}/file with the file and purpose=dispute_evidence; answers its id, name, size and
 * type, which are kept as the file's details so they are not asked for again.
 */
export function useUploadEvidenceFile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('purpose', 'dispute_evidence');
      form.append('file', file, file.name);
      return apiUpload(disputes.uploadFile, form);
    },
    onSuccess: (file) =>
      client.setQueryData(fileKeys.details(file.id), {
        ...file,
        title: null,
        purpose: 'dispute_evidence',
        created: Math.floor(Date.now() / 1000),
      }),
  });
}

/** GET {base}/file/{id}/content as a data URL, for an image's preview. */
export function useFilePreview(id: string, enabled: boolean) {
  return useQuery({
    queryKey: fileKeys.content(id),
    queryFn: async ({ signal }) => {
      const file = await apiFetch(files.getFileContent, { params: { id }, signal });
      return `data:${file.type};base64,${file.file_content}`;
    },
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
