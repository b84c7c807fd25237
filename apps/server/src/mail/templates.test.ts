import { describe, expect, it } from 'vitest';
import type { TMail } from './mailer';
import {
  acceptedReceiptMail,
  changeEmailMail,
  commentDigestMail,
  contactMail,
  emailChangedMail,
  followUpMail,
  ownerActivityMail,
  ownerExpiryWarningMail,
  paymentReceiptMail,
  proposalMail,
  resetPasswordMail,
  signingCodeMail,
  verificationMail,
  webhookDisabledMail,
} from './templates';

/**
 * Issue 24: a 300-character URL or a 120-character word a person typed (a name, a title, a
 * message, a comment, a reason) never widens a mail. Mail apps keep inline styles only, so every
 * element that holds text carries the wrap rules itself, in every mail.
 */

const URL_300 = `https://files.example.com/d/${'Xa7Kq2Lm9P'.repeat(27)}Zz`;
const WORD_120 = `Donaudampfschiff${'fahrtsgesellschaft'.repeat(5)}${'x'.repeat(14)}`;
const TEXT = `See ${URL_300} and ${WORD_120}.`;
const LINK = `https://app.example.com/p/${'t'.repeat(43)}`;

const sender = { senderName: WORD_120, senderCompany: WORD_120, senderEmail: 'sam@example.com' };

const MAILS: Record<string, TMail> = {
  verification: verificationMail('a@example.com', WORD_120, LINK),
  'change email': changeEmailMail('a@example.com', WORD_120, LINK),
  'email changed': emailChangedMail('a@example.com', WORD_120, 'b@example.com'),
  'reset password': resetPasswordMail('a@example.com', WORD_120, LINK),
  contact: contactMail('ops@example.com', { name: WORD_120, email: 'a@example.com', message: TEXT }),
  ...Object.fromEntries(
    (['sent', 'revised', 'reminder'] as const).map((kind) => [
      `proposal ${kind}`,
      proposalMail({
        kind,
        to: 'a@example.com',
        clientName: WORD_120,
        ...sender,
        title: WORD_120,
        message: TEXT,
        signature: TEXT,
        validUntil: 'December 31, 2026',
        url: LINK,
      }),
    ]),
  ),
  'owner activity (a comment, a decline)': ownerActivityMail({
    to: 'o@example.com',
    text: `${WORD_120} declined “${WORD_120}”.`,
    detail: `Their reason: ${TEXT}`,
    title: WORD_120,
    url: LINK,
  }),
  'comment digest': commentDigestMail({
    to: 'o@example.com',
    title: WORD_120,
    comments: [{ authorName: WORD_120, body: TEXT }],
    minutes: 10,
    url: LINK,
  }),
  'accepted receipt': acceptedReceiptMail({
    to: 'a@example.com',
    name: WORD_120,
    title: WORD_120,
    senderName: WORD_120,
    url: LINK,
    paymentDue: '$1,200',
  }),
  'signing code': signingCodeMail({
    to: 'a@example.com',
    name: WORD_120,
    code: '123456',
    title: WORD_120,
    minutes: 10,
  }),
  ...Object.fromEntries(
    (['reminder', 'expiry_warning'] as const).map((kind) => [
      `follow-up ${kind}`,
      followUpMail({
        kind,
        to: 'a@example.com',
        name: WORD_120,
        ...sender,
        title: WORD_120,
        signature: TEXT,
        validUntil: 'December 31, 2026',
        daysLeft: 1,
        opened: true,
        url: LINK,
        stopUrl: LINK,
      }),
    ]),
  ),
  'owner expiry warning': ownerExpiryWarningMail({
    to: 'o@example.com',
    title: WORD_120,
    validUntil: 'December 31, 2026',
    daysLeft: 1,
    waitingFor: [WORD_120],
    url: LINK,
  }),
  'payment receipt': paymentReceiptMail({
    to: 'a@example.com',
    name: WORD_120,
    title: WORD_120,
    senderName: WORD_120,
    amount: '$1,200',
    receiptUrl: URL_300,
    url: LINK,
  }),
  'webhook disabled': webhookDisabledMail({
    to: 'o@example.com',
    name: WORD_120,
    url: URL_300,
    lastError: TEXT,
    link: LINK,
  }),
};

/** Each element that has text of its own, with its inline style. */
function textElements(html: string): { tag: string; style: string; text: string }[] {
  const found: { tag: string; style: string; text: string }[] = [];
  const open: { tag: string; style: string }[] = [];
  for (const [, closing, tag, attributes, text] of html.matchAll(/<(\/?)([a-z0-9]+)([^>]*)>([^<]*)/gi)) {
    if (closing) open.pop();
    else if (!/^(!doctype|br|img|meta)$/i.test(tag!)) {
      open.push({ tag: tag!, style: /style="([^"]*)"/.exec(attributes!)?.[1] ?? '' });
    }
    const words = text!.trim();
    const holder = open.at(-1);
    if (words && holder) found.push({ ...holder, text: words });
  }
  return found;
}

describe('mail templates, issue 24: long words and links wrap', () => {
  it.each(Object.entries(MAILS))('%s: every element holding text wraps anywhere', (_, mail) => {
    const elements = textElements(mail.html ?? '');
    expect(elements.some((e) => e.text.includes(WORD_120) || e.text.includes(URL_300))).toBe(true);
    const unwrapped = elements
      .filter((e) => !/overflow-wrap:anywhere/.test(e.style) || !/word-break:break-word/.test(e.style))
      .filter((e) => e.tag !== 'a' && e.text !== 'Draftwell');
    expect(unwrapped).toEqual([]);
  });
});
