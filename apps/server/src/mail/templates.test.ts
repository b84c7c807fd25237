import { describe, expect, it } from 'vitest';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { serverI18n } from '../lib/i18n';
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

const en = serverI18n('en');
const sender = { senderName: WORD_120, senderCompany: WORD_120, senderEmail: 'sam@example.com' };

const MAILS: Record<string, TMail> = {
  verification: verificationMail(en, 'a@example.com', WORD_120, LINK),
  'change email': changeEmailMail(en, 'a@example.com', WORD_120, LINK),
  'email changed': emailChangedMail(en, 'a@example.com', WORD_120, 'b@example.com'),
  'reset password': resetPasswordMail(en, 'a@example.com', WORD_120, LINK),
  contact: contactMail('ops@example.com', { name: WORD_120, email: 'a@example.com', message: TEXT }),
  ...Object.fromEntries(
    (['sent', 'revised', 'reminder'] as const).map((kind) => [
      `proposal ${kind}`,
      proposalMail(en, {
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
  'owner activity (a comment, a decline)': ownerActivityMail(en, {
    to: 'o@example.com',
    text: `${WORD_120} declined “${WORD_120}”.`,
    detail: `Their reason: ${TEXT}`,
    title: WORD_120,
    url: LINK,
  }),
  'comment digest': commentDigestMail(en, {
    to: 'o@example.com',
    title: WORD_120,
    comments: [{ authorName: WORD_120, body: TEXT }],
    minutes: 10,
    url: LINK,
  }),
  'accepted receipt': acceptedReceiptMail(en, {
    to: 'a@example.com',
    name: WORD_120,
    title: WORD_120,
    senderName: WORD_120,
    url: LINK,
    paymentDue: '$1,200',
  }),
  'signing code': signingCodeMail(en, {
    to: 'a@example.com',
    name: WORD_120,
    code: '123456',
    title: WORD_120,
    minutes: 10,
  }),
  ...Object.fromEntries(
    (['reminder', 'expiry_warning'] as const).map((kind) => [
      `follow-up ${kind}`,
      followUpMail(en, {
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
  'owner expiry warning': ownerExpiryWarningMail(en, {
    to: 'o@example.com',
    title: WORD_120,
    validUntil: 'December 31, 2026',
    daysLeft: 1,
    waitingFor: [WORD_120],
    url: LINK,
  }),
  'payment receipt': paymentReceiptMail(en, {
    to: 'a@example.com',
    name: WORD_120,
    title: WORD_120,
    senderName: WORD_120,
    amount: '$1,200',
    receiptUrl: URL_300,
    url: LINK,
  }),
  'webhook disabled': webhookDisabledMail(en, {
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

describe('mail templates, issue 25: a signer’s mail speaks the proposal’s language', () => {
  const args = {
    kind: 'sent' as const,
    to: 'a@example.com',
    clientName: 'Kate',
    senderName: 'Sam',
    senderCompany: '',
    senderEmail: 'sam@example.com',
    title: 'Website',
    message: '',
    signature: '',
    validUntil: null,
    url: LINK,
  };

  it('says its language (the Content-Language), and marks its HTML with it and its direction', () => {
    const de = proposalMail(serverI18n('de'), args);
    expect(de.language).toBe('de');
    expect(de.html).toMatch(/^<!doctype html><html lang="de" dir="ltr">/);
    const ar = signingCodeMail(serverI18n('ar'), {
      to: 'a@example.com',
      name: '',
      code: '123456',
      title: 'T',
      minutes: 10,
    });
    expect(ar.language).toBe('ar');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('with an English I18n, the owner’s and the account’s mails are English', () => {
    for (const [name, mail] of Object.entries(MAILS)) {
      expect([name, mail.language ?? 'en']).toEqual([name, 'en']);
      expect([name, mail.html]).toEqual([name, expect.stringContaining('<html lang="en" dir="ltr">')]);
    }
  });

  it('English reads as before', () => {
    const mail = proposalMail(en, { ...args, validUntil: 'December 31, 2026' });
    expect(mail.subject).toBe('Proposal: Website');
    expect(mail.text).toBe(
      `Hi Kate,\n\nSam sent you a proposal: “Website”.\n\nIt is valid until December 31, 2026. You can read it, ask questions and accept it online.\n\nOpen the proposal: ${LINK}`,
    );
    const warning = followUpMail(en, {
      kind: 'expiry_warning',
      to: 'a@example.com',
      name: '',
      senderName: 'Sam',
      senderCompany: 'Acme',
      senderEmail: 'sam@example.com',
      title: 'Website',
      signature: '',
      validUntil: 'December 31, 2026',
      daysLeft: 3,
      opened: false,
      url: LINK,
      stopUrl: LINK,
    });
    expect(warning.subject).toBe('Closes in 3 days: Website');
    expect(warning.text.split('\n\n').slice(0, 3)).toEqual([
      'Hello,',
      'The proposal “Website” from Sam (Acme) can be accepted until the end of December 31, 2026, 3 days from now.',
      'You have not opened it yet. After that it closes, and you would have to ask for it to be reopened.',
    ]);
    const code = signingCodeMail(en, { to: 'a@example.com', name: 'Kate', code: '123456', title: 'T', minutes: 10 });
    expect(code.subject).toBe('123456 is your code to sign “T”');
    expect(code.text).toContain(
      'It works for 10 minutes. If you did not ask for it, ignore this email: nobody can sign without it.',
    );
  });
});

describe('mail templates, issue 25: the owner’s mails speak the owner’s language', () => {
  /** Each mail to the owner (and the account's), with values that are no English words. */
  const ownerMails = (i18n: I18n): Record<string, TMail> => ({
    verification: verificationMail(i18n, 'a@example.com', 'Kate', LINK),
    'change email': changeEmailMail(i18n, 'a@example.com', 'Kate', LINK),
    'email changed': emailChangedMail(i18n, 'a@example.com', 'Kate', 'b@example.com'),
    'reset password': resetPasswordMail(i18n, 'a@example.com', 'Kate', LINK),
    'owner activity': ownerActivityMail(i18n, {
      to: 'o@example.com',
      text: 'Kate · Website',
      detail: 'PRO-7',
      title: 'Website',
      url: LINK,
    }),
    'comment digest': commentDigestMail(i18n, {
      to: 'o@example.com',
      title: 'Website',
      comments: Array.from({ length: 22 }, () => ({ authorName: 'Kate', body: 'Ok!' })),
      minutes: 10,
      url: LINK,
    }),
    ...Object.fromEntries(
      [0, 1].map((daysLeft) => [
        `owner expiry warning, ${daysLeft} days left`,
        ownerExpiryWarningMail(i18n, {
          to: 'o@example.com',
          title: 'Website',
          validUntil: '2026-12-31',
          daysLeft,
          waitingFor: daysLeft ? ['Kate', 'Ben'] : [],
          url: LINK,
        }),
      ]),
    ),
    ...Object.fromEntries(
      ['timeout', null].map((lastError) => [
        `webhook disabled (${lastError ?? 'no answer'})`,
        webhookDisabledMail(i18n, {
          to: 'o@example.com',
          name: 'Kate',
          url: 'https://hooks.example.com/x',
          lastError,
          link: LINK,
        }),
      ]),
    ),
  });
  /** English words any of these mails would have, were a sentence left untranslated. */
  const ENGLISH_WORDS =
    /\b(the|your|you|to|of|and|for|is|was|on|if|it|this|see|open|confirm|reset|password|email|address|account|proposal|closes|comments?|still|sign|endpoint|turned|last|hi|hello)\b/i;
  const words = (mail: TMail) =>
    [mail.subject, mail.text, mail.html ?? '']
      .join('\n')
      .replace(/<[^>]*>/g, ' ')
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\S+@example\.com/g, ' ');

  it.each(['de', 'ar'] as const)('in %s, no English is left, and it says its language', (language) => {
    const i18n = serverI18n(language);
    for (const [name, mail] of Object.entries(ownerMails(i18n))) {
      expect([name, ENGLISH_WORDS.exec(words(mail))?.[0] ?? null]).toEqual([name, null]);
      expect([name, mail.language]).toEqual([name, language]);
      expect([name, mail.html]).toEqual([
        name,
        expect.stringContaining(`<html lang="${language}" dir="${language === 'ar' ? 'rtl' : 'ltr'}">`),
      ]);
    }
  });

  it('English reads as before', () => {
    const mails = ownerMails(en);
    expect(mails.verification!.subject).toBe('Confirm your email for Draftwell');
    expect(mails.verification!.text).toBe(
      `Hi Kate,\n\nWelcome to Draftwell. Please confirm your email address so you can send proposals to clients.\n\nConfirm your email: ${LINK}\n\nIf you did not create an account, ignore this email.`,
    );
    expect(mails['comment digest']!.subject).toBe('22 comments on “Website” in 10 minutes.');
    expect(mails['comment digest']!.text).toContain('…and 2 more on the proposal.');
    expect(mails['owner expiry warning, 1 days left']!.text).toContain(
      'Still to sign: Kate and Ben. To give them more time, extend its validity on the proposal’s page.',
    );
    expect(mails['owner expiry warning, 0 days left']!.subject).toBe('Closes today: Website');
  });
});
