import { Anchor, Stack, Text, Title } from '@mantine/core';
import { AdminLink } from '../components/admin-link.tsx';
import { __ } from '../lib/i18n.ts';
import { DEFAULT_PATH } from '../lib/navigation.ts';

export function NotFound({ path }: { path: string }) {
  return (
    <Stack gap="sm" data-testid="not-found">
      <Title order={1}>{__('Page not found')}</Title>
      <Text>
        {__('There is no payments page at this address:')} <code>{path}</code>
      </Text>
      <Anchor component={AdminLink} path={DEFAULT_PATH}>
        {__('Go to the payments overview')}
      </Anchor>
    </Stack>
  );
}
