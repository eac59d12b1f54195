import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import * as contracts from '../../domain/src/contracts/index.ts';

const PATHS_MODULE = fileURLToPath(new URL('../../domain/src/contracts/paths.ts', import.meta.url));
const VIRTUAL_ID = '\0paydesk-contracts';

interface EndpointLike {
  method: string;
  path: string;
  idempotent: boolean;
  response: unknown;
}

const isEndpoint = (value: unknown): value is EndpointLike =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'response' in value;

const routing = (endpoint: EndpointLike) => ({
  method: endpoint.method,
  path: endpoint.path,
  idempotent: endpoint.idempotent,
});

/**
 * The admin pages are typed by the contracts but must not carry zod (about 90 KB gzipped) to
 * the browser. This replaces `@paydesk/domain/contracts` in the web build by a module holding
 * each endpoint's method and path, plus the zod-free helpers; a schema imported at run time
 * fails the build instead of silently growing it.
 */
export function contractsForBrowser(): Plugin {
  return {
    name: 'paydesk-contracts-for-browser',
    enforce: 'pre',
    resolveId(source) {
      return source === '@paydesk/domain/contracts' ? VIRTUAL_ID : null;
    },
    load(id) {
      if (id !== VIRTUAL_ID) return null;
      const lines = [`export { buildPath, PAYMENTS_BASE, REST_ROOT } from ${JSON.stringify(PATHS_MODULE)};`];
      for (const [name, value] of Object.entries(contracts)) {
        if (isEndpoint(value)) {
          lines.push(`export const ${name} = ${JSON.stringify(routing(value))};`);
        } else if (typeof value === 'object' && value !== null && Object.values(value).some(isEndpoint)) {
          const area = Object.fromEntries(
            Object.entries(value)
              .filter((entry): entry is [string, EndpointLike] => isEndpoint(entry[1]))
              .map(([key, endpoint]) => [key, routing(endpoint)]),
          );
          lines.push(`export const ${name} = ${JSON.stringify(area)};`);
        }
      }
      return lines.join('\n');
    },
  };
}
