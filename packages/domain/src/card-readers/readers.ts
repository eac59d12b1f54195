/**
 * The connected readers as the Card readers page shows them (docs/loans-and-card-readers.md).
 * Labels are plain English; the web wraps them in __().
 */

/** The Card readers page asks for 10 readers (`limit`). */
export const CONNECTED_READERS_LIMIT = 10;

/**
 * The names of the reader models. A phone taking card-present payments is Tap to Pay (model
 * COTS_DEVICE).
 */
const READER_DEVICE_LABELS: Readonly<Record<string, string>> = {
  bbpos_wisepos_e: 'BBPOS WisePOS E',
  stripe_m2: 'Stripe Reader M2',
  cots_device: 'Tap to Pay',
};

/** A reader's model for display; a model without a name is shown as its code. */
export function readerDeviceLabel(device_type: string): string {
  return Object.hasOwn(READER_DEVICE_LABELS, device_type) ? READER_DEVICE_LABELS[device_type]! : device_type;
}

export const READER_ACTIVE_LABELS = { active: 'Active', inactive: 'Inactive' } as const;

/** Whether the reader is active, as its label. */
export function readerActiveLabel(is_active: boolean): string {
  return is_active ? READER_ACTIVE_LABELS.active : READER_ACTIVE_LABELS.inactive;
}
