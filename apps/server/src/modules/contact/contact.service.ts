import type { TContactMessage } from '@draftwell/shared';
import type { Logger } from 'pino';
import type { TDb } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { hitRateLimit } from '../../lib/rate-limit';
import type { TMailer } from '../../mail/mailer';
import { contactMail } from '../../mail/templates';

export const CONTACT_RATE = { max: 5, windowSeconds: 60 * 60 };

/** Stores the message first (it is never lost), then emails the operator. */
export async function createContactMessage(args: {
  db: TDb;
  mailer: TMailer;
  logger: Logger;
  contactEmail: string | undefined;
  ip: string;
  rateLimit: boolean;
  message: TContactMessage;
}): Promise<{ id: string }> {
  const { db, message } = args;
  if (args.rateLimit) await hitRateLimit(db, `contact:${args.ip}`, CONTACT_RATE);
  const [row] = await db
    .insert(contactMessages)
    .values({ ...message, ipAddress: args.ip })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error('contact message insert returned no row');
  if (args.contactEmail) {
    try {
      await args.mailer.send(contactMail(args.contactEmail, message));
    } catch (err) {
      args.logger.error(
        { err, contactMessageId: row.id },
        'contact message stored but the email to the operator failed',
      );
    }
  } else {
    args.logger.info(
      { contactMessageId: row.id },
      'contact message stored (CONTACT_EMAIL is not set, so it was not emailed)',
    );
  }
  return row;
}
