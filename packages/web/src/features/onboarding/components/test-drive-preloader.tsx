import { Overlay, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { __ } from '../../../lib/i18n.ts';

/** The full-screen preloader shown while the sandbox account is set up. */
export function TestDrivePreloader({ progress }: { progress: number }) {
  return (
    <Overlay fixed zIndex={400} color="#fff" backgroundOpacity={1} center data-testid="test-drive-preloader">
      <Paper p="xl" w={420} maw="90vw">
        <Stack gap="md" align="stretch">
          <Title order={2} size="h3" ta="center">
            {__('Finishing payments setup')}
          </Title>
          <Progress value={progress} size="lg" aria-label={__('Finishing payments setup')} animated />
          <Text size="sm" c="dimmed" ta="center">
            {__('Setting up your sandbox account. This takes a few seconds.')}
          </Text>
        </Stack>
      </Paper>
    </Overlay>
  );
}
