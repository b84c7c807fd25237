import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TDocument } from '@draftwell/shared';
import type { TProposal } from '@draftwell/shared/workspace/proposals';
import { sellingDocument as sampleDocument } from '../../../e2e/support/selling-document';
import type { Client, TTestServer } from './helpers';

/** Proposals ready to send, and sending them: shared by the sending and billing suites. */

/** The shared sample proposal (e2e/support/selling-document.ts) with its build priced at `price`. */
export const sellingDocument = (price?: number): TDocument => sampleDocument(price === undefined ? {} : { price });

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function verifyEmail(server: TTestServer, userId: string) {
  await server.deps.database.db.execute(sql`update users set email_verified = true where id = ${userId}`);
}

/** A draft ready to send: client with email, content, validity. */
export async function readyDraft(client: Client, patch: Record<string, unknown> = {}): Promise<TProposal> {
  const created = await client.post('/api/proposals', { title: 'Website redesign' });
  expect(created.status, created.text).toBe(201);
  const res = await client.patch(`/api/proposals/${created.body.id}`, {
    version: 1,
    client: { name: 'Dana Reyes', company: 'Reyes & Co', email: 'dana@example.com', phone: '', address: '' },
    validUntil: inDays(14),
    document: sellingDocument(),
    ...patch,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as TProposal;
}

export async function send(client: Client, p: TProposal, message = 'Here is our proposal.') {
  return client.post(`/api/proposals/${p.id}/send`, { version: p.version, message });
}
