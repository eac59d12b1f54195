import type { disputes } from '@paydesk/domain/contracts';
import { COVER_LETTER_MAX_CHARS } from '@paydesk/domain/disputes/cover-letter';
import {
  acceptsTextChange,
  type EvidenceField,
  evidenceUpdateBody,
  fitsEvidenceFiles,
  initialProductType,
  type ProductType,
} from '@paydesk/domain/disputes/evidence';
import {
  EVIDENCE_FILE_KEYS,
  EVIDENCE_FILES_MAX_BYTES_MESSAGE,
  EVIDENCE_MAX_CHARS_MESSAGE,
} from '@paydesk/domain/disputes/evidence-limits';
import { useQueries } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError, serverMessage } from '../../../lib/api.ts';
import { __ } from '../../../lib/i18n.ts';
import { createNotice } from '../../../lib/notices.tsx';
import { track } from '../../../lib/track.ts';
import { useCreateReceipt } from '../api/dispute-receipt.ts';
import { fileDetailsOptions, type StoredEvidenceFile, useUploadEvidenceFile } from '../api/evidence-files.ts';
import type { DisputeUpdate } from '../api/update-dispute.ts';

type Dispute = disputes.TDispute;

/** A field's upload, which is not saved with the evidence. */
export type UploadState = { status: 'idle' } | { status: 'uploading' } | { status: 'error'; message: string };

/**
 * A stored file's type, size in bytes and upload time (epoch seconds), known once it is uploaded
 * or its details are read.
 */
export interface FileInfo {
  type: string;
  size: number;
  created: number;
}

const FILE_KEYS: readonly string[] = EVIDENCE_FILE_KEYS;
const IDLE: UploadState = { status: 'idle' };
/** The file field a receipt of the order, written by the server on request, goes in. */
export const RECEIPT_KEY = 'receipt';

/**
 * The challenge page's evidence as the merchant edits it: the values, the file names (kept in
 * the metadata under each file field's key), the product type and each field's upload. The
 * evidence limits (docs/disputes.md) are checked before a change is kept.
 */
