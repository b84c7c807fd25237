import { API_KEY_SCOPES, apiKeyScopeLabel } from '@draftwell/shared/developers/api-keys';
import { ZDocument } from '@draftwell/shared/document';
import * as S from '@draftwell/shared/public-api/schemas';
import { z } from 'zod';
import {
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_SIGNATURE_HEADER,
  WEBHOOK_STANDARD_HEADERS,
  WEBHOOK_TOLERANCE_SECONDS,
  webhookEventLabel,
} from '@draftwell/shared/developers/webhooks';
import { API_KEY_RATE } from './require-api-key';
import { serverI18n } from '../../lib/i18n';
import { SAMPLE_JPEG_DATA_URL, SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import { webhookExample } from './examples';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_HOURS, IDEMPOTENT_REPLAYED_HEADER } from './idempotency';
import { declarationOf, type TApiErrorStatus, type TApiRoute } from './registry';

/**
 * The OpenAPI 3.1 document of `/api/v1` (decision 0022), made from the mounted router: every
 * route's declaration (registry.ts) and zod 4's own JSON Schema output (draft 2020-12, the
 * dialect of OpenAPI 3.1). Request schemas are written as their input (defaults optional),
 * answers as their output.
 */

type TJson = Record<string, unknown>;
type TMountedRoute = { method: string; path: string; handler: unknown };

const TAGS: Record<string, string> = {
  Proposals: 'Proposals: drafts, sending, withdrawing, their activity, comments and PDFs.',
  Clients: 'Your saved clients.',
  'Saved items': 'Your catalogue of priced lines (the `templates:*` scopes).',
  Templates: 'Your templates and the built-in starters.',
  Webhooks: 'Webhook endpoints and their deliveries.',
};

/** Answer schemas with a name of their own under components.schemas. */
const NAMED_ANSWERS: Array<[z.ZodType, string]> = [
  [S.ZApiErrorBody, 'Error'],
  [ZDocument, 'Document'],
  [S.ZPricingTotals, 'PricingTotals'],
  [S.ZSigningSettingsOut, 'SigningSettings'],
  [S.ZAwaitingSigner, 'AwaitingSigner'],
  [S.ZApiSignature, 'Signature'],
  [S.ZAcceptedLine, 'AcceptedLine'],
  [S.ZAcceptedTotals, 'AcceptedTotals'],
  [S.ZApiAcceptance, 'Acceptance'],
  [S.ZApiProposalSummaryOut, 'ProposalSummary'],
  [S.ZApiProposalOut, 'Proposal'],
  [S.ZProposalPage, 'ProposalPage'],
  [S.ZClientOut, 'Client'],
  [S.ZClientPage, 'ClientPage'],
  [S.ZSavedItemOut, 'SavedItem'],
  [S.ZSavedItemPage, 'SavedItemPage'],
  [S.ZTemplateSummaryOut, 'TemplateSummary'],
  [S.ZTemplateOut, 'Template'],
  [S.ZTemplateListOut, 'TemplateList'],
  [S.ZWebhookEventOut, 'WebhookEvent'],
  [S.ZProposalAcceptedEventOut, 'ProposalAcceptedEvent'],
  [S.ZProposalEventOut, 'ProposalEvent'],
  [S.ZProposalEventList, 'ProposalEventList'],
  [S.ZCommentOut, 'Comment'],
  [S.ZCommentList, 'CommentList'],
];

const ERROR_TEXT: Record<TApiErrorStatus | 401 | 403 | 429, [string, string, string]> = {
  400: [
    'Bad request: a field, a parameter or the Idempotency-Key is not valid.',
    'invalid',
    'Some fields need attention.',
  ],
  401: [
    'No API key, or one that is unknown, revoked or expired.',
    'unauthenticated',
    'No API key. Send your API key in the Authorization header: "Authorization: Bearer dw_…".',
  ],
  402: ['The plan’s limit is reached.', 'plan_limit', 'Your plan’s limit is reached. Upgrade to go on.'],
  403: [
    'The key lacks the scope this route needs.',
    'forbidden',
    'This API key does not have the "proposals:write" scope. Make a key with it in Profile → Developers.',
  ],
  404: [
    'Not found: absent, not yours, or not an id.',
    'not_found',
    'That proposal does not exist, or it is not yours.',
  ],
  409: [
    'A conflict: a stale `version` (with `current`, the record as it stands), a transition that no longer applies, or the same Idempotency-Key still in flight.',
    'conflict',
    'This proposal was changed elsewhere. Reload to get the current version.',
  ],
  410: ['Gone.', 'gone', 'That is gone.'],
  422: [
    'The Idempotency-Key was used with another request in the last 24 hours.',
    'unprocessable',
    'This Idempotency-Key was used with another request (method, path or body) in the last 24 hours. Use a new key for a new request.',
  ],
  423: [
    'Locked: the proposal is accepted, and cannot change any more.',
    'locked',
    'This proposal is accepted and can no longer be changed.',
  ],
  429: [
    'Too many requests for this key (or PDF renders for this account): wait `Retry-After` seconds.',
    'rate_limited',
    'Too many requests. Try again in 42 seconds.',
  ],
  503: [
    'Briefly unavailable (the database, the file storage or a sealed PDF not stored yet): try again after `Retry-After` seconds.',
    'unavailable',
    'The service is briefly unavailable. Try again in a few seconds.',
  ],
};

