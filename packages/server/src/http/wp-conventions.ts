import type { IncomingMessage } from 'node:http';
import { REST_ROOT } from '@paydesk/domain/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The request conventions every WordPress REST route follows, which clients built on
 * `@wordpress/api-fetch` rely on (docs/architecture.md "REST conventions"):
 *
 * - global parameters any route takes besides its own: `_locale` (api-fetch adds `_locale=user`
 *   to every request), `_wpnonce` (a download link's nonce), `_fields` (answer only the named
 *   fields), `_envelope` (answer `{ body, status, headers }` with status 200) and `_method`;
 * - `PUT`, `PATCH` and `DELETE` sent as `POST` with `X-HTTP-Method-Override` or `_method`;
 * - list and object parameters in bracket form: `type[]=a`, `type[0]=a`, `address[country]=US`.
 *
 * Any other unknown parameter is still refused by the route's contract.
 */

const GLOBAL_PARAMETERS = ['_locale', '_wpnonce', '_fields', '_envelope', '_method'] as const;
const OVERRIDABLE_METHODS = new Set(['PUT', 'PATCH', 'DELETE']);
/** Most fields `_fields` may name; more is refused as a malformed request. */
const MAX_FIELDS = 100;

interface GlobalParameters {
  fields: string[][] | null;
  envelope: boolean;
}

const globals = new WeakMap<FastifyRequest, GlobalParameters>();

function firstValue(value: unknown): string | undefined {
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === 'string' ? first : undefined;
}

/**
 * The method a `POST` stands for: `X-HTTP-Method-Override` or `_method` naming PUT, PATCH or
 * DELETE. Runs before routing (Fastify's `rewriteUrl`), so the route of that method answers.
 */
export function overrideMethod(request: IncomingMessage): string {
  const url = request.url ?? '/';
  if (request.method !== 'POST' || !url.startsWith(REST_ROOT)) return url;
  const header = request.headers['x-http-method-override'];
  const fromQuery = /[?&]_method=([A-Za-z]{1,10})(?:&|$)/.exec(url)?.[1];
  const wanted = (firstValue(header) ?? fromQuery ?? '').toUpperCase();
  if (OVERRIDABLE_METHODS.has(wanted)) request.method = wanted;
  return url;
}

const BRACKET = /^([A-Za-z_][A-Za-z0-9_]*)\[([A-Za-z0-9_]{0,64})\]$/;

/**
 * Folds bracket parameters into lists and objects before the contract reads the query:
 * `key[]=a&key[]=b` and `key[0]=a&key[1]=b` become `key: [a, b]` (in index order, after a plain
 * `key=` if one came too); `key[name]=v` becomes `key: { name: v }`. A key used both ways is
 * left as sent, for the contract to refuse.
 */
export function foldBracketParameters(query: Record<string, unknown>): void {
  const lists = new Map<string, [number, unknown][]>();
  const objects = new Map<string, Record<string, unknown>>();
  for (const [name, value] of Object.entries(query)) {
    const match = BRACKET.exec(name);
    if (!match?.[1]) continue;
    const [, key, inner = ''] = match;
    if (/^\d*$/.test(inner)) {
      const index = inner === '' ? Number.MAX_SAFE_INTEGER : Number(inner);
      const entries = lists.get(key) ?? [];
      for (const item of Array.isArray(value) ? value : [value]) entries.push([index, item]);
      lists.set(key, entries);
    } else {
      const object = objects.get(key) ?? Object.create(null);
      object[inner] = firstValue(value) ?? value;
      objects.set(key, object);
    }
    delete query[name];
  }
  for (const [key, entries] of lists) {
    if (objects.has(key)) continue;
    const plain = query[key];
    const before = plain === undefined ? [] : Array.isArray(plain) ? plain : [plain];
    query[key] = [...before, ...entries.sort((a, b) => a[0] - b[0]).map(([, value]) => value)];
  }
  for (const [key, object] of objects) {
    if (lists.has(key) || query[key] !== undefined) {
      // Mixed forms: keep something the contract refuses rather than guess.
      query[`${key}[]`] = Object.values(object);
      continue;
    }
    query[key] = { ...object };
  }
}

/** `_fields=id,amount,order.number`: each name split into its path. */
function parseFields(value: unknown): string[][] | null {
  const text = Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : null;
  if (text === null) return null;
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean)
    .slice(0, MAX_FIELDS);
  return names.length > 0 ? names.map((name) => name.split('.')) : null;
}

function pick(value: unknown, fields: readonly string[][]): unknown {
  if (Array.isArray(value)) return value.map((item) => pick(item, fields));
  if (typeof value !== 'object' || value === null) return value;
  const source = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const path of fields) {
    const [head, ...rest] = path;
    if (head === undefined || !Object.hasOwn(source, head)) continue;
    if (rest.length === 0) out[head] = source[head];
    else {
      const inner = pick(source[head], [rest]);
      const merged = out[head];
      out[head] =
        merged && typeof merged === 'object' && inner && typeof inner === 'object'
          ? { ...merged, ...inner }
          : inner;
    }
  }
  return out;
}

/** Installs the conventions on the REST routes of `rest` (the scope of `/wp-json`). */
export function installWpConventions(rest: FastifyInstance): void {
  rest.addHook('preValidation', async (request) => {
    const query = request.query as Record<string, unknown> | undefined;
    if (!query) return;
    // Folded first, so a global list in bracket form (`_fields[0]=id`, as api-fetch sends an
    // array) is read like its comma form.
    foldBracketParameters(query);
    const parameters: GlobalParameters = {
      fields: parseFields(query._fields),
      // Present at all, as WordPress reads it: `?_envelope` and `?_envelope=1` alike.
      envelope: query._envelope !== undefined,
    };
    for (const name of GLOBAL_PARAMETERS) delete query[name];
    globals.set(request, parameters);
  });

  // After serialization, so a route's answer is checked whole by its schema before it is cut;
  // errors are answered whole, as WordPress does.
  rest.addHook('onSend', async (request, reply, payload) => {
    const parameters = globals.get(request);
    // Most answers ask for neither, and are sent as serialised, never parsed again.
    if (!parameters || (!parameters.fields && !parameters.envelope) || typeof payload !== 'string')
      return payload;
    if (!String(reply.getHeader('content-type') ?? '').includes('application/json')) return payload;
    let body: unknown = payload ? JSON.parse(payload) : null;
    if (parameters.fields && reply.statusCode < 400) body = pick(body, parameters.fields);
    if (!parameters.envelope) return JSON.stringify(body);
    const status = reply.statusCode;
    const headers: Record<string, string> = {};
    for (const [name, sent] of Object.entries(ENVELOPE_HEADERS)) {
      const value = reply.getHeader(name);
      if (value !== undefined) headers[sent] = String(value);
    }
    reply.code(200);
    return JSON.stringify({ body, status, headers });
  });
}

/** The headers an envelope carries, as WordPress names them. */
const ENVELOPE_HEADERS: Record<string, string> = {
  'x-wp-total': 'X-WP-Total',
  'x-wp-totalpages': 'X-WP-TotalPages',
  link: 'Link',
  allow: 'Allow',
};
