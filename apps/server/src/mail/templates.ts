import type { TMail } from './mailer';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!);

/**
 * On every element that holds text a person typed (a name, a pasted link, a comment): a word too
 * long for a phone's width breaks rather than widening the mail (issue 24). Inline, as mail apps
 * drop style sheets; `word-break: break-word` for those that ignore `overflow-wrap: anywhere`.
 */
const WRAP = 'overflow-wrap:anywhere;word-break:break-word';

function layout(
  title: string,
  paragraphs: string[],
  action?: { label: string; url: string },
  /** A small line under everything, with its link (the stop link of automatic mail). */
  footnote?: { text: string; label: string; url: string },
): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px;${WRAP}">${escapeHtml(p)}</p>`).join('');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="background:#4338ca;color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(action.label)}</a></p><p style="margin:0 0 16px;color:#555;font-size:13px;${WRAP}">Or paste this link into your browser: ${escapeHtml(action.url)}</p>`
    : '';
  const note = footnote
    ? `<p style="margin:24px 0 8px;color:#555;font-size:12px;${WRAP}">${escapeHtml(footnote.text)} <a href="${escapeHtml(footnote.url)}" style="color:#555">${escapeHtml(footnote.label)}</a></p>`
    : '';
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;max-width:560px;margin:0 auto;padding:24px;${WRAP}"><h1 style="font-size:20px;${WRAP}">${escapeHtml(title)}</h1>${body}${button}${note}<p style="color:#777;font-size:12px">Draftwell</p></body></html>`;
}

export function verificationMail(to: string, name: string, url: string): TMail {
  const lines = [
    `Hi ${name},`,
    'Welcome to Draftwell. Please confirm your email address so you can send proposals to clients.',
  ];
  return {
    to,
    subject: 'Confirm your email for Draftwell',
    text: `${lines.join('\n\n')}\n\nConfirm your email: ${url}\n\nIf you did not create an account, ignore this email.`,
    html: layout('Confirm your email', [...lines, 'If you did not create an account, ignore this email.'], {
      label: 'Confirm email',
      url,
    }),
    link: url,
  };
}

/** To the new address of an account whose email is being changed: nothing changes until it is opened. */
export function changeEmailMail(to: string, name: string, url: string): TMail {
  const lines = [
    `Hi ${name},`,
    `You asked to use ${to} for your Draftwell account. Confirm it, and it becomes the address you sign in with and receive mail at. Until then your account keeps its current address. The link works for 24 hours.`,
  ];
  const ignore = 'If you did not ask for this, ignore this email: nothing changes.';
  return {
    to,
    subject: 'Confirm your new email for Draftwell',
    text: `${lines.join('\n\n')}\n\nConfirm the new address: ${url}\n\n${ignore}`,
    html: layout('Confirm your new email', [...lines, ignore], { label: 'Confirm the new address', url }),
    link: url,
  };
}

/** To the old address once the change is confirmed, so a change nobody asked for does not go unseen. */
export function emailChangedMail(to: string, name: string, newEmail: string): TMail {
  const lines = [
    `Hi ${name},`,
    `The email address of your Draftwell account is now ${newEmail}; this address (${to}) no longer signs in.`,
    'If you did not make this change, write to us at once through the contact page of Draftwell, so we can help you recover your account.',
  ];
  return {
    to,
    subject: 'Your Draftwell email address was changed',
    text: lines.join('\n\n'),
    html: layout('Your email address was changed', lines),
  };
}