/** `/proposals/:id` → `/proposals/{id}`. */
/** The API's documentation is in English. */
const english = serverI18n('en');

const openApiPath = (path: string) => path.replace(/:([A-Za-z_]+)/g, '{$1}');
const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1]!);

/**
 * Whether a zod string trims before it counts its length (`.trim().min(n)`): the server then
 * wants `n` characters besides the spaces around them, which `minLength` alone does not say.
 */
function trimmedMinimum(schema: z.core.$ZodTypes): number | null {
  if (schema._zod.def.type !== 'string') return null;
  const checks = (schema._zod.def as { checks?: z.core.$ZodCheck[] }).checks ?? [];
  const trims = checks.findIndex((c) => {
    const def = c._zod.def as { check: string; tx?: (s: string) => string };
    return def.check === 'overwrite' && def.tx?.(' a ') === 'a';
  });
  if (trims < 0) return null;
  const min = checks.slice(trims).find((c) => (c._zod.def as { check: string }).check === 'min_length');
  return min ? (min._zod.def as unknown as { minimum: number }).minimum : null;
}

/**
 * What zod's JSON Schema leaves out and the server checks (issue 24, A31), added as JSON Schema:
 * a trimmed minimum length as a pattern (`\S` for one character, `^\s*\S[\s\S]{n-2,}\S\s*$`
 * for n), and an example of a signature image (a data URL no pattern can make up).
 */
function override(ctx: { zodSchema: z.core.$ZodTypes; jsonSchema: TJson }): void {
  const json = ctx.jsonSchema;
  const min = trimmedMinimum(ctx.zodSchema);
  if (min && min > 0 && json.pattern === undefined && json.allOf === undefined) {
    json.pattern = min === 1 ? '\\S' : `^\\s*\\S[\\s\\S]{${min - 2},}\\S\\s*$`;
  }
  if (typeof json.pattern === 'string' && json.pattern.startsWith('^data:image/')) {
    json.examples = json.pattern.includes('jpeg') ? [SAMPLE_PNG_DATA_URL, SAMPLE_JPEG_DATA_URL] : [SAMPLE_PNG_DATA_URL];
  }
}

const jsonSchemaOptions = { target: 'draft-2020-12', unrepresentable: 'any', override } as const;

function clean(schema: TJson): TJson {
  const { $schema: _s, $id: _i, ...rest } = schema;
  return rest;
}

/** The routes of a mounted router, each with its declaration (undefined: an undeclared route). */
export function mountedRoutes(routes: readonly TMountedRoute[]) {
  const seen = new Map<string, { method: string; path: string; route: TApiRoute | undefined }>();
  for (const r of routes) {
    if (r.method === 'ALL') continue; // middleware (`use`)
    const id = `${r.method} ${r.path}`;
    const route = declarationOf(r.handler);
    const known = seen.get(id);
    if (!known) seen.set(id, { method: r.method, path: r.path, route });
    else known.route ??= route;
  }
  return [...seen.values()];
}

/** Routes besides the declared ones that the document lists by hand: the document itself. */
export const OPENAPI_PATH = '/openapi.json';

