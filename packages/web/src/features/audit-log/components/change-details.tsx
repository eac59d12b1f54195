import { Code, Stack, Table, Text } from '@mantine/core';
import type { TAuditLogRow } from '@paydesk/domain/contracts/audit-log';
import { Modal } from '../../../components/modal.tsx';
import { __ } from '../../../lib/i18n.ts';

/** One audit row in full: the request it records and the change it sent, secrets redacted. */
export function ChangeDetails({
  row,
  when,
  onClose,
}: {
  row: TAuditLogRow;
  when: string;
  onClose: () => void;
}) {
  const facts: [string, string][] = [
    [__('Date'), when],
    [__('User'), row.username ?? __('Nobody signed in')],
    [__('Credential'), row.credential],
    [__('Address'), row.ip],
    [__('Action'), row.action],
    [__('Object'), row.object_id ?? '—'],
    [__('Status'), row.status === null ? '—' : String(row.status)],
    [__('Request ID'), row.request_id],
  ];
  return (
    <Modal opened onClose={onClose} title={__('Audit log entry')} size="lg">
      <Stack gap="sm" data-testid="audit-details">
        <Table>
          <Table.Caption>{__('The request')}</Table.Caption>
          <Table.Tbody>
            {facts.map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{value}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Text fw={600} id="audit-change-heading">
          {__('Change sent')}
        </Text>
        {row.change === null ? (
          <Text size="sm">{__('The request had no body.')}</Text>
        ) : (
          <Code
            block
            aria-labelledby="audit-change-heading"
            tabIndex={0}
            data-testid="audit-change"
            style={{ maxHeight: '40vh', overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          >
            {JSON.stringify(row.change, null, 2)}
          </Code>
        )}
      </Stack>
    </Modal>
  );
}
