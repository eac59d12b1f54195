import {
  ATTACHMENTS_HEADING,
  type AttachedEvidenceFile,
  attachmentLine,
  COVER_LETTER_FILENAME,
  COVER_LETTER_KEY,
  type CoverLetterAttachment,
  composeCoverLetter,
  coverLetterAttachments,
  coverLetterIncluded,
} from '@paydesk/domain/disputes/cover-letter';
import { EVIDENCE_FILE_KEYS, type EvidenceKey } from '@paydesk/domain/disputes/evidence-limits';
import { epochSeconds } from '@paydesk/domain/time';
import { ownedBy } from '../../db/scope.ts';
import { getStoreSettings } from '../../store/options.ts';
import type { IdSource } from '../ids.ts';
import type { Trx } from '../payments/context.ts';
import type { ChargeState } from '../payments/state.ts';
import { renderPdf } from '../pdf.ts';
import { storeUploadedFile } from './files.ts';
import type { DisputeState, EvidenceUpdate } from './plan.ts';
import { mergeValues } from './plan.ts';

/** The letter's text and the documents it names, printed one after the other. */
export function renderCoverLetterPdf(
  letter: {
    body: string;
    attachments: readonly CoverLetterAttachment[];
    store_name: string;
    dispute_id: string;
  },
  now: Date,
): Promise<Buffer> {
  const info = {
    Title: `Dispute ${letter.dispute_id}: cover letter`,
    Author: letter.store_name,
    CreationDate: now,
  };
  return renderPdf(info, (pdf) => {
    pdf.font('Helvetica').fontSize(11);
    for (const paragraph of letter.body.split(/\n{2,}/)) {
      pdf.text(paragraph, { paragraphGap: 4 });
      pdf.moveDown(0.6);
    }
    if (letter.attachments.length === 0) return;
    pdf.moveDown(0.4);
    pdf.font('Helvetica-Bold').text(ATTACHMENTS_HEADING);
    pdf.font('Helvetica');
    for (const attachment of letter.attachments) pdf.text(attachmentLine(attachment));
  });
}

/** The evidence's files with their names and upload times, for the letter's list. */
async function attachedFiles(
  trx: Trx,
  accountId: string,
  evidence: Readonly<Record<string, string>>,
  filenames: Readonly<Record<string, string>>,
): Promise<AttachedEvidenceFile[]> {
  const keys = EVIDENCE_FILE_KEYS.filter((key) => key !== COVER_LETTER_KEY && evidence[key]);
  if (keys.length === 0) return [];
  const rows = await trx
    .selectFrom('files')
    .select(['id', 'filename', 'created_at'])
    .where(
      'id',
      'in',
      keys.map((key) => evidence[key]!),
    )
    .where(ownedBy(accountId))
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return keys.flatMap((key: EvidenceKey) => {
    const row = byId.get(evidence[key]!);
    // An unknown file is refused by the evidence check that follows.
    if (!row) return [];
    return [
      { key, id: row.id, filename: filenames[key] || row.filename, created: epochSeconds(row.created_at) },
    ];
  });
}

/**
 * On submit, when the cover letter goes with the response: renders it (the saved or given
 * edit, else the composed letter) with the list of the evidence's documents, stores the PDF
 * and answers the update with it in `uncategorized_file`. Otherwise answers the update as it is.
 */
export async function withCoverLetter(
  trx: Trx,
  env: { ids: IdSource; now: Date },
  owner: { accountId: string; userId: number | null },
  dispute: DisputeState,
  charge: ChargeState,
  input: EvidenceUpdate,
): Promise<EvidenceUpdate> {
  if (!input.submit) return input;
  const evidence = mergeValues(dispute.evidence, input.evidence);
  const metadata = mergeValues(dispute.metadata, input.metadata);
  const included = input.cover_letter?.included ?? dispute.cover_letter_included;
  if (!coverLetterIncluded(included, evidence)) return input;

  const store_name = (await getStoreSettings(trx)).blogname;
  const order =
    charge.order_id === null
      ? undefined
      : await trx.selectFrom('orders').select('number').where('id', '=', charge.order_id).executeTakeFirst();
  const body =
    (input.cover_letter ? input.cover_letter.body : dispute.cover_letter) ??
    composeCoverLetter({
      dispute_id: dispute.id,
      reason: dispute.reason,
      amount: dispute.amount,
      currency: dispute.currency,
      created: epochSeconds(dispute.created_at),
      charge_id: charge.id,
      order_number: order?.number ?? null,
      customer_name: evidence.customer_name || charge.billing_details.name || null,
      store_name,
      today: epochSeconds(env.now),
      evidence,
    });
  const attachments = coverLetterAttachments(await attachedFiles(trx, owner.accountId, evidence, metadata));
  const content = await renderCoverLetterPdf(
    { body, attachments, store_name, dispute_id: dispute.id },
    env.now,
  );
  const stored = await storeUploadedFile(
    trx,
    env.ids,
    owner,
    { purpose: 'dispute_evidence', file: { filename: COVER_LETTER_FILENAME, content } },
    env.now,
  );
  return {
    ...input,
    evidence: { ...input.evidence, [COVER_LETTER_KEY]: stored.id },
    metadata: { ...input.metadata, [COVER_LETTER_KEY]: COVER_LETTER_FILENAME },
    cover_letter: {
      included: true,
      body: input.cover_letter ? input.cover_letter.body : dispute.cover_letter,
    },
  };
}
