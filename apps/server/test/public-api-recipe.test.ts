import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, tempDir, type TTestServer } from './helpers';
import { makeKey, verifiedOwner, withKey, type TOwner } from './public-api-support';

/**
 * The README's curl recipe ("Public API": create a proposal from a template with a client, send
 * it to a signer, download its PDF), proven: read from the README itself and run against a
 * server, once by bash with curl and jq (npm test and .ci/run install both; never skipped), once as the same
 * requests from here.
 */

const README = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../README.md');

/** The ```sh block of the recipe, without its `export` line (the test gives DRAFTWELL and KEY). */
function recipe(): string {
  const text = readFileSync(README, 'utf8');
  const start = text.indexOf('**From zero to a sent proposal with curl.**');
  expect(start, 'the recipe in the README').toBeGreaterThan(0);
  const block = /```sh\n([\s\S]*?)```/.exec(text.slice(start));
  expect(block).not.toBeNull();
  return block![1]!
    .split('\n')
    .filter((line) => !line.startsWith('export '))
    .join('\n');
}

describe('the README’s curl recipe', () => {
  let server: TTestServer;
  let owner: TOwner;
  let key: string;

  beforeAll(async () => {
    server = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    owner = await verifiedOwner(server, 'Olivia Owner');
    key = (await makeKey(owner.client, ['proposals:read', 'proposals:write'])).key;
  });
  afterAll(async () => {
    await server.close();
  });

  const lastProposal = async () => {
    const list = await withKey(server, key, '/api/v1/proposals?limit=1');
    return list.body.items[0] as { id: string; title: string; status: string; client: { name: string } };
  };

  it('runs as written, with curl and jq (npm test makes sure both are installed)', async () => {
    const dir = tempDir('dw-recipe-');
    // Asynchronous: the server answering curl runs in this very process.
    await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', recipe()], {
      cwd: dir,
      env: { PATH: process.env.PATH, DRAFTWELL: server.url, KEY: key },
    });
    expect(readFileSync(path.join(dir, 'proposal.pdf')).subarray(0, 5).toString()).toBe('%PDF-');
    const sent = await lastProposal();
    expect(sent).toMatchObject({ title: 'Website redesign for Acme', status: 'sent', client: { name: 'Dana Reyes' } });
    const events = await withKey(server, key, `/api/v1/proposals/${sent.id}/events`);
    const sentEvent = (events.body.items as { type: string; data: { to?: string[] } }[]).find((e) => e.type === 'sent');
    expect(JSON.stringify(sentEvent?.data)).toContain('dana@acme.example');
  });

  it('makes the same requests from here, with the README’s bodies', async () => {
    const bodies = [...recipe().matchAll(/-d '([^']*)'/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
    expect(bodies).toHaveLength(2);
    const [create, send] = bodies as [Record<string, unknown>, Record<string, unknown>];
    const created = await withKey(server, key, '/api/v1/proposals', { method: 'POST', json: create });
    expect(created.status, created.text).toBe(201);
    expect(created.body).toMatchObject({ version: 1, client: { company: 'Acme Inc.' } });
    const sent = await withKey(server, key, `/api/v1/proposals/${created.body.id}/send`, {
      method: 'POST',
      json: send,
    });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body.status).toBe('sent');
    const pdf = await withKey(server, key, `/api/v1/proposals/${created.body.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(pdf.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  });
});
