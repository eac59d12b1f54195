import { Card, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { type EvidenceField, type EvidenceSection, READ_ONLY_EMPTY } from '@paydesk/domain/disputes/evidence';
import { __ } from '../../../lib/i18n.ts';
import { AttachedFile, EvidenceFileControl } from './evidence-file-control.tsx';
import { type EvidenceForm, RECEIPT_KEY } from './use-evidence-form.ts';

/** Said under a field that holds what the payment and order gave, until the merchant changes it. */
const PREFILLED_NOTE = 'Prefilled from the payment and its order: check it before you submit.';

/** One field, editable: text, a date, long text (the default) or a file. */
function EditableField({ item, form }: { item: EvidenceField; form: EvidenceForm }) {
  const value = form.evidence[item.key] ?? '';
  const label = __(item.label);
  const prefilled = form.isPrefilled(item.key);
  const description =
    [item.description ? __(item.description) : '', prefilled ? __(PREFILLED_NOTE) : '']
      .filter(Boolean)
      .join(' ') || undefined;
  const common = {
    label,
    description,
    value,
    'data-testid': `evidence-${item.key}`,
    'data-prefilled': prefilled || undefined,
  };
  switch (item.type) {
    case 'file':
      return (
        <EvidenceFileControl
          label={label}
          testId={common['data-testid']}
          description={description}
          fileId={value}
          filename={form.filenames[item.key] ?? ''}
          info={form.files.get(value)}
          upload={form.uploadOf(item.key)}
          onUpload={(file) => form.uploadFile(item.key, file)}
          onRemove={() => form.removeFile(item.key)}
          prefilled={prefilled}
          generate={
            item.key === RECEIPT_KEY && form.canCreateReceipt
              ? {
                  label: __('Create a receipt from the order'),
                  busyLabel: __('Creating the receipt…'),
                  busy: form.creatingReceipt,
                  onGenerate: form.createReceipt,
                }
              : undefined
          }
        />
      );
    case 'date':
      return (
        <TextInput
          {...common}
          type="date"
          w={220}
          onChange={(event) => form.setDate(item.key, event.currentTarget.value)}
        />
      );
    case 'text':
      return <TextInput {...common} onChange={(event) => form.setText(item, event.currentTarget.value)} />;
    default:
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          maxRows={12}
          onChange={(event) => form.setText(item, event.currentTarget.value)}
        />
      );
  }
}

/** One field as submitted, or a placeholder saying it was left empty. */
function ReadOnlyField({ item, form }: { item: EvidenceField; form: EvidenceForm }) {
  const value = form.evidence[item.key] ?? '';
  let shown: React.ReactNode;
  if (!value)
    shown = (
      <Text size="sm" c="dimmed">
        {__(READ_ONLY_EMPTY[item.type])}
      </Text>
    );
  else if (item.type === 'file')
    shown = (
      <AttachedFile fileId={value} filename={form.filenames[item.key] ?? ''} info={form.files.get(value)} />
    );
  else
    shown = (
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    );
  return (
    <div data-testid={`evidence-${item.key}`}>
      <Text component="dt" size="sm" fw={600}>
        {__(item.label)}
      </Text>
      <dd style={{ margin: 0 }}>{shown}</dd>
    </div>
  );
}

/** The evidence sections the dispute's reason and product type show, editable or as submitted. */
export function EvidenceSections({
  sections,
  form,
  readOnly,
}: {
  sections: readonly EvidenceSection[];
  form: EvidenceForm;
  readOnly: boolean;
}) {
  return sections.map((section) => {
    const headingId = `evidence-section-${section.key}`;
    const Field = readOnly ? ReadOnlyField : EditableField;
    return (
      <Card
        key={section.key}
        withBorder
        padding="lg"
        component="section"
        aria-labelledby={headingId}
        data-testid={`evidence-section-${section.key}`}
      >
        <Title order={2} size="h4" id={headingId}>
          {__(section.title)}
        </Title>
        {section.description && (
          <Text size="sm" mt={4}>
            {__(section.description)}
          </Text>
        )}
        <Stack gap="md" mt="md" mb={0} component={readOnly ? 'dl' : 'div'}>
          {section.fields.map((item) => (
            <Field key={item.key} item={item} form={form} />
          ))}
        </Stack>
      </Card>
    );
  });
}
