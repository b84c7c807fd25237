import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** What a webhook receiver got: the signature header, the raw body, and the event's id and type. */
export type TReceived = { signature: string; body: string; id: string; type: string };

/**
 * A webhook receiver on this machine (the e2e apps allow http loopback endpoints): answers 200
 * to every POST and keeps what it got, in order.
 */
export async function startReceiver() {
  const received: TReceived[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const json = JSON.parse(body) as { id: string; type: string };
      received.push({ signature: String(req.headers['draftwell-signature']), body, id: json.id, type: json.type });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/draftwell`,
    received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

type TVerify = (secret: string, header: string, rawBody: string, toleranceSeconds?: number) => boolean;

/**
 * The README's own verification recipe of `Draftwell-Signature` (the ```js block of "Verifying
 * `Draftwell-Signature`"), loaded as a module: a receiver written from the README is what the
 * tests check deliveries with.
 */
export async function readmeVerifier(): Promise<TVerify> {
  const readme = readFileSync(fileURLToPath(new URL('../../README.md', import.meta.url)), 'utf8');
  const marker = '**Verifying `Draftwell-Signature` (the older header).**';
  const at = readme.indexOf(marker);
  const code = at < 0 ? undefined : /```js\n([\s\S]*?)```/.exec(readme.slice(at))?.[1];
  if (!code) throw new Error(`README.md has no \`\`\`js block after "${marker}"`);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'dw-readme-verify-')), 'verify.mjs');
  writeFileSync(file, code);
  const loaded = (await import(pathToFileURL(file).href)) as { verifyDraftwell?: TVerify };
  if (typeof loaded.verifyDraftwell !== 'function') throw new Error('the README recipe exports no verifyDraftwell');
  return loaded.verifyDraftwell;
}
