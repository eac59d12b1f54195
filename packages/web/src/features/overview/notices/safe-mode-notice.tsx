import { Alert, Text } from '@mantine/core';
import { getSettings } from '../../../lib/bootstrap.ts';
import { __, sprintf } from '../../../lib/i18n.ts';

/**
 * Safe Mode: the store answers at another address than the one its payments account
 * was connected from, as a copied staging site or a moved store does.
 */
export function SafeModeNotice() {
  const settings = getSettings();
  if (!settings.isSafeModeEnabled) return null;
  return (
    <Alert color="orange" title={__('Your store is in Safe Mode')} data-testid="safe-mode-notice">
      <Text size="sm">
        {sprintf(
          __(
            'This store answers at %s, which is not the address its payments account was connected from. If this is a copy of your store, such as a staging site, keep it in Safe Mode so it is not mistaken for your live store. If your store has moved, change its address back or connect it again from its new address.',
          ),
          settings.homeUrl,
        )}
      </Text>
    </Alert>
  );
}
