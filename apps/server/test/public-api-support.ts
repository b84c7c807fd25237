import { createRequire } from 'node:module';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TApiKey, TApiKeyScope } from '@draftwell/shared/developers/api-keys';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { nextIp, signUp, type Client, type TRequestInit, type TResult, type TTestServer } from './helpers';
import { readyDraft, send, verifyEmail } from './proposal-fixtures';

/** Helpers of the public API's suites (issue 17): keys, requests as curl sends them, proposals in each state. */

export type TOwner = { client: Client; id: string };

/** A signed-up owner whose address is verified (sending needs it). */
export async function verifiedOwner(server: TTestServer, name: string): Promise<TOwner> {
  const made = await signUp(server, { name });
  await verifyEmail(server, made.user.id);
  return { client: made.client, id: made.user.id };
}

export async function makeKey(owner: Client, scopes: readonly TApiKeyScope[], name = 'Test key') {
  const res = await owner.post('/api/api-keys', { name, scopes });
  expect(res.status, res.text).toBe(201);
  return res.body as { key: string; apiKey: TApiKey };
}

/** A request with only the key: no cookie, no Origin, as curl sends it. */
export function withKey(
  server: TTestServer,
  key: string | null,
  path: string,
  init: Omit<TRequestInit, 'origin' | 'noCookies'> = {},
): Promise<TResult> {
  return server.client({ ip: nextIp() }).request(path, {
    ...init,
    origin: null,
    noCookies: true,
    headers: { ...(key === null ? {} : { authorization: `Bearer ${key}` }), ...init.headers },
  });
}

/** A key made, then revoked; and one past its last day. */
export async function deadKeys(server: TTestServer, owner: Client, scopes: readonly TApiKeyScope[]) {
  const revoked = await makeKey(owner, scopes, 'Revoked');
  expect((await owner.post(`/api/api-keys/${revoked.apiKey.id}/revoke`)).status).toBe(200);
  const expired = await makeKey(owner, scopes, 'Expired');
  await server.deps.database.db.execute(
    sql`update api_keys set expires_on = current_date - 1 where id = ${expired.apiKey.id}`,
  );
  return { revoked: revoked.key, expired: expired.key };
}

export async function sentProposal(owner: Client, title = 'Website redesign'): Promise<TProposal> {
  const draft = await readyDraft(owner, { title });
  const res = await send(owner, draft);
  expect(res.status, res.text).toBe(200);
  return res.body as TProposal;
}

/** The signer's token of a sent proposal, and the client's page as it reads it. */
export async function shareOf(server: TTestServer, owner: Client, id: string) {
  const link = await owner.get(`/api/proposals/${id}/share-link`);
  expect(link.status, link.text).toBe(200);
  const token = new URL(link.body.url as string).pathname.split('/').pop()!;
  const shared = (await server.client({ ip: nextIp() }).get(`/api/share/${token}`)).body as TSharedProposal;
  return { token, shared };
}

/** Accepted by its client through the link (the sample document's optional line chosen), then sealed. */
export async function acceptedAndSealed(server: TTestServer, owner: Client, title = 'Accepted website') {
  const proposal = await sentProposal(owner, title);
  const { token, shared } = await shareOf(server, owner, proposal.id);
  const res = await server.client({ ip: nextIp() }).post(`/api/share/${token}/accept`, {
    name: 'Dana Reyes',
    email: 'dana@example.com',
    consent: true,
    revisionHash: shared.revision.hash,
    selection: { seo: { selected: true } },
  });
  expect(res.status, res.text).toBe(201);
  await server.deps.seals.drain();
  // A seal that did not finish says why: the server's warnings about it.
  const seal = await owner.get(`/api/proposals/${proposal.id}/seal`);
  const why = server.logs.filter((entry) => /seal/i.test(String(entry.msg)));
  expect(seal.body.status, JSON.stringify(why)).toBe('sealed');
  return proposal;
}

// ajv is a CommonJS package.
const require = createRequire(import.meta.url);
const Ajv2020 = require('ajv/dist/2020').default as typeof import('ajv/dist/2020').default;

/** Where the served document's components are registered for ajv: `${OPENAPI_BASE}#/components/schemas/…`. */
export const OPENAPI_BASE = 'https://draftwell.test/openapi.json';

/** An ajv (JSON Schema 2020-12, the dialect of OpenAPI 3.1) that knows the document's components. */
export const ajvFor = (doc: { components?: unknown }) => {
  // Formats (uuid, date-time, email) are not checked: ajv-formats is not a dependency of ours.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, logger: false });
  ajv.addSchema({ $id: OPENAPI_BASE, components: doc.components });
  return ajv;
};
