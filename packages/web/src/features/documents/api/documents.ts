import { buildPath, documents, type QueryOf } from '@paydesk/domain/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api.ts';
import { documentsKeys } from '../../../lib/query-keys/index.ts';

export type DocumentsQuery = QueryOf<typeof documents.listDocuments>;
export type DocumentsFilters = QueryOf<typeof documents.documentsSummary>;

/** GET {base}/documents: a page of documents. */
export function useDocuments(query: DocumentsQuery) {
  return useQuery({
    queryKey: documentsKeys.list(query),
    queryFn: ({ signal }) => apiFetch(documents.listDocuments, { query, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET {base}/documents/summary: how many documents the filters select. */
export function useDocumentsSummary(filters: DocumentsFilters) {
  return useQuery({
    queryKey: documentsKeys.summary(filters),
    queryFn: ({ signal }) => apiFetch(documents.documentsSummary, { query: filters, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The address of a document's PDF under the payments REST root; the nonce is added on download. */
export const documentUrl = (id: string) => buildPath(documents.downloadDocument.path, { id });

/** GET {base}/vat/{number}: the number checked, with the details saved with it before. */
export function useCheckVatNumber() {
  return useMutation({
    mutationFn: (number: string) => apiFetch(documents.checkVatNumber, { params: { number } }),
  });
}

/** POST {base}/vat: the details printed on invoices. */
export function useSaveVatDetails() {
  return useMutation({
    mutationFn: (body: { vat_number: string | null; name: string; address: string }) =>
      apiFetch(documents.saveVatDetails, { body }),
  });
}
