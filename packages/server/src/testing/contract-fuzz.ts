import Ajv2020 from 'ajv/dist/2020.js';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.ts';
import { rowCounts, tablesRefusalsLeave } from './row-counts.ts';

/**
 * Requests generated from the OpenAPI document: for every operation, parameters and bodies drawn
 * from its own schemas (valid and boundary values) mixed with hostile ones — wrong types, empty
 * and huge strings, NUL bytes, lone surrogates, deep nesting, malformed JSON, wrong content
 * types, a 10 MB body. Each answer is checked: no 5xx, valid against the document when the
 * document describes it, and nothing written by a refused request.
 */

type Schema = Record<string, unknown>;
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
  responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

export interface FuzzFinding {
  request: string;
  problem: string;
}

/** Texts no handler should choke on, whatever the field. */
const HOSTILE_TEXTS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  'x\uDC00y',
  '💳'.repeat(50),
  'x'.repeat(70_000),
  '-1',
  '0',
  '1e309',
  '0x10',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '=HYPERLINK("http://x")',
  '%00',
  '2026-02-30',
  '9'.repeat(40),
];

const hostileText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXTS) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
);

/** Any JSON a client could send instead of what the schema asks for. */
const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileText,
  fc.constantFrom(null, true, false, 0, -1, 1.5, -0.000001, 2 ** 53, 1e308, [], {}),
  fc.jsonValue({ maxDepth: 3 }),
);

function resolve(schema: Schema | undefined, document: OpenApiDocument): Schema {
  let current = schema ?? {};
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    const name = (current.$ref as string).replace('#/components/schemas/', '');
    current = document.components?.schemas?.[name] ?? {};
  }
  return current;
}

/** Values the schema accepts (mostly), down to `depth` levels, for the generator to mutate. */
function fromSchema(input: Schema | undefined, document: OpenApiDocument, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(input, document);
  if (depth > 4) return fc.constant(null);
  const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => fromSchema(s, document, depth + 1)));
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  switch (schema.type) {
    case 'string': {
      const maxLength = Math.min(Number(schema.maxLength ?? 24), 64);
      if (typeof schema.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).map((text) => text.slice(0, 200));
        } catch {
          // A pattern fast-check cannot generate from: any text will do.
        }
      }
      return fc.string({ maxLength });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(Number(schema.minimum ?? -1_000_000), Number.MIN_SAFE_INTEGER),
        max: Math.min(Number(schema.maximum ?? 1_000_000), Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(field(schema.items as Schema, document, depth + 1), { maxLength: 3 });
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, Schema>;
      const required = new Set((schema.required ?? []) as string[]);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, property] of Object.entries(properties))
        record[name] = field(property, document, depth + 1);
      return fc.record(record, { requiredKeys: [...required].filter((name) => name in record) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A field: usually what its schema asks for, sometimes something hostile in its place. */
function field(schema: Schema | undefined, document: OpenApiDocument, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 5, arbitrary: fromSchema(schema, document, depth) },
    { weight: 1, arbitrary: hostileJson },
  );
}

/**
 * Percent-encodes text as a careless client would: a lone surrogate becomes the bytes of its
 * code unit (invalid UTF-8, `%ED%A0%80`), which `encodeURIComponent` refuses to write.
 */
function encodeLoose(text: string): string {
  let out = '';
  for (const char of text) {
    const unit = char.charCodeAt(0);
    if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
      const byte = (value: number) => `%${value.toString(16).toUpperCase()}`;
      out += byte(0xe0 | (unit >> 12)) + byte(0x80 | ((unit >> 6) & 0x3f)) + byte(0x80 | (unit & 0x3f));
    } else out += encodeURIComponent(char);
  }
  return out;
}

const asQueryValue = (value: unknown): string | string[] =>
  Array.isArray(value)
    ? value.map((item) => (typeof item === 'string' ? item : JSON.stringify(item)))
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

