import type { TPageBootstrap, TWcpaySettings } from '@paydesk/domain/contracts';

interface Bootstrap {
  page: TPageBootstrap;
  wcpaySettings: TWcpaySettings;
}

let cached: Bootstrap | undefined;

/** The data the server wrote into the admin page: who is signed in, the nonce, the settings. */
export function getBootstrap(): Bootstrap {
  if (cached) return cached;
  const element = document.getElementById('paydesk-bootstrap');
  if (!element?.textContent) throw new Error('The admin page was served without its bootstrap data');
  cached = JSON.parse(element.textContent) as Bootstrap;
  return cached;
}

export const getSettings = (): TWcpaySettings => getBootstrap().wcpaySettings;
export const getPage = (): TPageBootstrap => getBootstrap().page;
