import { readFileSync } from 'node:fs';
import { ERRORS } from '@paydesk/domain';
import * as contracts from '@paydesk/domain/contracts';
import { renderErrorsDocument } from '@paydesk/domain/errors/document';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database.ts';
import { makeTestApp } from '../testing/app.ts';
import { createTestDatabase } from '../testing/db.ts';
import { OPENAPI_PATH } from './app.ts';

/** Every endpoint the contracts declare, from every area. */
function allEndpoints(): contracts.Endpoint[] {
  const found: contracts.Endpoint[] = [];
  for (const area of Object.values(contracts)) {
    if (typeof area !== 'object' || area === null) continue;
    for (const value of Object.values(area)) {
      const candidate = value as Partial<contracts.Endpoint>;
      if (
        candidate &&
        typeof candidate === 'object' &&
        typeof candidate.path === 'string' &&
        candidate.method &&
        candidate.response
      )
        found.push(candidate as contracts.Endpoint);
    }
  }
  return found;
}

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  let database: DatabaseHandle;
  let app: FastifyInstance;
  let document: {
    paths: Record<
      string,
      Record<
        string,
        {
          responses: Record<
            string,
            { content?: Record<string, { schema: { properties?: { code?: { enum?: string[] } } } }> }
          >;
        }
      >
    >;
  };
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    app = await makeTestApp(database);
    document = (await app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
  }, 60_000);
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('lists each code an endpoint can answer under its status', () => {
    const endpoints = allEndpoints();
    expect(endpoints.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const endpoint of endpoints) {
      const operation = document.paths[openApiPath(endpoint.path)]?.[endpoint.method.toLowerCase()];
      if (!operation) {
        missing.push(`${endpoint.method} ${endpoint.path}: not in the document`);
        continue;
      }
      for (const code of contracts.endpointErrors(endpoint)) {
        const status = String(ERRORS[code].status);
        const listed =
          operation.responses[status]?.content?.['application/json']?.schema.properties?.code?.enum ?? [];
        if (!listed.includes(code))
          missing.push(`${endpoint.method} ${endpoint.path}: ${code} under ${status}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('validates against the OpenAPI 3.1 schema, and every $ref resolves', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const text = JSON.stringify(document);
    const refs = [...new Set([...text.matchAll(/"\$ref":"([^"]+)"/g)].map((match) => match[1]!))];
    expect(refs.length).toBeGreaterThan(5);
    const unresolved = refs.filter((ref) => {
      let node: unknown = document;
      for (const part of ref.replace(/^#\//, '').split('/')) node = (node as Record<string, unknown>)?.[part];
      return node === undefined;
    });
    expect(unresolved).toEqual([]);
  });

  it('has its codes written out in docs/errors.md as they are now (npm run docs:errors)', () => {
    // Biome pads the tables' columns when it formats the page; the padding carries nothing.
    const unpadded = (text: string) => text.replace(/ {2,}/g, ' ').replace(/-{3,}/g, '---');
    const written = readFileSync(new URL('../../../../docs/errors.md', import.meta.url), 'utf8');
    expect(unpadded(written)).toBe(unpadded(renderErrorsDocument()));
  });
});
