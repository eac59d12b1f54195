import { Button, Card, Select, Stack, Text, Title } from '@mantine/core';
import { SUPPORTED_COUNTRIES } from '@paydesk/domain';
import {
  ANNUAL_REVENUE_LABELS,
  ANNUAL_REVENUE_OPTIONS,
  BUSINESS_FIELDS,
  type BusinessData,
  type BusinessField,
  businessTypesFor,
  changeField,
  fieldsComplete,
  GO_LIVE_TIMEFRAME_LABELS,
  GO_LIVE_TIMEFRAME_OPTIONS,
  initialValues,
  structuresFor,
  visibleErrors,
  visibleFields,
} from '@paydesk/domain/onboarding/business';
import { MCC_GROUPS } from '@paydesk/domain/onboarding/mcc';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __ } from '../../../lib/i18n.ts';

// The business types come once a country is chosen: their radio cards load beside the page, not
// in its first load, starting as this module runs.
const loadBusinessTypeField = () => import('./business-type-field.tsx');
const BusinessTypeField = lazy(async () => ({ default: (await loadBusinessTypeField()).BusinessTypeField }));
void loadBusinessTypeField();

const COUNTRY_OPTIONS = Object.entries(SUPPORTED_COUNTRIES)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label));

export interface BusinessStepValues {
  data: BusinessData;
  businessName: string;
  url: string;
}

/** Where the business step starts: the store's title, address, industry and country. */
export function initialBusinessStepValues(): BusinessStepValues {
  const settings = getSettings();
  const values = initialValues({
    siteTitle: settings.siteTitle,
    homeUrl: settings.homeUrl,
    industry: settings.storeIndustry,
    connectCountry: settings.connect.country,
  });
  return { data: values.data, businessName: values.business_name, url: values.url };
}

/**
 * The business step: country, business type, structure, type of goods or services, then annual
 * revenue and go-live timeframe, each appearing once the one before is answered. A required
 * message shows once its field has been touched. `fields` limits it to a group of those fields
 * (the Overview flow asks them over two steps). `framed` draws it as a card of its own; inside
 * another card (the Overview's) it goes without one, so the cards do not nest.
 */
