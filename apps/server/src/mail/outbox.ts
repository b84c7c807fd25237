import { sql } from 'drizzle-orm';
import { jobLoop } from '../lib/job-loop';
import type { Logger } from 'pino';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { languageOf } from '@draftwell/shared/i18n/languages';
import type { TDb } from '../db/client';
import { mailOutbox } from '../db/schema';
import { serverI18n } from '../lib/i18n';
import type { TMail, TMailFile, TMailer } from './mailer';

/** A file the outbox makes when it sends the mail (see `mailOutbox.attachment`). */
export type TMailAttachment = NonNullable<(typeof mailOutbox.$inferSelect)['attachment']>;

/**
 * A file made for a mail; `note` is a line the mail gains with it (a link to the same file),
 * written in the mail's language when it is a function of the mail's I18n.
 */
export type TMadeAttachment = TMailFile & { note?: { text: string | ((i18n: I18n) => string); url: string } };

/**
 * Makes an attachment's file; rejects when it cannot be made, or with AttachmentNotReadyError
 * when it will exist later (the sealed PDF while its job runs).
 */
export type TAttachmentMaker = (attachment: TMailAttachment) => Promise<TMadeAttachment>;

/**
 * The file is not made yet but will be: the mail waits and is tried again in `retryInSeconds`,
 * without counting as a failed attempt (the seal job makes it due again as soon as it is done).
 * `isReady` is asked once the wait is written: a file finished in between (whose maker made the
 * mail due before this wait overwrote it) sends the mail now rather than after the wait.
 */
export class AttachmentNotReadyError extends Error {
  constructor(
    message: string,
    readonly retryInSeconds: number,
    readonly isReady: () => Promise<boolean>,
  ) {
    super(message);
  }
}

/** Said in a mail whose file could not be made: the link in it leads to the same document. */
export const attachmentMissingNote = (i18n: I18n) =>
  i18n._('The PDF could not be attached to this email. Open the link above to download it with its certificate.');

/**
 * The mail outbox (QUALITY R9). `enqueueMail` writes in the caller's transaction, so a mail
 * exists exactly when what caused it was committed. The worker claims due mail with a lease
 * (`FOR UPDATE SKIP LOCKED`: instances never claim the same row), sends it outside any
 * transaction, and marks it sent; a failure waits with backoff, a crashed sender's lease runs
 * out and another instance retries. Every message carries a Message-ID derived from its row,
 * so the rare resend after a crash between sending and marking is recognisable as one mail.
 */
const LEASE_SECONDS = 120;
const BATCH = 10;
const POLL_MS = 5000;
/** 10 s, 20 s, 40 s … capped at 30 minutes; it keeps trying for days, never gives up silently. */
const backoffSeconds = (attempts: number) => Math.min(1800, 10 * 2 ** Math.max(0, attempts - 1));

/**
 * Queues a mail, with a file the outbox makes when it sends it (the accepted PDF); false when
 * one with this key was queued before (then nothing changes).
 */
export async function enqueueMail(
  db: TDb,
  dedupeKey: string,
  mail: TMail,
  attachment?: TMailAttachment,
): Promise<boolean> {
  const inserted = await db
    .insert(mailOutbox)
    .values({ ...outboxValues(dedupeKey, mail), attachment: attachment ?? null })
    .onConflictDoNothing({ target: mailOutbox.dedupeKey })
    .returning({ id: mailOutbox.id });
  return inserted.length > 0;
}

/**
 * Queues a mail to go out at `sendAt`, or rewrites the one queued under this key while it still
 * waits (a digest growing until it is due). Once it is being sent or sent, nothing changes.
 */
export async function enqueueDigestMail(db: TDb, dedupeKey: string, mail: TMail, sendAt: Date): Promise<void> {
  const values = outboxValues(dedupeKey, mail);
  await db
    .insert(mailOutbox)
    .values({ ...values, nextAttemptAt: sendAt })
    .onConflictDoUpdate({
      target: mailOutbox.dedupeKey,
      set: {
        subject: values.subject,
        text: values.text,
        html: values.html,
        link: values.link,
        language: values.language,
      },
      setWhere: sql`${mailOutbox.sentAt} is null and ${mailOutbox.lockedUntil} is null`,
    });
}

const outboxValues = (dedupeKey: string, mail: TMail) => ({
  dedupeKey,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html ?? null,
  replyTo: mail.replyTo ?? null,
  link: mail.link ?? null,
  language: mail.language ?? 'en',
});

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/** The mail with a line for its file's note (text, and a paragraph with the link in HTML). */
function withNote(mail: TMail, note: TMadeAttachment['note']): TMail {
  if (!note) return mail;
  const text = typeof note.text === 'function' ? note.text(serverI18n(mail.language)) : note.text;
  const paragraph = `<p style="margin:0 0 16px">${escapeHtml(text)} <a href="${escapeHtml(note.url)}">${escapeHtml(note.url)}</a></p>`;
  return {
    ...mail,
    text: `${mail.text}\n\n${text} ${note.url}`,
    ...(mail.html ? { html: mail.html.replace('</body>', `${paragraph}</body>`) } : {}),
  };
}

