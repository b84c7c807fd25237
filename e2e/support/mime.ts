/**
 * Just enough MIME to read what nodemailer sends: headers (folded, RFC 2047 encoded words),
 * multipart bodies, quoted-printable and base64 parts. Not a general mail parser. The API tests
 * (apps/server/test) read their SMTP sink's mail with it too.
 */
export type TCapturedMail = {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** Files attached to the message, their bytes as base64. */
  attachments: TAttachment[];
  receivedAt: string;
};

export type TAttachment = { filename: string; contentType: string; base64: string };

type TPart = { headers: Map<string, string>; body: string };

function splitHeaders(raw: string): TPart {
  const normalized = raw.replace(/\r\n/g, '\n');
  const end = normalized.indexOf('\n\n');
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? '' : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i]!;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(part: TPart): string {
  const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(part.body);
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return part.body;
}

/** `=?UTF-8?Q?...?=` and `=?UTF-8?B?...?=` words in a header. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

type TCollected = { text: string; html: string; attachments: TAttachment[] };

/** A part's file name, from Content-Disposition's `filename` or Content-Type's `name`. */
function fileNameOf(part: TPart): string | null {
  const disposition = part.headers.get('content-disposition') ?? '';
  const type = part.headers.get('content-type') ?? '';
  const name = /filename="?([^";]+)"?/i.exec(disposition)?.[1] ?? /\bname="?([^";]+)"?/i.exec(type)?.[1];
  return name ? decodeWords(name) : null;
}

function collect(part: TPart, out: TCollected) {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const sections = part.body.split(`--${boundary}`).slice(1);
    for (const section of sections) {
      if (section.startsWith('--')) break;
      collect(splitHeaders(section.replace(/^\n/, '')), out);
    }
    return;
  }
  const filename = fileNameOf(part);
  if (filename && /^attachment/i.test(part.headers.get('content-disposition') ?? 'attachment')) {
    const encoding = part.headers.get('content-transfer-encoding')?.toLowerCase();
    const bytes =
      encoding === 'base64' ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64') : Buffer.from(decodeBody(part));
    out.attachments.push({ filename, contentType: type.split(';')[0]!.trim(), base64: bytes.toString('base64') });
    return;
  }
  if (/^text\/html/i.test(type)) out.html += decodeBody(part);
  else if (/^text\/plain/i.test(type)) out.text += decodeBody(part);
}

/** The decoded top-level headers, subject, sender and text and HTML bodies of one message. */
export function parseMessage(raw: string) {
  const top = splitHeaders(raw);
  const out: TCollected = { text: '', html: '', attachments: [] };
  collect(top, out);
  return {
    headers: top.headers,
    from: decodeWords(top.headers.get('from') ?? ''),
    subject: decodeWords(top.headers.get('subject') ?? ''),
    text: out.text,
    html: out.html,
    attachments: out.attachments,
  };
}

export function parseMail(raw: string, envelopeTo: string[]): TCapturedMail {
  const { from, subject, text, html, attachments } = parseMessage(raw);
  return { to: envelopeTo, from, subject, text, html, attachments, receivedAt: new Date().toISOString() };
}