/** One generated request of an operation, as `app.inject` options. */
function requestOf(
  method: string,
  path: string,
  operation: Operation,
  document: OpenApiDocument,
): fc.Arbitrary<GeneratedRequest> {
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const pathValues = fc.tuple(
    ...pathParams.map((p) =>
      fc.oneof(
        { weight: 3, arbitrary: fromSchema(p.schema, document) },
        { weight: 1, arbitrary: hostileText },
      ),
    ),
  );
  const query = fc.record(
    Object.fromEntries(queryParams.map((p) => [p.name, field(p.schema, document, 1)])),
    { requiredKeys: [] },
  );
  const unknownParameter = fc.option(
    fc.tuple(fc.constantFrom('colour', '_x', 'page[', 'a[b][c]'), hostileText),
    {
      freq: 8,
    },
  );
  const body = bodySchema ? fc.option(field(bodySchema, document, 0), { freq: 10 }) : fc.constant(null);
  return fc
    .record({ pathValues, query, unknownParameter, body })
    .map(({ pathValues, query, unknownParameter, body }) => {
      let url = path;
      // An empty path parameter leaves a path another route answers (`/deposits/` is the list).
      let ownRoute = true;
      pathParams.forEach((p, index) => {
        const raw = pathValues[index];
        const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
        if (text === '') ownRoute = false;
        url = url.replace(`{${p.name}}`, encodeLoose(text));
      });
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(query)) {
        const text = asQueryValue(value);
        if (Array.isArray(text)) for (const item of text) search.append(`${name}[]`, item);
        else search.set(name, text);
      }
      if (unknownParameter) search.set(unknownParameter[0], unknownParameter[1]);
      const qs = search.toString();
      return {
        ownRoute,
        request: {
          method: method.toUpperCase() as InjectOptions['method'],
          url: qs ? `${url}?${qs}` : url,
          ...(method === 'get' || body === null ? {} : { payload: body as InjectOptions['payload'] }),
        },
      };
    });
}

/** A request, and whether it reaches the operation it was generated for. */
interface GeneratedRequest {
  request: InjectOptions;
  ownRoute: boolean;
}

