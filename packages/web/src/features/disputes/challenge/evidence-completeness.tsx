import { List, Progress, Text } from '@mantine/core';
import type { EvidenceSection, ProductType } from '@paydesk/domain/disputes/evidence';
import { evidenceCompleteness } from '@paydesk/domain/disputes/recommended';
import { SectionCard } from '../../../components/section-card.tsx';
import { __, sprintf } from '../../../lib/i18n.ts';

/**
 * How much of the evidence that wins disputes of this reason the form holds, and what is still
 * missing, named as the fields below name it. Updates as the merchant types and uploads.
 */
export function EvidenceCompleteness({
  reason,
  productType,
  evidence,
  sections,
}: {
  reason: string;
  productType: ProductType | '';
  evidence: Readonly<Record<string, string | undefined>>;
  sections: readonly EvidenceSection[];
}) {
  const { recommended, provided, missing, percent } = evidenceCompleteness(reason, productType, evidence);
  const labels = new Map(
    sections.flatMap((section) => section.fields.map((field) => [field.key, field.label])),
  );
  return (
    <SectionCard
      id="evidence-completeness-heading"
      title={__('Recommended evidence')}
      testId="evidence-completeness"
    >
      <Text size="sm" mb="xs" data-testid="evidence-completeness-count">
        {sprintf(__('%1$d of %2$d recommended items provided'), provided.length, recommended.length)}
      </Text>
      <Progress
        value={percent}
        color={percent === 100 ? 'green' : 'blue'}
        aria-label={__('Recommended evidence provided')}
        mb="sm"
      />
      {missing.length > 0 ? (
        <>
          <Text size="sm" fw={500}>
            {productType === '' || productType === 'multiple'
              ? __('Still missing (choose one product type to see what proves delivery):')
              : __('Still missing:')}
          </Text>
          <List size="sm" data-testid="evidence-missing">
            {missing.map((key) => (
              <List.Item key={key}>{__(labels.get(key) ?? key)}</List.Item>
            ))}
          </List>
        </>
      ) : (
        <Text size="sm" c="green.8">
          {__('Every recommended item is provided.')}
        </Text>
      )}
    </SectionCard>
  );
}
