import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { TLanguage } from '@draftwell/shared/i18n/languages';

export type TMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** The one link the mail is about, logged when no SMTP server is configured. */
  link?: string;
  /** A stable Message-ID (`<id@host>`), so a retried mail is recognisably the same one. */
  messageId?: string;
  attachments?: TMailFile[];
  /**
   * The language the mail is written in (`LANGUAGES`), sent as its Content-Language: a signer's
   * mail speaks the proposal's language (or the one they signed in); the owner's are English.
   * Left out: English.
   */
  language?: TLanguage;
};

export type TMailFile = { filename: string; contentType: string; content: Uint8Array };

export type TMailer = { send(mail: TMail): Promise<void>; close(): void };

/**
 * SMTP when SMTP_URL is set; otherwise every message is written as an .eml file under
 * DATA_DIR/outbox and its link is logged, so a self-hoster can still reset a password.
 */
export function createMailer(opts: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  logger: Logger;
}): TMailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: opts.from, ...withoutLink(mail) });
        opts.logger.info({ to: mail.to, subject: mail.subject }, 'mail sent');
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, 'outbox');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(mail) {
      const info = await transport.sendMail({ from: opts.from, ...withoutLink(mail) });
      mkdirSync(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`);
      writeFileSync(file, info.message as Buffer);
      opts.logger.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        'mail written to the outbox (no SMTP_URL configured)',
      );
    },
    close: () => transport.close(),
  };
}

/** The mail as nodemailer takes it: its language as a Content-Language header, without the log's link. */
function withoutLink(mail: TMail) {
  const { link: _link, attachments, language, ...rest } = mail;
  return {
    ...rest,
    headers: { 'Content-Language': language ?? 'en' },
    ...(attachments?.length
      ? { attachments: attachments.map((file) => ({ ...file, content: Buffer.from(file.content) })) }
      : {}),
  };
}
