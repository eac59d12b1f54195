import { Button, Group, List, Switch, Text, Textarea } from '@mantine/core';
import type { disputes } from '@paydesk/domain/contracts';
import {
  ATTACHMENTS_HEADING,
  type AttachedEvidenceFile,
  attachmentLine,
  COVER_LETTER_KEY,
  composeCoverLetter,
  coverLetterAttachments,
} from '@paydesk/domain/disputes/cover-letter';
import { EVIDENCE_FILE_KEYS } from '@paydesk/domain/disputes/evidence-limits';
import { SectionCard } from '../../../components/section-card.tsx';
import { getSettings } from '../../../lib/bootstrap.ts';
import { storeNow } from '../../../lib/clock.ts';
import { __ } from '../../../lib/i18n.ts';
import classes from './cover-letter.module.css';
import type { EvidenceForm } from './use-evidence-form.ts';

/** The letter as composed from the dispute, its order and the evidence the form holds now. */
function composedLetter(dispute: disputes.TDispute, evidence: Readonly<Record<string, string>>): string {
  return composeCoverLetter({
    dispute_id: dispute.id,
    reason: dispute.reason,
    amount: dispute.amount,
    currency: dispute.currency,
    created: dispute.created,
    charge_id: dispute.charge.id,
    order_number: dispute.order?.number ?? null,
    customer_name: evidence.customer_name || dispute.charge.billing_details.name,
    store_name: getSettings().siteTitle,
    today: Math.floor(storeNow() / 1000),
    evidence,
  });
}

/** The documents the form holds, as the letter names them; a file still being read waits. */
function attachedFiles(form: EvidenceForm): AttachedEvidenceFile[] {
  return EVIDENCE_FILE_KEYS.flatMap((key) => {
    const id = form.evidence[key];
    const info = id ? form.files.get(id) : undefined;
    if (!id || key === COVER_LETTER_KEY || !info) return [];
    return [{ key, id, filename: form.filenames[key] ?? '', created: info.created }];
  });
}

/**
 * The cover letter (docs/disputes.md, "Cover letter"): composed from the dispute, its order and
 * the evidence, editable, printable, and submitted as a PDF in "Other documents". The list of
 * attachments follows the files as they are added or removed, whatever the letter's text.
 */
export function CoverLetter({ dispute, form }: { dispute: disputes.TDispute; form: EvidenceForm }) {
  const text = form.letterBody ?? composedLetter(dispute, form.evidence);
  const attachments = coverLetterAttachments(attachedFiles(form));
  return (
    <SectionCard id="cover-letter-heading" title={__('Cover letter')} testId="cover-letter">
      <Text size="sm" mb="sm">
        {__(
          'A letter to the card issuer that sums up your case and names each document you attach. It is sent as a PDF under "Other documents" when you submit.',
        )}
      </Text>
      <Switch
        label={__('Send a cover letter with the evidence')}
        checked={form.letterIncluded}
        onChange={(event) => form.setLetterIncluded(event.currentTarget.checked)}
        data-testid="cover-letter-included"
      />
      {form.letterIncluded && (
        <>
          <Textarea
            mt="md"
            label={__('Letter')}
            description={
              form.letterBody === null
                ? __(
                    'Composed from the dispute, the order and your evidence; it follows your changes until you edit it.',
                  )
                : __('Edited by you: it no longer follows your evidence.')
            }
            value={text}
            onChange={(event) => form.setLetterBody(event.currentTarget.value)}
            autosize
            minRows={8}
            maxRows={24}
            data-testid="cover-letter-text"
          />
          <Text component="h3" size="sm" fw={600} mt="md" mb={4}>
            {__(ATTACHMENTS_HEADING)}
          </Text>
          {attachments.length > 0 ? (
            <List size="sm" data-testid="cover-letter-attachments">
              {attachments.map((attachment) => (
                <List.Item key={attachment.letter}>{attachmentLine(attachment)}</List.Item>
              ))}
            </List>
          ) : (
            <Text size="sm" c="dimmed" data-testid="cover-letter-attachments">
              {__('No documents attached yet: files you upload above are listed here in upload order.')}
            </Text>
          )}
          <Group gap="sm" mt="md">
            <Button variant="default" onClick={() => window.print()}>
              {__('Print letter')}
            </Button>
            {form.letterBody !== null && (
              <Button variant="subtle" onClick={() => form.setLetterBody(null)}>
                {__('Compose again')}
              </Button>
            )}
          </Group>
          <div className={classes.printed} data-testid="cover-letter-printed">
            {text.split(/\n{2,}/).map((paragraph, index) => (
              // Paragraphs have no identity but their place.
              // biome-ignore lint/suspicious/noArrayIndexKey: the letter's paragraphs in order
              <p key={index}>{paragraph}</p>
            ))}
            {attachments.length > 0 && (
              <>
                <p>
                  <strong>{__(ATTACHMENTS_HEADING)}</strong>
                </p>
                {attachments.map((attachment) => (
                  <p key={attachment.letter}>{attachmentLine(attachment)}</p>
                ))}
              </>
            )}
          </div>
        </>
      )}
    </SectionCard>
  );
}
