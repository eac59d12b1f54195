import { Button, Group, Text } from '@mantine/core';
import { sellingCountriesNote } from '@paydesk/domain/fraud/cards';
import { lazy, Suspense, useState } from 'react';
import { __ } from '../../../lib/i18n.ts';
import { type SellingMode, useCountryNames } from './country-names.ts';

// The form loads when it is opened: its country picker is the heaviest part of the page.
const SellingLocationsModal = lazy(() => import('./selling-locations-modal.tsx'));

interface Props {
  mode: SellingMode;
  countries: readonly string[];
  /** Called once the store's selling locations were saved. */
  onSaved: () => void;
}

/**
 * The international IP filter's note on where the store sells, and the way to change it: all
 * countries, all except some, or only some.
 */
export function SellingLocations({ mode, countries, onSaved }: Props) {
  const name = useCountryNames();
  const [opened, setOpened] = useState(false);
  const note = sellingCountriesNote(mode, countries.map(name));
  return (
    <>
      {note && (
        <Text size="sm" data-testid="selling-countries-note">
          {__(note)}
        </Text>
      )}
      <Group>
        <Button variant="subtle" size="compact-sm" onClick={() => setOpened(true)}>
          {__('Change where the store sells')}
        </Button>
      </Group>
      {opened && (
        <Suspense fallback={null}>
          <SellingLocationsModal
            mode={mode}
            countries={countries}
            onClose={() => setOpened(false)}
            onSaved={() => {
              setOpened(false);
              onSaved();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
