import { expect, it } from 'vitest';
import { EDITABLE_SETTINGS_FIELDS } from '../settings/fields.ts';
import { settingsUpdateEditableKeys } from './settings.ts';

it("lists the settings a save may change as the update's schema does, in its order", () => {
  expect([...EDITABLE_SETTINGS_FIELDS]).toEqual(settingsUpdateEditableKeys());
});
