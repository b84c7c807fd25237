import type { I18n } from '@draftwell/shared/i18n/i18n';
import { languageOf, textDirection, type TLanguage } from '@draftwell/shared/i18n/languages';
import { moneyLocale, readerLocale } from '@draftwell/shared/document/locale';
import { formatList } from '@draftwell/shared/i18n/format';
import { serverI18n } from '../lib/i18n';
import type { TMail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * On every element that holds text a person typed (a name, a pasted link, a comment): a word too
 * long for a phone's width breaks rather than widening the mail (issue 24). Inline, as mail apps
 * drop style sheets; `word-break: break-word` for those that ignore `overflow-wrap: anywhere`.
 */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

/** The operator's mail (the contact form): English. */
const ENGLISH = serverI18n('en');

/** The language an I18n speaks, as a mail's `language` (its Content-Language). */
export const mailLanguage = (i18n: I18n): TLanguage => languageOf(i18n.locale);

/** The locale a signer's mail writes its dates in: the reader's rule (readerLocale) for its language. */
export function mailLocale(i18n: I18n, senderLocale: string): string {
  return readerLocale(mailLanguage(i18n), senderLocale);
}

/** The locale a signer's mail writes money in: the reader's rule (moneyLocale), as their page and PDF. */
export function mailMoneyLocale(i18n: I18n, _senderLocale?: string): string {
  return moneyLocale(mailLanguage(i18n));
}

/** "Hi Kate," or, without a name, "Hello,". */
const greeting = (i18n: I18n, name: string) => (name ? i18n._('Hi {name},', { name }) : i18n._('Hello,'));

/** Who sent it: "Sam Lee (Acme)", or the name alone. */
const senderOf = (i18n: I18n, name: string, company: string) =>
  company ? i18n._('{name} ({company})', { name, company }) : name;

function layout(
  i18n: I18n,
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  /** A small line under everything, with its link (the stop link of automatic mail). */
  footnote?: { text: string; label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;${WRAP}">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#555;font-size:13px;${WRAP}">${escapeHtml(i18n._('Or paste this link into your browser: {url}', { url: action.url }))}</p>`
    : '';
  const note = footnote
    ? `<p style="margin:24px 0 8px;color:#555;font-size:12px;${WRAP}">${escapeHtml(footnote.text)} <a href="${escapeHtml(footnote.url)}" style="color:#555">${escapeHtml(footnote.label)}</a></p>`
    : '';
  const language = mailLanguage(i18n);
  const lang = `lang="${language}" dir="${textDirection(language) ?? 'ltr'}"`;
  return `<!doctype html><html ${lang}><body ${lang} style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px;${WRAP}"><h1 style="font-size:20px;${WRAP}">${escapeHtml(title)}</h1>${body}${button}${note}<p style="color:#777;font-size:12px">Draftwell</p></body></html>`;
}

/** To someone who just signed up (or asks for the link again), in the language of their account (`accountI18n`). */
export function verificationMail(i18n: I18n, to: string, name: string, url: string): TMail {
  const lines = [
    greeting(i18n, name),
    i18n._('Welcome to Draftwell. Please confirm your email address so you can send proposals to clients.'),
  ];
  const ignore = i18n._('If you did not create an account, ignore this email.');
  return {
    to,
    subject: i18n._('Confirm your email for Draftwell'),
    text: `${lines.join('\n\n')}\n\n${i18n._('Confirm your email: {url}', { url })}\n\n${ignore}`,
    html: layout(i18n, i18n._('Confirm your email'), [...lines, ignore], { label: i18n._('Confirm email'), url }),
    link: url,
    language: mailLanguage(i18n),
  };
}

/** To the new address of an account whose email is being changed: nothing changes until it is opened. */
export function changeEmailMail(i18n: I18n, to: string, name: string, url: string): TMail {
  const lines = [
    greeting(i18n, name),
    i18n._(
      'You asked to use {email} for your Draftwell account. Confirm it, and it becomes the address you sign in with and receive mail at. Until then your account keeps its current address. The link works for 24 hours.',
      { email: to },
    ),
  ];
  const ignore = i18n._('If you did not ask for this, ignore this email: nothing changes.');
  return {
    to,
    subject: i18n._('Confirm your new email for Draftwell'),
    text: `${lines.join('\n\n')}\n\n${i18n._('Confirm the new address: {url}', { url })}\n\n${ignore}`,
    html: layout(i18n, i18n._('Confirm your new email'), [...lines, ignore], {
      label: i18n._('Confirm the new address'),
      url,
    }),
    link: url,
    language: mailLanguage(i18n),
  };
}

/** To the old address once the change is confirmed, so a change nobody asked for does not go unseen. */
export function emailChangedMail(i18n: I18n, to: string, name: string, newEmail: string): TMail {
  const lines = [
    greeting(i18n, name),
    i18n._(
      'The email address of your Draftwell account is now {newEmail}; this address ({email}) no longer signs in.',
      { newEmail, email: to },
    ),
    i18n._(
      'If you did not make this change, write to us at once through the contact page of Draftwell, so we can help you recover your account.',
    ),
  ];
  return {
    to,
    subject: i18n._('Your Draftwell email address was changed'),
    text: lines.join('\n\n'),
    html: layout(i18n, i18n._('Your email address was changed'), lines),
    language: mailLanguage(i18n),
  };
}

export function resetPasswordMail(i18n: I18n, to: string, name: string, url: string): TMail {
  const lines = [
    greeting(i18n, name),
    i18n._('Someone asked to reset the password of your Draftwell account. The link works for one hour.'),
  ];
  const ignore = i18n._('If it was not you, ignore this email: your password stays as it is.');
  return {
    to,
    subject: i18n._('Reset your Draftwell password'),
    text: `${lines.join('\n\n')}\n\n${i18n._('Choose a new password: {url}', { url })}\n\n${ignore}`,
    html: layout(i18n, i18n._('Reset your password'), [...lines, ignore], {
      label: i18n._('Choose a new password'),
      url,
    }),
    link: url,
    language: mailLanguage(i18n),
  };
}

/** To the operator (not an account holder): English. */
export function contactMail(to: string, msg: { name: string; email: string; message: string }): TMail {
  return {
    to,
    replyTo: msg.email,
    subject: `Contact form: ${msg.name}`,
    text: `From: ${msg.name} <${msg.email}>\n\n${msg.message}`,
    html: layout(ENGLISH, 'New message from the contact form', [`From: ${msg.name} <${msg.email}>`, msg.message]),
  };
}

/**
 * To the client: a proposal sent (or a revision of it), or a reminder about one awaiting an
 * answer, in the proposal's language (`i18n`). Always the same link, and replies go to the sender.
 */
export function proposalMail(
  i18n: I18n,
  args: {
    kind: 'sent' | 'revised' | 'reminder';
    to: string;
    clientName: string;
    senderName: string;
    senderCompany: string;
    senderEmail: string;
    title: string;
    message: string;
    signature: string;
    /** The valid-until date as the mail's language writes it (`mailLocale`). */
    validUntil: string | null;
    url: string;
  },
): TMail {
  const from = senderOf(i18n, args.senderName, args.senderCompany);
  const { title } = args;
  const opening = {
    sent: () => i18n._('{from} sent you a proposal: “{title}”.', { from, title }),
    revised: () => i18n._('{from} sent you a revised proposal: “{title}”.', { from, title }),
    reminder: () => i18n._('A friendly reminder from {from} about the proposal “{title}”.', { from, title }),
  }[args.kind]();
  const date = args.validUntil;
  const validity =
    date === null
      ? []
      : [
          args.kind === 'reminder'
            ? i18n._('It is valid until {date}.', { date })
            : i18n._('It is valid until {date}. You can read it, ask questions and accept it online.', { date }),
        ];
  const lines = [
    greeting(i18n, args.clientName),
    opening,
    ...(args.message ? [args.message] : []),
    ...validity,
    ...(args.signature ? [args.signature] : []),
  ];
  const subject = {
    sent: () => i18n._('Proposal: {title}', { title }),
    revised: () => i18n._('Revised proposal: {title}', { title }),
    reminder: () => i18n._('Reminder: {title}', { title }),
  }[args.kind]();
  return {
    to: args.to,
    replyTo: args.senderEmail,
    subject,
    text: `${lines.join('\n\n')}\n\n${i18n._('Open the proposal: {url}', { url: args.url })}`,
    html: layout(i18n, title, lines, { label: i18n._('Open the proposal'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/**
 * To the owner, when their client acts on a proposal, in the owner's app language (`ownerI18n`):
 * `text` and `detail` are written by the caller with the same `i18n`.
 */
export function ownerActivityMail(
  i18n: I18n,
  args: {
    to: string;
    text: string;
    detail: string;
    title: string;
    url: string;
  },
): TMail {
  const lines = [args.text, ...(args.detail ? [args.detail] : [])];
  return {
    to: args.to,
    subject: args.text,
    text: `${lines.join('\n\n')}\n\n${i18n._('See the proposal: {url}', { url: args.url })}`,
    html: layout(i18n, args.title, lines, { label: i18n._('See the proposal'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/** To each client signer, in the proposal's language: the owner replied to the thread on their page. */
export function ownerReplyMail(
  i18n: I18n,
  args: { to: string; authorName: string; title: string; body: string; url: string },
): TMail {
  const text = i18n._('{name} replied about “{title}”.', { name: args.authorName, title: args.title });
  const lines = [text, ...(args.body ? [args.body] : [])];
  return {
    to: args.to,
    subject: text,
    text: `${lines.join('\n\n')}\n\n${i18n._('See the proposal: {url}', { url: args.url })}`,
    html: layout(i18n, args.title, lines, { label: i18n._('See the proposal'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/** The client comments of one window (the first, already mailed at once, among them) in one mail, in the owner's language. */
export function commentDigestMail(
  i18n: I18n,
  args: {
    to: string;
    title: string;
    comments: Array<{ authorName: string; body: string }>;
    minutes: number;
    url: string;
  },
): TMail {
  const LISTED = 20;
  const { title, minutes } = args;
  const text = i18n._(
    '{count, plural, one {# comment on “{title}” in {minutes} minutes.} other {# comments on “{title}” in {minutes} minutes.}}',
    { count: args.comments.length, title, minutes },
  );
  const lines = args.comments.slice(0, LISTED).map((c) =>
    i18n._('{name}: {comment}', {
      name: c.authorName,
      comment: c.body.length > 300 ? `${c.body.slice(0, 300)}…` : c.body,
    }),
  );
  if (args.comments.length > LISTED) {
    lines.push(
      i18n._('{count, plural, one {…and # more on the proposal.} other {…and # more on the proposal.}}', {
        count: args.comments.length - LISTED,
      }),
    );
  }
  return {
    to: args.to,
    subject: text,
    text: `${[text, ...lines].join('\n\n')}\n\n${i18n._('See the proposal: {url}', { url: args.url })}`,
    html: layout(i18n, args.title, [text, ...lines], { label: i18n._('See the proposal'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/**
 * To the client, after accepting, in the language they signed in (`i18n`): where the certificate
 * and the PDF stay available (and what to pay, if asked).
 */
export function acceptedReceiptMail(
  i18n: I18n,
  args: {
    to: string;
    name: string;
    title: string;
    senderName: string;
    url: string;
    /** A payment due at acceptance (decision 0018), as money in the mail's locale: "$1,200". */
    paymentDue?: string;
  },
): TMail {
  const { title, senderName: sender } = args;
  const lines = [
    i18n._('Hi {name},', { name: args.name }),
    i18n._(
      'You accepted “{title}” from {sender}. Your certificate of acceptance and the signed PDF stay available at the link below.',
      { title, sender },
    ),
    ...(args.paymentDue
      ? [
          i18n._('{sender} asks for a payment of {amount} now: you can pay it securely from the same page.', {
            sender,
            amount: args.paymentDue,
          }),
        ]
      : []),
  ];
  return {
    to: args.to,
    subject: i18n._('You accepted: {title}', { title }),
    text: `${lines.join('\n\n')}\n\n${i18n._('Your proposal and certificate: {url}', { url: args.url })}`,
    html: layout(i18n, i18n._('Proposal accepted'), lines, { label: i18n._('See the certificate'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/** To a signer who must prove their address before signing, in the proposal's language: the code, and how long it lasts. */
export function signingCodeMail(
  i18n: I18n,
  args: {
    to: string;
    name: string;
    code: string;
    title: string;
    minutes: number;
  },
): TMail {
  const { code, title, minutes } = args;
  const lines = [
    greeting(i18n, args.name),
    i18n._('Your code to sign “{title}” is {code}.', { title, code }),
    i18n._(
      'It works for {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for it, ignore this email: nobody can sign without it.',
      { minutes },
    ),
  ];
  return {
    to: args.to,
    subject: i18n._('{code} is your code to sign “{title}”', { code, title }),
    text: lines.join('\n\n'),
    html: layout(i18n, i18n._('Your signing code'), lines),
    language: mailLanguage(i18n),
  };
}

/**
 * Automatic follow-up to a client signer (issue 16), in the proposal's language: a reminder of a
 * proposal they have not signed (worded for whether they opened it), or a warning that it can be
 * accepted only a few days more. Every one carries the link that stops them, and replies go to
 * the sender.
 */
export function followUpMail(
  i18n: I18n,
  args: {
    kind: 'reminder' | 'expiry_warning';
    to: string;
    name: string;
    senderName: string;
    senderCompany: string;
    senderEmail: string;
    title: string;
    signature: string;
    /** The valid-until date as the mail's language writes it (`mailLocale`). */
    validUntil: string | null;
    /** Expiry warnings: whole days left (0: today is the last day). */
    daysLeft: number | null;
    opened: boolean;
    url: string;
    stopUrl: string;
  },
): TMail {
  const from = senderOf(i18n, args.senderName, args.senderCompany);
  const { title, validUntil: date, daysLeft: count } = args;
  const body =
    args.kind === 'expiry_warning'
      ? [
          closesLine(i18n, { title, from, date, count }),
          args.opened
            ? i18n._(
                'It is still waiting for your signature. After that it closes, and you would have to ask for it to be reopened.',
              )
            : i18n._(
                'You have not opened it yet. After that it closes, and you would have to ask for it to be reopened.',
              ),
        ]
      : [
          args.opened
            ? i18n._('A reminder from {from}: the proposal “{title}” is still waiting for your signature.', {
                from,
                title,
              })
            : i18n._('A reminder from {from}: you have not opened the proposal “{title}” yet.', { from, title }),
          ...(date ? [i18n._('It is valid until {date}.', { date })] : []),
          i18n._('If you have questions, reply to this email.'),
        ];
  const lines = [greeting(i18n, args.name), ...body, ...(args.signature ? [args.signature] : [])];
  const stopText = i18n._('This is an automatic email from {from}. To get no more of them about this proposal:', {
    from,
  });
  const subject =
    args.kind === 'reminder'
      ? i18n._('Reminder: {title}', { title })
      : count === 0
        ? i18n._('Closes today: {title}', { title })
        : count === 1
          ? i18n._('Closes tomorrow: {title}', { title })
          : count === null
            ? i18n._('Closes soon: {title}', { title })
            : i18n._('{count, plural, one {Closes in # day: {title}} other {Closes in # days: {title}}}', {
                count,
                title,
              });
  return {
    to: args.to,
    replyTo: args.senderEmail,
    subject,
    text: `${lines.join('\n\n')}\n\n${i18n._('Open the proposal: {url}', { url: args.url })}\n\n${stopText} ${args.stopUrl}`,
    html: layout(
      i18n,
      title,
      lines,
      { label: i18n._('Open the proposal'), url: args.url },
      {
        text: stopText,
        label: i18n._('Stop these emails'),
        url: args.stopUrl,
      },
    ),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/** An expiry warning's first line: until when the proposal can be accepted, one whole sentence per case. */
function closesLine(
  i18n: I18n,
  { title, from, date, count }: { title: string; from: string; date: string | null; count: number | null },
): string {
  if (count === 0) {
    return date
      ? i18n._('The proposal “{title}” from {from} can be accepted until the end of today ({date}).', {
          title,
          from,
          date,
        })
      : i18n._('The proposal “{title}” from {from} can be accepted until the end of today.', { title, from });
  }
  if (count === 1) {
    return date
      ? i18n._('The proposal “{title}” from {from} can be accepted until the end of tomorrow ({date}).', {
          title,
          from,
          date,
        })
      : i18n._('The proposal “{title}” from {from} can be accepted until the end of tomorrow.', { title, from });
  }
  if (count === null) {
    return i18n._('The proposal “{title}” from {from} can be accepted for only a few days more.', { title, from });
  }
  return date
    ? i18n._(
        'The proposal “{title}” from {from} can be accepted until the end of {date}, {count, plural, one {# day from now} other {# days from now}}.',
        { title, from, date, count },
      )
    : i18n._(
        'The proposal “{title}” from {from} can be accepted until the end of its last day, {count, plural, one {# day from now} other {# days from now}}.',
        { title, from, count },
      );
}

/** To the owner, the day before a proposal still waiting for signatures closes, in the owner's language. */
export function ownerExpiryWarningMail(
  i18n: I18n,
  args: {
    to: string;
    title: string;
    /** As the mail's language writes it (`mailLocale`). */
    validUntil: string;
    daysLeft: number;
    waitingFor: string[];
    url: string;
  },
): TMail {
  const { title, validUntil: date } = args;
  const today = args.daysLeft === 0;
  const text = today
    ? i18n._('“{title}” closes today ({date}).', { title, date })
    : i18n._('“{title}” closes tomorrow ({date}).', { title, date });
  const detail =
    args.waitingFor.length > 0
      ? i18n._('Still to sign: {names}. To give them more time, extend its validity on the proposal’s page.', {
          names: formatList(args.waitingFor, mailLanguage(i18n)),
        })
      : i18n._(
          'Only your own signature is still missing. To have more time, extend its validity on the proposal’s page.',
        );
  return {
    to: args.to,
    subject: today ? i18n._('Closes today: {title}', { title }) : i18n._('Closes tomorrow: {title}', { title }),
    text: `${text}\n\n${detail}\n\n${i18n._('See the proposal: {url}', { url: args.url })}`,
    html: layout(i18n, args.title, [text, detail], { label: i18n._('See the proposal'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/** To the client who paid (decision 0018), in the proposal's language: the amount, Stripe's receipt, and their page. */
export function paymentReceiptMail(
  i18n: I18n,
  args: {
    to: string;
    name: string;
    title: string;
    /** The owner's name; null when it cannot be read. */
    senderName: string | null;
    /** In the mail's locale (`mailLocale`). */
    amount: string;
    receiptUrl: string | null;
    url: string;
  },
): TMail {
  const { amount, title, senderName: sender } = args;
  const lines = [
    greeting(i18n, args.name),
    sender
      ? i18n._('Thank you: your payment of {amount} to {sender} for “{title}” went through.', {
          amount,
          sender,
          title,
        })
      : i18n._('Thank you: your payment of {amount} for “{title}” went through.', { amount, title }),
    ...(args.receiptUrl ? [i18n._('Your receipt: {url}', { url: args.receiptUrl })] : []),
  ];
  return {
    to: args.to,
    subject: i18n._('Payment received: {title}', { title }),
    text: `${lines.join('\n\n')}\n\n${i18n._('Your proposal: {url}', { url: args.url })}`,
    html: layout(i18n, i18n._('Payment received'), lines, { label: i18n._('See your proposal'), url: args.url }),
    link: args.url,
    language: mailLanguage(i18n),
  };
}

/** To the owner, when a webhook endpoint was turned off after three days of failed deliveries (decision 0021), in their language. */
export function webhookDisabledMail(
  i18n: I18n,
  args: {
    to: string;
    name: string;
    url: string;
    /** The last attempt's error; null when the endpoint gave no answer. */
    lastError: string | null;
    link: string;
  },
): TMail {
  const lines = [
    greeting(i18n, args.name),
    i18n._(
      'Draftwell could not deliver events to your webhook endpoint {url} for three days, so it is turned off and gets no new events.',
      { url: args.url },
    ),
    args.lastError === null
      ? i18n._('The last attempt got no answer.')
      : i18n._('The last attempt: {error}', { error: args.lastError }),
    i18n._(
      'Once the endpoint answers again, turn it back on in Profile → Developers; the delivery log there can resend what it missed.',
    ),
  ];
  const title = i18n._('Webhook endpoint turned off');
  return {
    to: args.to,
    subject: title,
    text: `${lines.join('\n\n')}\n\n${i18n._('Open Profile → Developers: {url}', { url: args.link })}`,
    html: layout(i18n, title, lines, { label: i18n._('Open Profile → Developers'), url: args.link }),
    link: args.link,
    language: mailLanguage(i18n),
  };
}
