import { Badge, Card, Skeleton, Table, Tabs, Text } from '@mantine/core';
import { readerActiveLabel, readerDeviceLabel } from '@paydesk/domain/card-readers/readers';
import { LoadError } from '../../../components/load-error.tsx';
import { __ } from '../../../lib/i18n.ts';
import { useConnectedReaders } from '../api/list-readers.ts';

const COLUMNS = 4;

function ConnectedReaders() {
  const readers = useConnectedReaders();
  if (readers.isError) {
    return (
      <LoadError
        message={__('Readers details not loaded')}
        onRetry={() => void readers.refetch()}
        testId="readers-error"
      />
    );
  }
  return (
    <Card withBorder padding="lg" data-testid="connected-readers">
      {/* Narrower than the table, the region scrolls, and takes the focus so the keyboard can too. */}
      <Table.ScrollContainer
        minWidth={560}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={__('Connected readers')}
      >
        <Table striped aria-label={__('Connected readers')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{__('Reader id')}</Table.Th>
              <Table.Th>{__('Name')}</Table.Th>
              <Table.Th>{__('Device type')}</Table.Th>
              <Table.Th>{__('Status')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {readers.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Skeleton h={16} aria-label={__('Loading')} />
                </Table.Td>
              </Table.Tr>
            ) : readers.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={COLUMNS}>
                  <Text size="sm" c="dimmed" data-testid="readers-empty">
                    {__('No card readers are connected to this account.')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              readers.data.map((reader) => (
                <Table.Tr key={reader.id} data-testid="reader-row">
                  <Table.Td ff="monospace">{reader.id}</Table.Td>
                  <Table.Td>{reader.label}</Table.Td>
                  <Table.Td>{__(readerDeviceLabel(reader.device_type))}</Table.Td>
                  <Table.Td>
                    <Badge color={reader.is_active ? 'green' : 'gray'} variant="light">
                      {__(readerActiveLabel(reader.is_active))}
                    </Badge>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The Card readers page: one tab, 'Connected readers', listing 10 readers. */
export default function CardReadersPage() {
  return (
    <Tabs defaultValue="connected-readers" data-testid="card-readers-page">
      <Tabs.List mb="md">
        <Tabs.Tab value="connected-readers">{__('Connected readers')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="connected-readers">
        <ConnectedReaders />
      </Tabs.Panel>
    </Tabs>
  );
}
