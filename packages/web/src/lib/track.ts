import { store } from '@paydesk/domain/contracts';
import { apiFetch } from './api.ts';

type Props = Record<string, string | number | boolean | null>;

/**
 * Records a usage event. Tracking never interrupts the merchant: a failed post is reported to
 * the console and otherwise ignored.
 */
export function track(name: string, properties: Props = {}): void {
  apiFetch(store.trackEvent, { body: { name, properties } }).catch((error: unknown) => {
    console.warn(`Usage event ${name} was not recorded`, error);
  });
}
