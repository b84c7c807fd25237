/**
 * A real SMTP server for the browser tests: the app sends mail to it over SMTP (SMTP_URL), and
 * the tests read what arrived over HTTP. It runs as one process (a `webServer` entry of
 * playwright.config.ts), so every test worker sees the same mailbox.
 *
 *   GET /healthz                       → 200 "ok" (Playwright waits for it)
 *   GET /messages?to=a@b.c             → [{ to, from, subject, text, html, receivedAt }]
 *
 * Env: E2E_SMTP_PORT (SMTP), E2E_MAIL_PORT (HTTP). Both listen on 127.0.0.1 only.
 */
import { createServer } from 'node:http';
import { SMTPServer } from 'smtp-server';
import { parseMail, type TCapturedMail } from './mime';

const smtpPort = Number(process.env.E2E_SMTP_PORT);
const httpPort = Number(process.env.E2E_MAIL_PORT);
if (!smtpPort || !httpPort) {
  process.stderr.write('smtp-sink: set E2E_SMTP_PORT and E2E_MAIL_PORT\n');
  process.exit(1);
}

/** Far more than a run sends; the cap only keeps a runaway loop from eating memory. */
const MAX_MESSAGES = 5000;
const messages: TCapturedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  banner: 'Draftwell e2e sink',
  size: 5 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
      messages.push(parseMail(Buffer.concat(chunks).toString('utf8'), envelopeTo));
      if (messages.length > MAX_MESSAGES) messages.shift();
      callback();
    });
  },
});
smtp.on('error', (err) => process.stderr.write(`smtp-sink: ${err.message}\n`));

const http = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://sink');
  if (url.pathname === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    return;
  }
  if (url.pathname === '/messages' && req.method === 'GET') {
    const to = url.searchParams.get('to')?.toLowerCase();
    const found = to ? messages.filter((m) => m.to.includes(to)) : messages;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found));
    return;
  }
  res.writeHead(404).end();
});

smtp.listen(smtpPort, '127.0.0.1', () => {
  http.listen(httpPort, '127.0.0.1', () => {
    process.stdout.write(`smtp-sink: SMTP on ${smtpPort}, HTTP on ${httpPort}\n`);
  });
});

const stop = () => {
  http.close();
  smtp.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