export function useEvidenceForm(dispute: Dispute, options: { prefill: boolean }) {
  // What the payment and order give, offered in the fields still empty while evidence can change.
  const [offered] = useState<Record<string, string>>(() =>
    options.prefill
      ? Object.fromEntries(
          Object.entries(dispute.prefill).filter(([key]) => (dispute.evidence[key] ?? '').trim() === ''),
        )
      : {},
  );
  const [evidence, setEvidence] = useState<Record<string, string>>(() => ({
    ...dispute.evidence,
    ...offered,
  }));
  const [filenames, setFilenames] = useState<Record<string, string>>(() =>
    Object.fromEntries(FILE_KEYS.map((key) => [key, dispute.metadata[key] ?? ''])),
  );
  const [productType, setProductTypeState] = useState<ProductType | ''>(() =>
    initialProductType(dispute.metadata, dispute.evidence_details.has_evidence),
  );
  const [uploads, setUploads] = useState<Record<string, UploadState>>({});
  // The cover letter: whether it goes with the response, and the merchant's edit (null: composed).
  const [letterIncluded, setLetterIncludedState] = useState(dispute.cover_letter.included);
  const [letterBody, setLetterBodyState] = useState<string | null>(dispute.cover_letter.body);
  const [dirty, setDirty] = useState(false);
  const maxCharsShown = useRef(false);
  const upload = useUploadEvidenceFile();
  const receipt = useCreateReceipt(dispute.id);
  // Files the server wrote for a field (the receipt), by key: prefilled until replaced or removed.
  const [generated, setGenerated] = useState<Record<string, string>>({});

  const fileIds = [...new Set(FILE_KEYS.map((key) => evidence[key] ?? '').filter(Boolean))];
  const details = useQueries({ queries: fileIds.map((id) => fileDetailsOptions(id)) });
  const files = new Map<string, FileInfo>();
  for (const query of details) if (query.data) files.set(query.data.id, query.data);

  const change = (key: string, value: string) => {
    setEvidence((current) => ({ ...current, [key]: value }));
    setDirty(true);
  };

  /** A refused change to the evidence text says why, once. */
  const setText = (item: EvidenceField, value: string) => {
    if (acceptsTextChange(evidence, item, value)) return change(item.key, value);
    if (maxCharsShown.current) return;
    maxCharsShown.current = true;
    createNotice('error', __(EVIDENCE_MAX_CHARS_MESSAGE));
  };

  const setProductType = (value: ProductType) => {
    setProductTypeState(value);
    setDirty(true);
    track('wcpay_dispute_product_selected', { selection: value });
  };

  const setUpload = (key: string, state: UploadState) =>
    setUploads((current) => ({ ...current, [key]: state }));

  /**
   * Whether a file of `size` bytes fits in `key` beside the other fields' files; a notice says
   * why when it does not.
   */
  const fitsBesideOthers = (key: string, size: number) => {
    const others = new Map(
      FILE_KEYS.filter((other) => other !== key && evidence[other])
        .map((other) => evidence[other]!)
        .map((id) => [id, files.get(id)?.size ?? 0]),
    );
    if (fitsEvidenceFiles(others, size)) return true;
    createNotice('info', __(EVIDENCE_FILES_MAX_BYTES_MESSAGE));
    return false;
  };

  /** A stored file's id goes in the field and its name in the metadata. */
  const attachStored = (key: string, stored: StoredEvidenceFile) => {
    setUpload(key, IDLE);
    change(key, stored.id);
    setFilenames((current) => ({ ...current, [key]: stored.filename }));
  };

  const failed = (key: string, error: unknown, fallback: string) =>
    setUpload(key, { status: 'error', message: error instanceof ApiError ? serverMessage(error) : fallback });

  const uploadFile = (key: string, file: File) => {
    if (!fitsBesideOthers(key, file.size)) return;
    track('wcpay_dispute_file_upload_started', { type: key });
    setUpload(key, { status: 'uploading' });
    // Each upload settles on its own promise: two fields may upload at once.
    upload.mutateAsync(file).then(
      (stored) => {
        track('wcpay_dispute_file_upload_success', { type: key });
        attachStored(key, stored);
      },
      (error: unknown) => {
        track('wcpay_dispute_file_upload_failed', { type: key });
        failed(key, error, __('The file could not be uploaded. Check your connection and try again.'));
      },
    );
  };

  /** A file the server wrote for a field: attached as an upload is, and marked as prefilled. */
  const attachGenerated = (key: string, stored: StoredEvidenceFile) => {
    if (!fitsBesideOthers(key, stored.size)) return setUpload(key, IDLE);
    attachStored(key, stored);
    setGenerated((current) => ({ ...current, [key]: stored.id }));
  };

  /** Asks the server for a receipt of the order and puts it in the receipt field. */
  const createReceipt = () => {
    setUpload(RECEIPT_KEY, { status: 'uploading' });
    receipt.mutateAsync().then(
      (stored) => attachGenerated(RECEIPT_KEY, stored),
      (error: unknown) =>
        failed(
          RECEIPT_KEY,
          error,
          __('The receipt could not be created. Check your connection and try again.'),
        ),
    );
  };

  /** Removing a file clears its id, name, error and size. */
  const removeFile = (key: string) => {
    change(key, '');
    setFilenames((current) => ({ ...current, [key]: '' }));
    setUpload(key, IDLE);
  };

  const setLetterIncluded = (included: boolean) => {
    setLetterIncludedState(included);
    setDirty(true);
  };
  /** The merchant's edit of the letter; null goes back to the composed letter. */
  const setLetterBody = (text: string | null) => {
    if (text !== null && text.length > COVER_LETTER_MAX_CHARS) {
      createNotice('error', __(EVIDENCE_MAX_CHARS_MESSAGE));
      return;
    }
    setLetterBodyState(text);
    setDirty(true);
  };

  const body = (submit: boolean): DisputeUpdate => ({
    ...evidenceUpdateBody({ evidence, filenames, productType }, submit),
    cover_letter: { included: letterIncluded, body: letterBody },
  });

  return {
    evidence,
    /** Whether a field still holds the value Paydesk offered for it. */
    isPrefilled: (key: string) =>
      (offered[key] !== undefined && evidence[key] === offered[key]) ||
      (generated[key] !== undefined && evidence[key] === generated[key]),
    filenames,
    files,
    productType,
    uploads,
    uploadOf: (key: string) => uploads[key] ?? IDLE,
    isUploading: Object.values(uploads).some((state) => state.status === 'uploading'),
    dirty,
    markSaved: () => setDirty(false),
    setText,
    setDate: change,
    setProductType,
    uploadFile,
    removeFile,
    /** A receipt can be written from the dispute's order while the evidence can change. */
    canCreateReceipt: options.prefill && dispute.order !== null,
    /** Whether the receipt being attached is being written by the server. */
    creatingReceipt: receipt.isPending,
    createReceipt,
    letterIncluded,
    letterBody,
    setLetterIncluded,
    setLetterBody,
    body,
  };
}

export type EvidenceForm = ReturnType<typeof useEvidenceForm>;