/** The fixed hostile requests every operation that takes a body gets. */
function hostileBodies(method: string, url: string): InjectOptions[] {
  const m = method.toUpperCase() as InjectOptions['method'];
  const deep = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;
  return [
    { method: m, url, payload: '{"a":', headers: { 'content-type': 'application/json' } },
    { method: m, url, payload: deep, headers: { 'content-type': 'application/json' } },
    { method: m, url, payload: 'amount=1', headers: { 'content-type': 'text/plain' } },
    {
      method: m,
      url,
      payload: 'a=%00&b[]=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    },
    {
      method: m,
      url,
      payload: JSON.stringify({ x: 'y'.repeat(10 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    },
    { method: m, url, payload: '"\\ud800"', headers: { 'content-type': 'application/json' } },
  ];
}

/** The path of a request, without its query. */
const path = (request: InjectOptions) => String(request.url ?? '').split('?')[0] ?? '';

/**
 * Whether a request's path can be routed at all: its percent-encoding is valid UTF-8 and no
 * segment is longer than the router takes for a parameter (`maxParamLength`, http/app.ts).
 */
function routable(request: InjectOptions): boolean {
  try {
    return decodeURIComponent(path(request))
      .split('/')
      .every((segment) => segment.length <= 200);
  } catch {
    return false;
  }
}

/** Audit rows so far (docs/audit-log.md). */
async function auditRows(database: DatabaseHandle): Promise<number> {
  const row = await sql<{ n: string }>`select count(*)::text as n from audit_log`.execute(database.db);
  return Number(row.rows[0]?.n ?? 0);
}

/** Usage events are not audited (docs/audit-log.md). */
const UNAUDITED_PATHS = ['/tracks'];

/** Operations whose valid requests are left out: moving the sandbox clock a year runs a year of jobs. */
const SLOW_WHEN_VALID = ['/sandbox/clock/advance'];

export interface FuzzOptions {
  /** Generated requests per operation. */
  runs: number;
  seed?: number;
  authorization: string;
}

/**
 * Sends generated requests to every operation of the document and answers what went wrong:
 * a 5xx, an answer the document does not describe, or a refused request that wrote rows.
 */
export async function fuzzFromContract(
  app: FastifyInstance,
  database: DatabaseHandle,
  document: OpenApiDocument,
  options: FuzzOptions,
): Promise<{ requests: number; findings: FuzzFinding[]; byStatus: Record<string, number> }> {
  const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: false });
  const findings: FuzzFinding[] = [];
  const byStatus: Record<string, number> = {};
  const tables = await tablesRefusalsLeave(database);
  const validators = new Map<string, ReturnType<typeof ajv.compile> | null>();
  const validatorFor = (schema: Schema | undefined, key: string) => {
    if (!schema) return null;
    if (!validators.has(key)) {
      try {
        validators.set(key, ajv.compile({ ...schema, components: document.components }));
      } catch {
        validators.set(key, null);
      }
    }
    return validators.get(key) ?? null;
  };
  let requests = 0;

  const send = async (request: InjectOptions, operation: Operation, key: string, ownRoute = true) => {
    requests++;
    const before = await rowCounts(database, tables);
    const auditBefore = await auditRows(database);
    const headers = { ...(request.headers ?? {}), authorization: options.authorization };
    const response = await app.inject({ ...request, headers });
    const label = `${request.method} ${String(request.url).slice(0, 160)}`;
    byStatus[String(response.statusCode)] = (byStatus[String(response.statusCode)] ?? 0) + 1;
    if (response.statusCode >= 500) {
      findings.push({ request: label, problem: `${response.statusCode} ${response.body.slice(0, 300)}` });
      return;
    }
    // A path parameter that empties or splits the path reaches no route at all: not this operation's answer.
    if (response.statusCode === 404 && response.body.includes('"rest_no_route"')) return;
    // Every mutating request leaves exactly one audit row, whatever its answer; a read none
    // unless it was refused for who sent it.
    // A path the router cannot take is refused before routing, where no hook runs: not recorded.
    const audited = (await auditRows(database)) - auditBefore;
    const mutating =
      request.method !== 'GET' && !UNAUDITED_PATHS.some((tail) => path(request).endsWith(tail));
    const wanted = mutating || response.statusCode === 401 || response.statusCode === 403 ? 1 : 0;
    if (audited !== wanted && routable(request)) {
      findings.push({
        request: label,
        problem: `answered ${response.statusCode} with ${audited} audit rows, not ${wanted}`,
      });
    }
    if (!ownRoute) return;
    const described = operation.responses?.[String(response.statusCode)];
    const schema = described?.content?.['application/json']?.schema;
    const isJson = String(response.headers['content-type'] ?? '').includes('application/json');
    if (schema && isJson) {
      const validate = validatorFor(schema, `${key} ${response.statusCode}`);
      if (validate && !validate(response.json())) {
        findings.push({
          request: label,
          problem: `answer ${response.statusCode} not as documented: ${ajv.errorsText(validate.errors).slice(0, 300)}`,
        });
      }
    } else if (!described && response.statusCode >= 400 && response.statusCode !== 404) {
      findings.push({ request: label, problem: `status ${response.statusCode} not in the document` });
    }
    if (response.statusCode >= 400 && (await rowCounts(database, tables)) !== before) {
      findings.push({ request: label, problem: `refused with ${response.statusCode} but wrote rows` });
    }
  };

  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const key = `${method} ${path}`;
      if (!SLOW_WHEN_VALID.some((slow) => path.endsWith(slow))) {
        const samples = fc.sample(requestOf(method, path, operation, document), {
          numRuns: options.runs,
          ...(options.seed === undefined ? {} : { seed: options.seed }),
        });
        for (const { request, ownRoute } of samples) await send(request, operation, key, ownRoute);
      }
      if (method !== 'get' && !path.includes('{')) {
        for (const request of hostileBodies(method, path)) await send(request, operation, key);
      }
    }
  }
  return { requests, findings, byStatus };
}
