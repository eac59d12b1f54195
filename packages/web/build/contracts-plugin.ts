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

/** The browser module of one area, or of the endpoints exported at the top level. */
function areaModule(value: unknown): string | null {
  if (isEndpoint(value)) return `export default ${JSON.stringify(routing(value))};`;
  if (typeof value === 'object' && value !== null && Object.values(value).some(isEndpoint)) {
    const area = Object.fromEntries(
      Object.entries(value)
        .filter((entry): entry is [string, EndpointLike] => isEndpoint(entry[1]))
        .map(([key, endpoint]) => [key, routing(endpoint)]),
    );
    return `export default ${JSON.stringify(area)};`;
  }
  return null;
}

/**
 * The admin pages are typed by the contracts but must not carry zod (about 90 KB gzipped) to
 * the browser. This replaces `@paydesk/domain/contracts` in the web build by a module holding
 * each endpoint's method and path, plus the zod-free helpers; a schema imported at run time
 * fails the build instead of silently growing it. Each area is a module of its own, so a page
 * loads the routes of the areas it calls and no others.
 */
export function contractsForBrowser(): Plugin {
  const modules = new Map<string, string>();
  for (const [name, value] of Object.entries(contracts)) {
    const code = areaModule(value);
    if (code) modules.set(name, code);
  }
  return {
    name: 'paydesk-contracts-for-browser',
    enforce: 'pre',
    resolveId(source) {
      if (source === '@paydesk/domain/contracts') return VIRTUAL_ID;
      return source.startsWith(`${VIRTUAL_ID}/`) ? source : null;
    },
    load(id) {
      if (id.startsWith(`${VIRTUAL_ID}/`)) return modules.get(id.slice(VIRTUAL_ID.length + 1)) ?? null;
      if (id !== VIRTUAL_ID) return null;
      const lines = [`export { buildPath, PAYMENTS_BASE, REST_ROOT } from ${JSON.stringify(PATHS_MODULE)};`];
      for (const name of modules.keys()) {
        lines.push(`export { default as ${name} } from ${JSON.stringify(`${VIRTUAL_ID}/${name}`)};`);
      }
      return lines.join('\n');
    },
  };
}