export function buildOpenApiDocument(routes: readonly TMountedRoute[]): TJson {
  const mounted = mountedRoutes(routes).filter((r) => r.path !== OPENAPI_PATH);
  const undeclared = mounted.filter((r) => !r.route).map((r) => `${r.method} ${r.path}`);
  if (undeclared.length > 0) {
    throw new Error(`Routes under /api/v1 without a declaration (use defineApiRoute): ${undeclared.join(', ')}`);
  }

  // Components: answers as output, bodies as input, each in a registry of its own.
  const answers = z.registry<{ id: string }>();
  const bodies = z.registry<{ id: string }>();
  for (const [schema, id] of NAMED_ANSWERS) answers.add(schema, { id });
  bodies.add(ZDocument, { id: 'DocumentInput' });
  const bodyNames = new Map<z.ZodType, string>();
  const answerNames = new Map<z.ZodType, string>(NAMED_ANSWERS);
  for (const { route } of mounted) {
    const r = route!;
    if (r.body && !bodyNames.has(r.body)) {
      const id = r.bodyName ?? `${r.operationId[0]!.toUpperCase()}${r.operationId.slice(1)}Body`;
      bodies.add(r.body, { id });
      bodyNames.set(r.body, id);
    }
    const success = r.success;
    if ('schema' in success && success.schema && !answerNames.has(success.schema)) {
      const id = `${r.operationId[0]!.toUpperCase()}${r.operationId.slice(1)}Answer`;
      answers.add(success.schema, { id });
      answerNames.set(success.schema, id);
    }
  }
  const uri = (id: string) => `#/components/schemas/${id}`;
  const schemas: Record<string, TJson> = {};
  for (const [registry, io] of [
    [answers, 'output'],
    [bodies, 'input'],
  ] as const) {
    const out = z.toJSONSchema(registry, { ...jsonSchemaOptions, io, uri }) as { schemas: Record<string, TJson> };
    // Unnamed schemas used by several named ones come in `__shared`'s $defs: each becomes a
    // component of its own (per pass, as a body's input and an answer's output may differ).
    const prefix = io === 'output' ? 'Part' : 'InputPart';
    const { __shared: shared, ...named } = out.schemas;
    const sharedDefs = (shared?.$defs ?? {}) as Record<string, TJson>;
    const rename = (json: string) =>
      json.replace(/#\/components\/schemas\/__shared#\/\$defs\/([A-Za-z0-9_]+)/g, (_m, def: string) =>
        uri(`${prefix}_${def}`),
      );
    for (const [id, schema] of Object.entries(named))
      schemas[id] = clean(JSON.parse(rename(JSON.stringify(schema))) as TJson);
    for (const [def, schema] of Object.entries(sharedDefs)) {
      schemas[`${prefix}_${def}`] = JSON.parse(rename(JSON.stringify(schema))) as TJson;
    }
  }
  const ref = (id: string) => ({ $ref: uri(id) });

  const rateHeaders = {
    'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
    'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
    'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
  };
  const responses: Record<string, TJson> = {};
  for (const [status, [description, code, message]] of Object.entries(ERROR_TEXT)) {
    const headers: TJson = { ...rateHeaders };
    if (status === '429' || status === '503') headers['Retry-After'] = { $ref: '#/components/headers/Retry-After' };
    if (status === '401') headers['WWW-Authenticate'] = { $ref: '#/components/headers/WWW-Authenticate' };
    const error: TJson = { code, message, requestId: 'f6c1b6a2-2d1e-4d0b-9a53-0c1b8e0f2a7d' };
    if (status === '400') error.fields = { title: 'Enter a title.' };
    responses[`Error${status}`] = {
      description,
      headers,
      content: { 'application/json': { schema: ref('Error'), example: { error } } },
    };
  }

  const paths: Record<string, Record<string, TJson>> = {};
  for (const { path, route } of mounted) {
    const r = route!;
    const parameters: TJson[] = pathParams(path).map((name) => ({
      name,
      in: 'path',
      required: true,
      description: r.params?.[name] ?? 'The record’s id.',
      schema: { type: 'string' },
    }));
    if (r.query) {
      const q = clean(z.toJSONSchema(r.query, { ...jsonSchemaOptions, io: 'input' }) as TJson) as {
        properties?: Record<string, TJson>;
        required?: string[];
      };
      for (const [name, schema] of Object.entries(q.properties ?? {})) {
        parameters.push({ name, in: 'query', required: q.required?.includes(name) ?? false, schema });
      }
    }
    if (r.method === 'post') parameters.push({ $ref: '#/components/parameters/IdempotencyKey' });

    const success = r.success;
    const successHeaders: TJson = { ...rateHeaders };
    if (r.method === 'post') {
      successHeaders[IDEMPOTENT_REPLAYED_HEADER] = { $ref: `#/components/headers/${IDEMPOTENT_REPLAYED_HEADER}` };
    }
    const ok: TJson = { description: success.description, headers: successHeaders };
    if ('pdf' in success) {
      ok.content = { 'application/pdf': { schema: { type: 'string', contentMediaType: 'application/pdf' } } };
    } else if ('schema' in success && success.schema) {
      const media: TJson = { schema: ref(answerNames.get(success.schema)!) };
      if (success.example !== undefined) media.example = success.example;
      ok.content = { 'application/json': media };
    }
    const errors = new Set<number>([401, 403, 429, ...(r.errors ?? [])]);
    if (r.query || r.body || r.method === 'post') errors.add(400);
    if (pathParams(path).length > 0) errors.add(404);
    if (r.method === 'post') {
      errors.add(409);
      errors.add(422);
    }
    const rules = r.rules ?? [];
    const stated =
      rules.length > 0
        ? `\n\nRefused with a 400 although the schema allows it:\n${rules.map((x) => `- \`${x.field}\`: ${x.rule}`).join('\n')}`
        : '';
    const operation: TJson = {
      operationId: r.operationId,
      tags: [r.tag],
      summary: r.summary,
      description: `${r.description}${stated}\n\nScope: \`${r.scope}\`.`,
      security: [{ bearerAuth: [r.scope] }],
      'x-draftwell-scope': r.scope,
      responses: {
        [String(success.status)]: ok,
        ...Object.fromEntries([...errors].sort().map((s) => [String(s), { $ref: `#/components/responses/Error${s}` }])),
      },
    };
    if (rules.length > 0) operation['x-draftwell-rules'] = rules;
    if (parameters.length > 0) operation.parameters = parameters;
    if (r.body) {
      const media: TJson = { schema: ref(bodyNames.get(r.body)!) };
      if (r.bodyExample !== undefined) media.example = r.bodyExample;
      operation.requestBody = { required: true, content: { 'application/json': media } };
    }
    (paths[openApiPath(path)] ??= {})[r.method] = operation;
  }
  paths[OPENAPI_PATH] = {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Meta'],
      summary: 'This document',
      description: 'The OpenAPI 3.1 document of the public API. No key needed.',
      security: [],
      responses: {
        '200': { description: 'The document.', content: { 'application/json': { schema: { type: 'object' } } } },
      },
    },
  };

  // The headers of every delivery (decision 0028): Standard Webhooks, the older signature until
  // it is retired, and Draftwell's own ids.
  const header = (name: string, description: string, example: string, more: TJson = {}): TJson => ({
    name,
    in: 'header',
    required: true,
    description,
    schema: { type: 'string' },
    example,
    ...more,
  });
  const webhookHeaders = [
    header(
      WEBHOOK_STANDARD_HEADERS.id,
      'Standard Webhooks: the event’s `id`, the same on every retry and resend; dedupe by it.',
      'evt_0123456789abcdef0123456789abcdef',
    ),
    header(
      WEBHOOK_STANDARD_HEADERS.timestamp,
      `Standard Webhooks: when it was signed, in unix seconds. Refuse one more than ${WEBHOOK_TOLERANCE_SECONDS / 60} minutes from your clock.`,
      '1767225600',
    ),
    header(
      WEBHOOK_STANDARD_HEADERS.signature,
      'Standard Webhooks (https://www.standardwebhooks.com): `v1,` and the base64 HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>`, keyed by the bytes that the base64 after `whsec_` in the endpoint’s secret decodes to (several signatures are space-separated). Verify it with an official standardwebhooks library and the secret as shown (`whsec_…`, standard base64).',
      'v1,nmEkf5vSZSOoOszLNbAjOMI1Va6XJ4u3XK7LyPisobU=',
    ),
    header(
      WEBHOOK_SIGNATURE_HEADER,
      'The older signature, sent until it is retired (with notice): `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, keyed by the secret’s whole text as it was shown when made or rolled. Use `webhook-signature`.',
      't=1767225600,v1=6a4da912ad9b7ac1a009263d4e712de6d7a4eaf8f453ff22dd9d5eb526383c4e',
      { deprecated: true },
    ),
    header('Draftwell-Event-Id', 'The event’s `id`, as `webhook-id`.', 'evt_0123456789abcdef0123456789abcdef'),
    header('Draftwell-Event-Type', 'The event’s `type`, as in the body.', 'proposal.accepted'),
    header(
      'Draftwell-Delivery-Id',
      'This delivery in the endpoint’s delivery log (a resend is a new delivery of the same event).',
      '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
    ),
  ];

  // What an endpoint receives: every event's body, `proposal.accepted` with its acceptance.
  const webhooks: Record<string, TJson> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const accepted = type === 'proposal.accepted';
    webhooks[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        tags: ['Webhooks'],
        summary: webhookEventLabel(english, type),
        description: `Posted to each endpoint subscribed to \`${type}\`, signed with the endpoint’s secret as Standard Webhooks say (\`${WEBHOOK_STANDARD_HEADERS.signature}\`) and, until it is retired, in \`${WEBHOOK_SIGNATURE_HEADER}\`.${
          accepted
            ? ' `data.acceptance` is what was accepted, as `GET /proposals/{id}` answers it: every signer, the revision, the client’s choices and the accepted totals.'
            : ''
        }`,
        parameters: webhookHeaders,
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: ref(accepted ? 'ProposalAcceptedEvent' : 'WebhookEvent'),
              example: webhookExample(type),
            },
          },
        },
        // Posted by Draftwell to the receiver: no API key is involved.
        security: [],
        responses: { '2XX': { description: 'Received: anything else is retried for three days.' } },
      },
    };
  }

  const tags = [...new Set(mounted.map((m) => m.route!.tag))].map((name) =>
    TAGS[name] ? { name, description: TAGS[name] } : { name },
  );
  tags.push({ name: 'Meta', description: 'About the API itself.' });

  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Draftwell API',
      version: '1',
      description:
        'The public API of Draftwell (issue 17). A key made in Profile → Developers acts as its owner within its scopes, ' +
        `sees only the owner’s records (another account’s id is a 404), and may make ${API_KEY_RATE.max} requests per ` +
        `${API_KEY_RATE.windowSeconds} seconds. Errors have one shape, \`{ "error": { "code", "message", "fields"?, "current"?, "requestId" } }\`. ` +
        `Lists page by keyset cursors: pass \`nextCursor\` as \`cursor\` until it is null. A POST may carry an \`${IDEMPOTENCY_HEADER}\`, ` +
        `kept ${IDEMPOTENCY_TTL_HOURS} hours per key.\n\n` +
        'The schemas say what the server takes. Besides them, everywhere: text is I-JSON (RFC 7493), so no string or key may hold ' +
        'U+0000 or half of a surrogate pair (a 400 naming the field); `minLength` and `maxLength` count UTF-16 code units, as ' +
        'JavaScript does (an emoji outside the Basic Multilingual Plane counts as 2). What else a route refuses is in its description, and in `x-draftwell-rules`: each rule names the ' +
        'field of the 400 it gives (`*` stands for one step of the dotted path, `**` for any number).',
    },
    servers: [{ url: '/api/v1' }],
    security: [{ bearerAuth: [] }],
    tags,
    paths,
    webhooks,
    components: {
      schemas,
      responses,
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'dw_ and 43 characters',
          description: `An API key: \`Authorization: Bearer dw_…\`. Scopes: ${API_KEY_SCOPES.map((s) => `\`${s}\` (${apiKeyScopeLabel(english, s)})`).join(', ')}.`,
        },
      },
      parameters: {
        IdempotencyKey: {
          name: IDEMPOTENCY_HEADER,
          in: 'header',
          required: false,
          description: `Makes a retried POST safe: the same key with the same request replays the first answer (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) for ${IDEMPOTENCY_TTL_HOURS} hours; with another request it is a 422; while the first is still running a 409. 1 to 255 printable ASCII characters; a UUID is the usual choice.`,
          schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x21-\\x7e]+$' },
          example: '5f0c3b0e-9d7b-4a36-8f0e-6b1d2f3c4a5b',
        },
      },
      headers: {
        'RateLimit-Limit': { description: 'Requests allowed per window for this key.', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Requests left in this window.', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconds until the window resets.', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } },
        'WWW-Authenticate': { description: '`Bearer realm="Draftwell API"`.', schema: { type: 'string' } },
        [IDEMPOTENT_REPLAYED_HEADER]: {
          description: '`true` when this answer is the stored one of an earlier request with the same Idempotency-Key.',
          schema: { type: 'string', enum: ['true'] },
        },
      },
    },
  };
}
