import { Group, Radio, Stack, Text } from '@mantine/core';
import type { BusinessType } from '@paydesk/domain/onboarding/business';
import { useEffect, useRef } from 'react';
import { __ } from '../../../lib/i18n.ts';

interface Props {
  types: readonly BusinessType[];
  value: string | null;
  onChange: (value: string) => void;
  error: string | false | undefined;
}

/** The business step's legal entity question: one radio card per business type of the country. */
export function BusinessTypeField({ types, value, onChange, error }: Props) {
  const wrapper = useRef<HTMLDivElement>(null);
  // Mantine's radio group takes no aria-invalid: the group is marked here, beside its message.
  useEffect(() => {
    const group = wrapper.current?.querySelector('[role="radiogroup"]');
    if (error) group?.setAttribute('aria-invalid', 'true');
    else group?.removeAttribute('aria-invalid');
  }, [error]);
  return (
    <Radio.Group
      ref={wrapper}
      label={__('What type of legal entity is your business?')}
      value={value}
      onChange={onChange}
      error={error}
      data-testid="onboarding-business-type"
    >
      <Stack gap="xs" mt="xs">
        {types.map((type) => (
          <Radio.Card
            key={type.key}
            value={type.key}
            p="sm"
            radius="sm"
            data-testid={`business-type-${type.key}`}
          >
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Radio.Indicator />
              <div>
                <Text fw={600} size="sm">
                  {__(type.name)}
                </Text>
                <Text c="dimmed" size="xs">
                  {__(type.description)}
                </Text>
              </div>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