type TClaimed = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  reply_to: string | null;
  link: string | null;
  language: string;
  attachment: TMailAttachment | null;
  attempts: number;
};

export type TOutboxWorker = {
  start(): void;
  /** Look for due mail now (after a commit that enqueued some). */
  kick(): void;
  /** Send everything due now; resolves when a pass found nothing more to send. Tests and shutdown. */
  drain(): Promise<number>;
  stop(): Promise<void>;
};

export function createOutboxWorker(deps: {
  db: TDb;
  mailer: TMailer;
  logger: Logger;
  messageIdDomain: string;
  makeAttachment: TAttachmentMaker;
}): TOutboxWorker {
  const { db, mailer, logger } = deps;

  async function claim(): Promise<TClaimed[]> {
    const result = (await db.execute(sql`
      update mail_outbox set locked_until = now() + make_interval(secs => ${LEASE_SECONDS}), attempts = attempts + 1
      where id in (
        select id from mail_outbox
        where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until < now())
        order by created_at
        limit ${BATCH}
        for update skip locked
      )
      returning id, "to", subject, text, html, reply_to, link, language, attachment, attempts`)) as unknown as {
      rows: TClaimed[];
    };
    return result.rows;
  }

  /**
   * The mail as it goes out, with its file made now. A file that cannot be made (a proposal past
   * the PDF caps, say) never holds the mail back: it goes without, saying so, and it is logged.
   * `made` shares files between the mails of one pass (the owner's and the client's copy).
   */
  async function compose(row: TClaimed, made: Map<string, Promise<TMadeAttachment>>): Promise<TMail> {
    const mail: TMail = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      ...(row.html ? { html: row.html } : {}),
      ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      ...(row.link ? { link: row.link } : {}),
      messageId: `<${row.id}@${deps.messageIdDomain}>`,
      language: languageOf(row.language),
    };
    if (!row.attachment) return mail;
    const key = JSON.stringify(row.attachment);
    let file = made.get(key);
    if (!file) {
      file = deps.makeAttachment(row.attachment);
      made.set(key, file);
    }
    try {
      const { note, ...attached } = await file;
      return { ...withNote(mail, note), attachments: [attached] };
    } catch (err) {
      if (err instanceof AttachmentNotReadyError) throw err;
      logger.warn(
        { mailId: row.id, attachment: row.attachment, err: err instanceof Error ? err.message : String(err) },
        'mail attachment could not be made; the mail goes with its link only',
      );
      const missing = attachmentMissingNote(serverI18n(mail.language));
      return {
        ...mail,
        text: `${mail.text}\n\n${missing}`,
        ...(mail.html
          ? {
              html: mail.html.replace('</body>', `<p style="margin:0 0 16px">${escapeHtml(missing)}</p></body>`),
            }
          : {}),
      };
    }
  }

  async function sendOne(row: TClaimed, made: Map<string, Promise<TMadeAttachment>>): Promise<boolean> {
    try {
      await mailer.send(await compose(row, made));
      await db.execute(
        sql`update mail_outbox set sent_at = now(), locked_until = null, last_error = null where id = ${row.id}`,
      );
      return true;
    } catch (err) {
      if (err instanceof AttachmentNotReadyError) {
        // Not a failure: the claim's attempt is given back and the mail waits for its file.
        try {
          await db.execute(
            sql`update mail_outbox set locked_until = null, attempts = greatest(attempts - 1, 0), next_attempt_at = now() + make_interval(secs => ${err.retryInSeconds}) where id = ${row.id}`,
          );
          if (await err.isReady()) {
            await db.execute(
              sql`update mail_outbox set next_attempt_at = now() where id = ${row.id} and sent_at is null`,
            );
            // Ready now: another pass right after this one sends it.
            loop.kick();
          }
        } catch {
          // The lease runs out and the mail is claimed again.
        }
        return false;
      }
      const message = err instanceof Error ? err.message : String(err);
      const wait = backoffSeconds(row.attempts);
      logger.warn(
        { mailId: row.id, attempts: row.attempts, retryInSeconds: wait, err: message },
        'mail not sent; will retry',
      );
      await db
        .execute(
          sql`update mail_outbox set locked_until = null, last_error = ${message.slice(0, 500)}, next_attempt_at = now() + make_interval(secs => ${wait}) where id = ${row.id}`,
        )
        .catch(() => undefined);
      return false;
    }
  }

  async function pass(): Promise<number> {
    let sent = 0;
    const made = new Map<string, Promise<TMadeAttachment>>();
    for (;;) {
      const rows = await claim();
      if (rows.length === 0) return sent;
      let progressed = false;
      for (const row of rows) {
        if (await sendOne(row, made)) {
          sent += 1;
          progressed = true;
        }
      }
      if (!progressed) return sent;
    }
  }

  const loop = jobLoop({ name: 'mail outbox', pollMs: POLL_MS, logger, pass });
  return loop;
}
