import { Button, Group, List, Stack, Text } from '@mantine/core';
import {
  PAYMENT_METHODS_WIZARD_MESSAGES as M,
  requirementLabels,
} from '@paydesk/domain/payments/methods-wizard';
import { fillTemplate } from '@paydesk/domain/template';
import { __ } from '../lib/i18n.ts';
import { Modal } from './modal.tsx';

interface Props {
  /** The method being enabled, as the page names it; the modal is closed when null. */
  label: string | null;
  /** Its status's requirements (e.g. `company.tax_id`). */
  requirements: readonly string[];
  onConfirm: () => void;
  onClose: () => void;
}

/**
 * Asked before enabling a payment method whose status has requirements: lists the
 * information the account still has to give. Cancel takes the focus first, so a
 * stray Enter enables nothing; Escape cancels.
 */
export function MethodRequirementsModal({ label, requirements, onConfirm, onClose }: Props) {
  const labels = requirementLabels(requirements);
  const name = label ?? '';
  return (
    <Modal
      opened={label !== null}
      onClose={onClose}
      title={fillTemplate(__(M.modalTitle), name)}
      closeOnClickOutside={false}
      centered
    >
      <Stack gap="sm" data-testid="method-requirements-modal">
        <Text size="sm">
          {fillTemplate(__(labels.length > 0 ? M.modalIntro : M.modalIntroUnlisted), name)}
        </Text>
        {labels.length > 0 ? (
          <List size="sm">
            {labels.map((requirement) => (
              <List.Item key={requirement}>{__(requirement)}</List.Item>
            ))}
          </List>
        ) : null}
        <Text size="sm">{__(M.modalOutro)}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {__(M.modalCancel)}
          </Button>
          <Button onClick={onConfirm}>{__(M.modalConfirm)}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