export function resetPasswordMail(to: string, name: string, url: string): TMail {
  const lines = [
    `Hi ${name},`,
    'Someone asked to reset the password of your Draftwell account. The link works for one hour.',
  ];
  return {
    to,
    subject: 'Reset your Draftwell password',
    text: `${lines.join('\n\n')}\n\nChoose a new password: ${url}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    html: layout(
      'Reset your password',
      [...lines, 'If it was not you, ignore this email: your password stays as it is.'],
      {
        label: 'Choose a new password',
        url,
      },
    ),
    link: url,
  };
}

export function contactMail(to: string, msg: { name: string; email: string; message: string }): TMail {
  return {
    to,
    replyTo: msg.email,
    subject: `Contact form: ${msg.name}`,
    text: `From: ${msg.name} <${msg.email}>\n\n${msg.message}`,
    html: layout('New message from the contact form', [`From: ${msg.name} <${msg.email}>`, msg.message]),
  };
}

/**
 * To the client: a proposal sent (or a revision of it), or a reminder about one awaiting an
 * answer. Always the same link, and replies go to the sender.
 */
export function proposalMail(args: {
  kind: 'sent' | 'revised' | 'reminder';
  to: string;
  clientName: string;
  senderName: string;
  senderCompany: string;
  senderEmail: string;
  title: string;
  message: string;
  signature: string;
  validUntil: string | null;
  url: string;
}): TMail {
  const from = args.senderCompany ? `${args.senderName} (${args.senderCompany})` : args.senderName;
  const opening = {
    sent: `${from} sent you a proposal: “${args.title}”.`,
    revised: `${from} sent you a revised proposal: “${args.title}”.`,
    reminder: `A friendly reminder from ${from} about the proposal “${args.title}”.`,
  }[args.kind];
  const validity =
    args.kind === 'reminder'
      ? `It is valid until ${args.validUntil}.`
      : `It is valid until ${args.validUntil}. You can read it, ask questions and accept it online.`;
  const lines = [
    args.clientName ? `Hi ${args.clientName},` : 'Hello,',
    opening,
    ...(args.message ? [args.message] : []),
    ...(args.validUntil ? [validity] : []),
    ...(args.signature ? [args.signature] : []),
  ];
  const subject = { sent: 'Proposal', revised: 'Revised proposal', reminder: 'Reminder' }[args.kind];
  return {
    to: args.to,
    replyTo: args.senderEmail,
    subject: `${subject}: ${args.title}`,
    text: `${lines.join('\n\n')}\n\nOpen the proposal: ${args.url}`,
    html: layout(args.title, lines, { label: 'Open the proposal', url: args.url }),
    link: args.url,
  };
}

/** To the owner, when their client acts on a proposal. */
export function ownerActivityMail(args: {
  to: string;
  text: string;
  detail: string;
  title: string;
  url: string;
}): TMail {
  const lines = [args.text, ...(args.detail ? [args.detail] : [])];
  return {
    to: args.to,
    subject: args.text,
    text: `${lines.join('\n\n')}\n\nSee the proposal: ${args.url}`,
    html: layout(args.title, lines, { label: 'See the proposal', url: args.url }),
    link: args.url,
  };
}

/** The client comments of one window (the first, already mailed at once, among them) in one mail. */
export function commentDigestMail(args: {
  to: string;
  title: string;
  comments: Array<{ authorName: string; body: string }>;
  minutes: number;
  url: string;
}): TMail {
  const LISTED = 20;
  const text = `${args.comments.length} comments on “${args.title}” in ${args.minutes} minutes.`;
  const lines = args.comments
    .slice(0, LISTED)
    .map((c) => `${c.authorName}: ${c.body.length > 300 ? `${c.body.slice(0, 300)}…` : c.body}`);
  if (args.comments.length > LISTED) lines.push(`…and ${args.comments.length - LISTED} more on the proposal.`);
  return {
    to: args.to,
    subject: text,
    text: `${[text, ...lines].join('\n\n')}\n\nSee the proposal: ${args.url}`,
    html: layout(args.title, [text, ...lines], { label: 'See the proposal', url: args.url }),
    link: args.url,
  };
}

/** To the client, after accepting: where the certificate and the PDF stay available (and what to pay, if asked). */
export function acceptedReceiptMail(args: {
  to: string;
  name: string;
  title: string;
  senderName: string;
  url: string;
  /** A payment due at acceptance (decision 0018), as money: "$1,200". */
  paymentDue?: string;
}): TMail {
  const lines = [
    `Hi ${args.name},`,
    `You accepted “${args.title}” from ${args.senderName}. Your certificate of acceptance and the signed PDF stay available at the link below.`,
    ...(args.paymentDue
      ? [`${args.senderName} asks for a payment of ${args.paymentDue} now: you can pay it securely from the same page.`]
      : []),
  ];
  return {
    to: args.to,
    subject: `You accepted: ${args.title}`,
    text: `${lines.join('\n\n')}\n\nYour proposal and certificate: ${args.url}`,
    html: layout('Proposal accepted', lines, { label: 'See the certificate', url: args.url }),
    link: args.url,
  };
}

/** To a signer who must prove their address before signing: the code, and how long it lasts. */
export function signingCodeMail(args: {
  to: string;
  name: string;
  code: string;
  title: string;
  minutes: number;
}): TMail {
  const lines = [
    args.name ? `Hi ${args.name},` : 'Hello,',
    `Your code to sign “${args.title}” is ${args.code}.`,
    `It works for ${args.minutes} minutes. If you did not ask for it, ignore this email: nobody can sign without it.`,
  ];
  return {
    to: args.to,
    subject: `${args.code} is your code to sign “${args.title}”`,
    text: lines.join('\n\n'),
    html: layout('Your signing code', lines),
  };
}

/**
 * Automatic follow-up to a client signer (issue 16): a reminder of a proposal they have not signed
 * (worded for whether they opened it), or a warning that it can be accepted only a few days more.
 * Every one carries the link that stops them, and replies go to the sender.
 */
export function followUpMail(args: {
  kind: 'reminder' | 'expiry_warning';
  to: string;
  name: string;
  senderName: string;
  senderCompany: string;
  senderEmail: string;
  title: string;
  signature: string;
  /** The valid-until date as the sender's documents write it. */
  validUntil: string | null;
  /** Expiry warnings: whole days left (0: today is the last day). */
  daysLeft: number | null;
  opened: boolean;
  url: string;
  stopUrl: string;
}): TMail {
  const from = args.senderCompany ? `${args.senderName} (${args.senderCompany})` : args.senderName;
  const until = args.validUntil ? ` (${args.validUntil})` : '';
  const closes =
    args.daysLeft === 0
      ? `until the end of today${until}`
      : args.daysLeft === 1
        ? `until the end of tomorrow${until}`
        : `until the end of ${args.validUntil ?? 'its last day'}, ${args.daysLeft ?? 'a few'} days from now`;
  const body =
    args.kind === 'expiry_warning'
      ? [
          `The proposal “${args.title}” from ${from} can be accepted ${closes}.`,
          `${args.opened ? 'It is still waiting for your signature.' : 'You have not opened it yet.'} After that it closes, and you would have to ask for it to be reopened.`,
        ]
      : [
          args.opened
            ? `A reminder from ${from}: the proposal “${args.title}” is still waiting for your signature.`
            : `A reminder from ${from}: you have not opened the proposal “${args.title}” yet.`,
          ...(args.validUntil ? [`It is valid until ${args.validUntil}.`] : []),
          'If you have questions, reply to this email.',
        ];
  const lines = [args.name ? `Hi ${args.name},` : 'Hello,', ...body, ...(args.signature ? [args.signature] : [])];
  const stopText = `This is an automatic email from ${from}. To get no more of them about this proposal:`;
  const subject =
    args.kind === 'expiry_warning'
      ? `Closes ${args.daysLeft === 0 ? 'today' : args.daysLeft === 1 ? 'tomorrow' : `in ${args.daysLeft} days`}: ${args.title}`
      : `Reminder: ${args.title}`;
  return {
    to: args.to,
    replyTo: args.senderEmail,
    subject,
    text: `${lines.join('\n\n')}\n\nOpen the proposal: ${args.url}\n\n${stopText} ${args.stopUrl}`,
    html: layout(
      args.title,
      lines,
      { label: 'Open the proposal', url: args.url },
      {
        text: stopText,
        label: 'Stop these emails',
        url: args.stopUrl,
      },
    ),
    link: args.url,
  };
}

/** To the owner, the day before a proposal still waiting for signatures closes. */
export function ownerExpiryWarningMail(args: {
  to: string;
  title: string;
  validUntil: string;
  daysLeft: number;
  waitingFor: string[];
  url: string;
}): TMail {
  const when = args.daysLeft === 0 ? 'today' : 'tomorrow';
  const text = `“${args.title}” closes ${when} (${args.validUntil}).`;
  const detail = `Still to sign: ${args.waitingFor.join(', ') || 'nobody left but you'}. To give them more time, extend its validity on the proposal’s page.`;
  return {
    to: args.to,
    subject: `Closes ${when}: ${args.title}`,
    text: `${text}\n\n${detail}\n\nSee the proposal: ${args.url}`,
    html: layout(args.title, [text, detail], { label: 'See the proposal', url: args.url }),
    link: args.url,
  };
}

/** To the client who paid (decision 0018): the amount, Stripe's receipt, and their page. */
export function paymentReceiptMail(args: {
  to: string;
  name: string;
  title: string;
  senderName: string;
  amount: string;
  receiptUrl: string | null;
  url: string;
}): TMail {
  const lines = [
    args.name ? `Hi ${args.name},` : 'Hello,',
    `Thank you: your payment of ${args.amount} to ${args.senderName} for “${args.title}” went through.`,
    ...(args.receiptUrl ? [`Your receipt: ${args.receiptUrl}`] : []),
  ];
  return {
    to: args.to,
    subject: `Payment received: ${args.title}`,
    text: `${lines.join('\n\n')}\n\nYour proposal: ${args.url}`,
    html: layout('Payment received', lines, { label: 'See your proposal', url: args.url }),
    link: args.url,
  };
}

/** To the owner, when a webhook endpoint was turned off after three days of failed deliveries (decision 0021). */
export function webhookDisabledMail(args: {
  to: string;
  name: string;
  url: string;
  lastError: string;
  link: string;
}): TMail {
  const lines = [
    `Hi ${args.name},`,
    `Draftwell could not deliver events to your webhook endpoint ${args.url} for three days, so it is turned off and gets no new events.`,
    `The last attempt: ${args.lastError}`,
    'Once the endpoint answers again, turn it back on in Profile → Developers; the delivery log there can resend what it missed.',
  ];
  return {
    to: args.to,
    subject: 'Webhook endpoint turned off',
    text: `${lines.join('\n\n')}\n\nOpen Profile → Developers: ${args.link}`,
    html: layout('Webhook endpoint turned off', lines, { label: 'Open Profile → Developers', url: args.link }),
    link: args.link,
  };
}