export function BusinessStep({
  initial,
  busy,
  onContinue,
  fields: group = BUSINESS_FIELDS,
  title = __('Tell us about your business'),
  framed = true,
}: {
  initial: BusinessStepValues;
  busy: boolean;
  onContinue: (values: BusinessStepValues) => void;
  fields?: readonly BusinessField[];
  title?: string;
  framed?: boolean;
}) {
  const [data, setData] = useState<BusinessData>(initial.data);
  const [touched, setTouched] = useState<ReadonlySet<BusinessField>>(new Set());
  const fields = visibleFields(data).filter((field) => group.includes(field));
  const errors = visibleErrors(data, touched);
  const touch = (field: BusinessField) => setTouched((current) => new Set(current).add(field));
  const change = (field: BusinessField, value: string | null) => {
    touch(field);
    setData((current) => changeField(current, field, value ?? ''));
  };

  const mccData = useMemo(
    () =>
      MCC_GROUPS.map((group) => ({
        group: __(group.title),
        items: group.items.map((item) => ({ value: item.id, label: __(item.title) })),
      })),
    [],
  );
  const types = businessTypesFor(data.country);
  const structures = structuresFor(data.country, data.business_type);

  const card = useRef<HTMLDivElement>(null);
  const [failedSubmits, setFailedSubmits] = useState(0);
  // A Continue that finds missing answers takes the focus to the first one, whose label and
  // message a screen reader then reads.
  useEffect(() => {
    if (failedSubmits === 0) return;
    const invalid = card.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target =
      invalid?.getAttribute('role') === 'radiogroup'
        ? (invalid.querySelector<HTMLElement>('[role="radio"][aria-checked="true"]') ??
          invalid.querySelector<HTMLElement>('[role="radio"]'))
        : invalid;
    target?.focus();
  }, [failedSubmits]);

  const submit = () => {
    if (!fieldsComplete(data, group)) {
      setTouched(new Set(group));
      setFailedSubmits((count) => count + 1);
      return;
    }
    onContinue({ ...initial, data });
  };

  return (
    <Card
      ref={card}
      withBorder={framed}
      padding={framed ? 'xl' : 0}
      radius="md"
      data-testid="onboarding-business-step"
    >
      <Stack gap="lg">
        <div>
          <Title order={framed ? 2 : 4} size={framed ? 'h3' : 'h5'}>
            {title}
          </Title>
          <Text c="dimmed" size="sm" mt={4}>
            {__('We use these details to set up your payments account. It only takes a few minutes.')}
          </Text>
        </div>
        {fields.includes('country') && (
          <Select
            label={__('Where is your business located?')}
            placeholder={__('Select an option')}
            data={COUNTRY_OPTIONS.map((option) => ({ ...option, label: __(option.label) }))}
            value={data.country ?? null}
            onChange={(value) => change('country', value)}
            onBlur={() => touch('country')}
            error={errors.country && __(errors.country)}
            searchable
            nothingFoundMessage={__('No matching country')}
            data-testid="onboarding-country"
          />
        )}
        {fields.includes('business_type') && (
          <Suspense fallback={null}>
            <BusinessTypeField
              types={types}
              value={data.business_type ?? null}
              onChange={(value) => change('business_type', value)}
              error={errors.business_type && __(errors.business_type)}
            />
          </Suspense>
        )}
        {fields.includes('company.structure') && (
          <Select
            label={__('What is the legal structure of your business?')}
            placeholder={__('Select an option')}
            data={structures.map((structure) => ({ value: structure.key, label: __(structure.name) }))}
            value={data['company.structure'] ?? null}
            onChange={(value) => change('company.structure', value)}
            onBlur={() => touch('company.structure')}
            error={errors['company.structure'] && __(errors['company.structure'])}
            data-testid="onboarding-structure"
          />
        )}
        {fields.includes('mcc') && (
          <Select
            label={__('What type of goods or services does your business sell?')}
            placeholder={__('Select an option')}
            data={mccData}
            value={data.mcc ?? null}
            onChange={(value) => change('mcc', value)}
            onBlur={() => touch('mcc')}
            error={errors.mcc && __(errors.mcc)}
            searchable
            nothingFoundMessage={__('No matching category')}
            data-testid="onboarding-mcc"
          />
        )}
        {fields.includes('annual_revenue') && (
          <Select
            label={__('What is your estimated annual Ecommerce revenue?')}
            placeholder={__('Select an option')}
            data={ANNUAL_REVENUE_OPTIONS.map((value) => ({ value, label: __(ANNUAL_REVENUE_LABELS[value]) }))}
            value={data.annual_revenue ?? null}
            onChange={(value) => change('annual_revenue', value)}
            onBlur={() => touch('annual_revenue')}
            error={errors.annual_revenue && __(errors.annual_revenue)}
            data-testid="onboarding-annual-revenue"
          />
        )}
        {fields.includes('go_live_timeframe') && (
          <Select
            label={__('What is the estimated timeline for taking your store live?')}
            placeholder={__('Select an option')}
            data={GO_LIVE_TIMEFRAME_OPTIONS.map((value) => ({
              value,
              label: __(GO_LIVE_TIMEFRAME_LABELS[value]),
            }))}
            value={data.go_live_timeframe ?? null}
            onChange={(value) => change('go_live_timeframe', value)}
            onBlur={() => touch('go_live_timeframe')}
            error={errors.go_live_timeframe && __(errors.go_live_timeframe)}
            data-testid="onboarding-go-live"
          />
        )}
        <Button onClick={submit} loading={busy} data-testid="onboarding-business-continue">
          {__('Continue')}
        </Button>
      </Stack>
    </Card>
  );
}
