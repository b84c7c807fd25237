import { englishI18n as i18n } from '../i18n/english';
import { describe, expect, it } from 'vitest';
import { consentText, type TRevisionSnapshot } from '../share/revision';
import type { TSignatureEvidence } from '../share/signing';
import {
  brandAccents,
  brandingShown,
  contrastRatio,
  DARK_CARD,
  fileIdOf,
  formatMilestoneWhen,
  formatUtcDate,
  formatUtcInstant,
  isLogoSrc,
  isSafeHref,
  kindsToTotal,
  kindsWithAmounts,
  formatKindTotals,
  totalsByKind,
  lineChoice,
  NEUTRAL_ACCENT,
  normalizeHexColor,
  paperAccents,
  parseHexColor,
  preparedBy,
  signatureFacts,
  signatureParties,
  snapshotContext,
  totalsRows,
  type TRgb,
  unitLabel,
} from './display';
import { DOCUMENT_LOCALES } from './locale';
import type { TPricingTotals } from './pricing';
import type { TPricingLine, TPricingTable } from './schema';
import type { TDocumentContext } from './variables';

const WHITE: TRgb = [255, 255, 255];
const AA = 4.5;

const line = (id: string, patch: Partial<TPricingLine> = {}): TPricingLine => ({
  id,
  description: id,
  quantity: 1000,
  unit: '',
  unitPrice: 100,
  discountPercent: 0,
  taxPercent: 0,
  billing: 'one_off',
  optional: false,
  selected: true,
  ...patch,
});

const amounts = (total: number, extra: Partial<{ net: number; discount: number; tax: number }> = {}) => ({
  net: total,
  discount: 0,
  tax: 0,
  total,
  ...extra,
});

describe('brand colours', () => {
  it('reads 3- and 6-digit hex in any case, with or without #, and nothing else', () => {
    for (const [input, rgb] of [
      ['#4338ca', [67, 56, 202]],
      ['#4338CA', [67, 56, 202]],
      ['4338ca', [67, 56, 202]],
      ['  #4338ca ', [67, 56, 202]],
      ['#43c', [68, 51, 204]],
      ['#43C', [68, 51, 204]],
      ['#fff', [255, 255, 255]],
    ] as const) {
      expect(parseHexColor(input), input).toEqual(rgb);
    }
    for (const bad of [
      '',
      '#',
      '#12',
      '#1234',
      '#12345',
      '#1234567',
      '#ggg',
      'red',
      'rgb(1,2,3)',
      'red; x: y',
      null,
      undefined,
    ]) {
      expect(parseHexColor(bad), String(bad)).toBeNull();
      expect(brandAccents(bad), String(bad)).toBeNull();
    }
    expect(normalizeHexColor('#43C')).toBe('#4433cc');
    expect(normalizeHexColor('#4338CA')).toBe('#4338ca');
  });

  it('a 3-digit colour is the same brand as its 6-digit spelling, on the page and on paper', () => {
    expect(brandAccents('#f60')).toEqual(brandAccents('#FF6600'));
    expect(paperAccents('#f60')).toEqual(paperAccents('#ff6600'));
    expect(paperAccents('#f60').rule).toBe('#ff6600');
  });

  const samples = [
    '#1d4ed8', // readable on white, not on dark
    '#ffe600', // yellow: unreadable on white
    '#7dd3fc', // light blue
    '#4338ca',
    '#000000', // black: unreadable on the dark card
    '#000',
    '#fff', // white: unreadable on white
    '#FFF',
    '#808080',
    '#171b24', // the dark card's own colour
    '#ABCDEF',
    '#f0f',
  ];

  it.each(samples)('keeps %s at WCAG AA in the light theme (and print, PDF) and the dark theme', (color) => {
    const accents = brandAccents(color)!;
    expect(contrastRatio(parseHexColor(accents.light)!, WHITE)).toBeGreaterThanOrEqual(AA);
    expect(contrastRatio(parseHexColor(accents.dark)!, DARK_CARD)).toBeGreaterThanOrEqual(AA);
    const paper = paperAccents(color);
    expect(paper.text).toBe(accents.light);
    expect(contrastRatio(parseHexColor(paper.text)!, WHITE)).toBeGreaterThanOrEqual(AA);
  });

  it('keeps a colour that is readable already, and moves one that is not toward black or white', () => {
    expect(brandAccents('#1d4ed8')!.light).toBe('#1d4ed8');
    expect(brandAccents('#FFE600')!.light).not.toBe('#ffe600');
    expect(brandAccents('#ffe600')!.dark).toBe('#ffe600');
    expect(brandAccents('#000')!.light).toBe('#000000');
    expect(brandAccents('#000')!.dark).not.toBe('#000000');
  });

  it('falls back to a neutral accent on paper when there is no valid colour (the free plan sends none)', () => {
    for (const none of ['', 'nonsense', '#12345', undefined]) {
      expect(paperAccents(none)).toEqual({ text: NEUTRAL_ACCENT, rule: NEUTRAL_ACCENT });
    }
    expect(contrastRatio(parseHexColor(NEUTRAL_ACCENT)!, WHITE)).toBeGreaterThanOrEqual(AA);
  });
});

describe('brandingShown', () => {
  const sender = { name: 'Olivia', brandColor: '#ff6600', logoFileId: '2b0c5a4e-1f3d-4c2b-9a8e-7d6c5b4a3f21' };

  it('shows the logo and colour on plans with own branding, with no footer', () => {
    expect(brandingShown(sender, true)).toEqual({ sender, madeWithFooter: false });
  });

  it('drops them on the others and adds "Made with Draftwell", keeping everything else', () => {
    expect(brandingShown(sender, false)).toEqual({
      sender: { name: 'Olivia', brandColor: '', logoFileId: null },
      madeWithFooter: true,
    });
    expect(paperAccents(brandingShown(sender, false).sender.brandColor).text).toBe(NEUTRAL_ACCENT);
  });
});

describe('links and files', () => {
  it('allows http(s) with a host and mailto, nothing else', () => {
    for (const ok of ['https://example.com', 'http://example.com/a?b#c', 'HTTPS://EXAMPLE.COM', 'mailto:a@b.c']) {
      expect(isSafeHref(ok), ok).toBe(true);
    }
    for (const bad of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      'java\tscript:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<script>',
      'vbscript:x',
      '//evil.example',
      'https://',
      'https:///path',
      'https://exa mple.com',
      'https://example.com/\u0085',
      'mailto:',
      '/relative',
      `https://example.com/${'a'.repeat(2048)}`,
      undefined,
      42,
    ]) {
      expect(isSafeHref(bad), String(bad)).toBe(false);
    }
  });

  it('shows only files stored in Draftwell, by their id', () => {
    const id = '2b0c5a4e-1f3d-4c2b-9a8e-7d6c5b4a3f21';
    expect(fileIdOf(`/api/files/${id}`)).toBe(id);
    for (const src of [
      `http://127.0.0.1:8080/api/files/${id}`,
      'http://169.254.169.254/latest/meta-data/',
      `//evil.example/api/files/${id}`,
      `/api/files/${id}/../../etc/passwd`,
      `/api/files/${id.toUpperCase()}`,
      `/api/share/x/files/${id}`,
      'data:image/png;base64,iVBORw0KGgo=',
      'file:///etc/passwd',
      '',
      undefined,
      42,
    ]) {
      expect(fileIdOf(src), String(src)).toBeNull();
    }
  });

  it('takes a logo from our own origin or https only', () => {
    expect(isLogoSrc('/api/files/x')).toBe(true);
    expect(isLogoSrc('/api/share/t/files/x')).toBe(true);
    expect(isLogoSrc('https://cdn.example/logo.png')).toBe(true);
    for (const bad of [
      '//evil.example/x.png',
      '/\\evil.example',
      'http://x.example/l.png',
      'javascript:alert(1)',
      '',
    ]) {
      expect(isLogoSrc(bad), bad).toBe(false);
    }
  });
});

describe('totals', () => {
  const table: TPricingTable = {
    id: 't',
    type: 'pricing_table',
    title: '',
    kind: 'lines',
    lines: [
      line('base'),
      line('extra', { optional: true, selected: false, billing: 'monthly' }),
      line('seats', { quantityRange: { min: 1000, max: 9000 } }),
    ],
  };

  it('takes the client’s choice, else the line’s default, and keeps required lines in', () => {
    expect(lineChoice(table, table.lines[1]!, undefined)).toEqual({ included: false, quantity: 1000 });
    expect(lineChoice(table, table.lines[1]!, { extra: { selected: true } })).toEqual({
      included: true,
      quantity: 1000,
    });
    expect(lineChoice(table, table.lines[0]!, { base: { selected: false } }).included).toBe(true);
    expect(lineChoice(table, table.lines[2]!, { seats: { quantity: 4000 } }).quantity).toBe(4000);
    expect(lineChoice(table, table.lines[0]!, { base: { quantity: 4000 } }).quantity).toBe(1000);
  });

  it('totals only the billing kinds the client takes, else the first the tables have', () => {
    expect(kindsToTotal([table], undefined)).toEqual(['one_off']);
    expect(kindsToTotal([table], { extra: { selected: true } })).toEqual(['one_off', 'monthly']);
    const onlyOptional: TPricingTable = {
      ...table,
      lines: [line('o', { optional: true, selected: false, billing: 'yearly' })],
    };
    expect(kindsToTotal([onlyOptional], undefined)).toEqual(['yearly']);
    expect(kindsToTotal([], undefined)).toEqual([]);
  });

  it('shows a certificate’s kinds with an amount, else one-off', () => {
    const zero = amounts(0);
    expect(kindsWithAmounts({ one_off: zero, monthly: amounts(900), yearly: zero })).toEqual(['monthly']);
    expect(kindsWithAmounts({ one_off: amounts(1), monthly: zero, yearly: amounts(5) })).toEqual(['one_off', 'yearly']);
    expect(kindsWithAmounts({ one_off: zero, monthly: zero, yearly: zero })).toEqual(['one_off']);
  });

  it('writes one-off and recurring totals as one phrase, leaving out the kinds with nothing (issue 24)', () => {
    const totals = { one_off: amounts(275_000), monthly: amounts(594_000), yearly: amounts(120_000) };
    expect(totalsByKind(totals)).toEqual({ one_off: 275_000, monthly: 594_000, yearly: 120_000 });
    expect(formatKindTotals(i18n, totalsByKind(totals), 'USD')).toBe('$2,750 + $5,940 / month + $1,200 / year');
    expect(formatKindTotals(i18n, { one_off: 0, monthly: 9_000, yearly: 0 }, 'USD')).toBe('$90 / month');
    expect(formatKindTotals(i18n, { one_off: 275_050, monthly: 0, yearly: 120_000 }, 'EUR')).toBe(
      '€2,750.50 + €1,200 / year',
    );
    expect(formatKindTotals(i18n, { one_off: 5_000, monthly: 700, yearly: 0 }, 'JPY')).toBe('¥5,000 + ¥700 / month');
    expect(formatKindTotals(i18n, { one_off: 0, monthly: 0, yearly: 0 }, 'USD')).toBe('$0');
  });

  it('writes the rows of a kind: subtotal, discount, net, tax only where they say something', () => {
    const full = amounts(108_000, { net: 90_000, discount: 10_000, tax: 18_000 });
    expect(totalsRows(i18n, full, 'one_off', { kindsShown: 1, nameKind: false })).toEqual([
      { kind: 'subtotal', term: 'Subtotal', amount: 100_000 },
      { kind: 'discount', term: 'Discount', amount: 10_000 },
      { kind: 'net', term: 'Net', amount: 90_000 },
      { kind: 'tax', term: 'Tax', amount: 18_000 },
      { kind: 'total', term: 'Total', amount: 108_000 },
    ]);
    expect(
      totalsRows(i18n, amounts(5000, { tax: 1000, net: 4000 }), 'monthly', { kindsShown: 1, nameKind: false }),
    ).toEqual([
      { kind: 'subtotal', term: 'Subtotal per month', amount: 4000 },
      { kind: 'tax', term: 'Tax', amount: 1000 },
      { kind: 'total', term: 'Total per month', amount: 5000 },
    ]);
    expect(totalsRows(i18n, amounts(5000), 'one_off', { kindsShown: 1, nameKind: false })).toEqual([
      { kind: 'total', term: 'Total', amount: 5000 },
    ]);
    // Named when other kinds are shown or exist.
    expect(totalsRows(i18n, amounts(5000), 'one_off', { kindsShown: 2, nameKind: false })[0]!.term).toBe(
      'Total one-off',
    );
    expect(totalsRows(i18n, amounts(5000), 'one_off', { kindsShown: 1, nameKind: true })[0]!.term).toBe(
      'Total one-off',
    );
    expect(
      totalsRows(i18n, amounts(5000), 'yearly', { kindsShown: 1, nameKind: false, label: 'You pay' })[0]!.term,
    ).toBe('You pay per year');
  });
});

describe('variables, sender and signatures', () => {
  const totals: TPricingTotals = { one_off: amounts(100), monthly: amounts(0), yearly: amounts(0) };
  const snapshot = {
    title: 'Site',
    number: 'P-1',
    validUntil: '2027-03-31',
    currency: 'EUR',
    totals,
    client: { name: 'Dana Reyes', company: 'Reyes & Co', email: 'dana@example.com', phone: '', address: '' },
    sender: { name: 'Olivia Owner', company: 'Harbour', brandColor: '#fff', logoFileId: null },
  } as unknown as TRevisionSnapshot;

  it('fills variables from the snapshot, with the client’s totals when given', () => {
    const accepted = { ...totals, one_off: amounts(250) };
    expect(snapshotContext(snapshot)).toEqual({
      proposal: { title: 'Site', number: 'P-1', validUntil: '2027-03-31', currency: 'EUR', totals },
      client: { name: 'Dana Reyes', company: 'Reyes & Co', email: 'dana@example.com' },
      sender: { name: 'Olivia Owner', company: 'Harbour' },
      locale: 'en-US',
      // A revision sent before proposals had a language is English.
      language: 'en',
    });
    expect(snapshotContext(snapshot, accepted).proposal.totals).toBe(accepted);
    expect(snapshotContext({ ...snapshot, language: 'ar' }).language).toBe('ar');
  });

  it('writes dates in the locale the revision was sent with; one without a known locale is en-US', () => {
    const withLocale = (locale: unknown) =>
      snapshotContext({ ...snapshot, sender: { ...snapshot.sender, locale } } as TRevisionSnapshot).locale;
    expect(withLocale('en-GB')).toBe('en-GB');
    expect(withLocale('de-DE')).toBe('de-DE');
    for (const unknown of [undefined, null, '', 'xx-YY', 'en_GB', 42, { toString: () => 'en-GB' }]) {
      expect(withLocale(unknown)).toBe('en-US');
    }
  });

  it('names the sender by company, else name', () => {
    expect(preparedBy({ name: 'Olivia', company: ' Harbour ' })).toBe('Harbour');
    expect(preparedBy({ name: ' Olivia ', company: '  ' })).toBe('Olivia');
    expect(preparedBy({ name: '', company: '' })).toBe('');
  });

  const context: TDocumentContext = snapshotContext(snapshot);

  it('signature boxes: a line to sign on until accepted', () => {
    const parties = signatureParties(i18n, { id: 's', type: 'signature', client: { role: ' CEO ' } }, context, null);
    expect(parties.sender).toEqual({ label: 'Harbour', name: 'Olivia Owner', role: '', accepted: null, mark: null });
    expect(parties.client).toEqual({
      label: 'Client',
      name: 'Dana Reyes, Reyes & Co',
      role: 'CEO',
      accepted: null,
      mark: null,
    });
    expect(parties.clients).toEqual([parties.client]);
  });

  it('several signers: a box per client signature with its mark, and the sender’s countersignature', () => {
    const drawn = { kind: 'drawn' as const, image: 'data:image/png;base64,AAAA' };
    const parties = signatureParties(i18n, { id: 's', type: 'signature', client: { role: 'Buyer' } }, context, {
      name: 'Dana Reyes',
      acceptedAt: '2027-03-05T09:00:00.000Z',
      signatures: [
        { party: 'client', name: 'Dana Reyes', role: '', signedAt: '2027-03-04T10:00:00.000Z', mark: drawn },
        { party: 'client', name: 'Frank Finance', role: 'CFO', signedAt: '2027-03-04T11:00:00.000Z', mark: null },
        {
          party: 'owner',
          name: 'Olivia Owner',
          role: '',
          signedAt: '2027-03-05T09:00:00.000Z',
          mark: { kind: 'typed', text: 'Olivia Owner' },
        },
      ],
    });
    expect(parties.clients.map((c) => [c.name, c.role, c.accepted?.by, c.mark])).toEqual([
      ['Dana Reyes, Reyes & Co', 'Buyer', 'Accepted by Dana Reyes', drawn],
      ['Frank Finance, Reyes & Co', 'CFO', 'Signed by Frank Finance', null],
    ]);
    expect(parties.clients[0]!.accepted?.on).toBe('on March 4, 2027 at 10:00:00 UTC');
    expect(parties.sender.accepted?.by).toBe('Signed by Olivia Owner');
    expect(parties.sender.mark).toEqual({ kind: 'typed', text: 'Olivia Owner' });
  });

  it('once accepted, the client’s box names who accepted and when, in UTC', () => {
    const parties = signatureParties(i18n, { id: 's', type: 'signature', client: { label: 'Customer' } }, context, {
      name: 'Dan Reyes',
      acceptedAt: '2027-03-04T23:20:30.000Z',
    });
    expect(parties.client).toEqual({
      label: 'Customer',
      name: 'Dan Reyes, Reyes & Co',
      role: '',
      accepted: { by: 'Accepted by Dan Reyes', on: 'on March 4, 2027 at 23:20:30 UTC', date: 'March 4, 2027' },
      mark: null,
    });
    expect(parties.sender.accepted).toBeNull();
  });

  it('the client’s box writes when in the document’s locale', () => {
    const british = signatureParties(
      i18n,
      { id: 's', type: 'signature' },
      { ...context, locale: 'en-GB' },
      {
        name: 'Dan Reyes',
        acceptedAt: '2027-03-04T23:20:30.000Z',
      },
    );
    expect(british.client.accepted).toMatchObject({ on: 'on 4 March 2027 at 23:20:30 UTC', date: '4 March 2027' });
  });

  it('writes milestones as dates or durations', () => {
    expect(formatMilestoneWhen(i18n, { kind: 'date', date: '2027-03-03' })).toBe('March 3, 2027');
    expect(formatMilestoneWhen(i18n, { kind: 'duration', value: 1, unit: 'weeks' })).toBe('1 week');
    expect(formatMilestoneWhen(i18n, { kind: 'duration', value: 10, unit: 'days' })).toBe('10 days');
  });
});

describe('UTC dates', () => {
  // Late on March 4 in UTC is March 5 east of it: the record's day is UTC's, wherever it is read.
  const instant = '2027-03-04T23:20:30.532Z';

  it('writes the day, the instant for people, and the audit stamp in UTC', () => {
    expect(formatUtcDate(instant)).toBe('March 4, 2027');
    expect(formatUtcInstant(instant)).toBe('March 4, 2027 at 23:20:30 UTC');
    expect(formatUtcInstant('2027-03-04T00:05:00Z')).toBe('March 4, 2027 at 00:05:00 UTC');
  });

  it('writes them in every document locale, with the same UTC day and 24-hour time', () => {
    expect(formatUtcDate(instant, 'en-GB')).toBe('4 March 2027');
    expect(formatUtcInstant(instant, 'en-GB')).toBe('4 March 2027 at 23:20:30 UTC');
    expect(formatUtcInstant(instant, 'de-DE')).toBe('4. März 2027 um 23:20:30 UTC');
    expect(formatMilestoneWhen(i18n, { kind: 'date', date: '2027-03-03' }, 'fr-FR')).toBe('3 mars 2027');
    for (const { id } of DOCUMENT_LOCALES) {
      const shown = formatUtcInstant(instant, id);
      expect(shown, id).toMatch(/23\D{1,4}20\D{1,5}30/);
      expect(shown, id).toContain('2027');
      expect(shown, id).not.toMatch(/\b(AM|PM)\b/);
      expect(formatUtcDate(instant, id), id).toContain('4');
    }
  });

  it('gives back what is not an instant', () => {
    for (const format of [formatUtcDate, formatUtcInstant]) {
      expect(format('not a date')).toBe('not a date');
    }
  });
});

describe('consentText', () => {
  it('names the way the signer signs, and only that way', () => {
    const acts = {
      typed: 'typing my full name',
      drawn: 'drawing my signature',
      uploaded: 'uploading an image of my signature',
    } as const;
    for (const [method, act] of Object.entries(acts) as [keyof typeof acts, string][]) {
      const text = consentText(i18n, method);
      expect(text).toContain(`I agree that ${act} and ticking this box is my electronic signature`);
      for (const other of Object.values(acts)) if (other !== act) expect(text).not.toContain(other);
    }
    // Typing's statement is word for word the one recorded before there were other ways.
    expect(consentText(i18n, 'typed')).toBe(
      'I have read this proposal and accept it on the terms it states. I agree that typing my full name and ' +
        'ticking this box is my electronic signature, as binding as a handwritten one, and that Draftwell records ' +
        'my name, email address, IP address, browser and the time of acceptance as evidence.',
    );
  });
});

describe('signatureFacts', () => {
  const signature: TSignatureEvidence = {
    id: 'g1',
    position: 1,
    party: 'client',
    name: 'Dana Reyes',
    email: 'dana@example.com',
    role: 'CEO',
    signedAt: '2027-03-04T02:22:29.000Z',
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0',
    consentText: consentText(i18n, 'drawn'),
    consentHash: 'c'.repeat(64),
    emailProof: 'code',
    mark: null,
  };

  it('writes one signature’s own evidence, its time once with its zone', () => {
    expect(signatureFacts(i18n, signature).map((f) => [f.term, f.value, f.kind])).toEqual([
      ['Email', 'dana@example.com', 'text'],
      ['Signed at', 'March 4, 2027 at 02:22:29 UTC', 'time'],
      ['IP address', '203.0.113.7', 'code'],
      ['Browser (user agent)', 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0.0.0', 'code'],
      ['Proof of address', 'Code emailed to dana@example.com', 'text'],
      ['Consent statement', consentText(i18n, 'drawn'), 'quote'],
      ['Consent hash (SHA-256)', 'c'.repeat(64), 'code'],
    ]);
    expect(signatureFacts(i18n, signature)[1]).toMatchObject({ kind: 'time', at: signature.signedAt });
  });

  it('names the zone exactly once in every document locale', () => {
    for (const { id } of DOCUMENT_LOCALES) {
      const when = signatureFacts(i18n, signature, id).find((f) => f.kind === 'time')!;
      expect(when.value.match(/UTC/g), `${id}: ${when.value}`).toHaveLength(1);
      expect(when.value, id).toBe(formatUtcInstant(signature.signedAt, id));
    }
  });

  it('says what was not recorded: an owner’s signature given as they sent, before that was recorded', () => {
    const owner = signatureFacts(i18n, {
      ...signature,
      party: 'owner',
      emailProof: 'account',
      ipAddress: null,
      userAgent: null,
    });
    expect(owner.find((f) => f.term === 'IP address')?.value).toBe('Not recorded');
    expect(owner.find((f) => f.term === 'Browser (user agent)')?.value).toBe('Not recorded');
    expect(owner.find((f) => f.term === 'Proof of address')?.value).toBe('Signed in to Draftwell as the sender');
  });
});

/** Quantities as the document keeps them: thousandths. */
const q = (n: number) => Math.round(n * 1000);

describe('unitLabel', () => {
  it('is singular for exactly one and plural for every other amount, whole or not', () => {
    expect(unitLabel('page', q(1))).toBe('page');
    for (const n of [0, 0.5, 1.5, 2, 10, 1000]) expect(unitLabel('page', q(n))).toBe('pages');
    expect(unitLabel('hour', q(0.25))).toBe('hours');
  });

  it('follows English spelling rules for the plural', () => {
    const plurals: Array<[string, string]> = [
      ['day', 'days'],
      ['survey', 'surveys'],
      ['copy', 'copies'],
      ['entry', 'entries'],
      ['box', 'boxes'],
      ['batch', 'batches'],
      ['brush', 'brushes'],
      ['class', 'classes'],
      ['bus', 'buses'],
      ['bonus', 'bonuses'],
      ['photo', 'photos'],
      ['video', 'videos'],
      ['licence', 'licences'],
      ['roof', 'roofs'],
      ['person', 'people'],
      ['child', 'children'],
      ['half', 'halves'],
      ['quiz', 'quizzes'],
      ['analysis', 'analyses'],
      ['hero', 'heroes'],
    ];
    for (const [one, many] of plurals) expect(unitLabel(one, q(3)), one).toBe(many);
  });

  it('is singular for one even when the unit was typed in the plural', () => {
    const singulars: Array<[string, string]> = [
      ['pages', 'page'],
      ['hours', 'hour'],
      ['days', 'day'],
      ['copies', 'copy'],
      ['boxes', 'box'],
      ['batches', 'batch'],
      ['classes', 'class'],
      ['courses', 'course'],
      ['licences', 'licence'],
      ['people', 'person'],
      ['analyses', 'analysis'],
      ['Pages', 'Page'],
      ['hours of support', 'hour of support'],
    ];
    for (const [many, one] of singulars) expect(unitLabel(many, q(1)), many).toBe(one);
    for (const unit of ['page', 'class', 'bus', 'analysis', 'news', 'lens', 'series', 'hrs', 'GB', 'each']) {
      expect(unitLabel(unit, q(1)), unit).toBe(unit);
    }
  });

  it('reads words such as "constructor" as words, never as object members', () => {
    expect(unitLabel('constructor', q(2))).toBe('constructors');
    expect(unitLabel('constructor', q(1))).toBe('constructor');
  });

  it('keeps the case the unit was typed in', () => {
    expect(unitLabel('Page', q(2))).toBe('Pages');
    expect(unitLabel('Person', q(2))).toBe('People');
  });

  it('leaves units that are already plural, uncountable, short forms or symbols as typed', () => {
    for (const unit of ['hours', 'people', 'pages', 'each', 'sheep', 'software', 'support', 'series']) {
      expect(unitLabel(unit, q(5)), unit).toBe(unit);
    }
    for (const unit of [
      'hr',
      'hrs',
      'h',
      'kg',
      'km',
      'min',
      'pcs',
      'pax',
      'sqm',
      'GB',
      'SEO',
      'm²',
      'hr.',
      'm2',
      '%',
    ]) {
      expect(unitLabel(unit, q(5)), unit).toBe(unit);
    }
  });

  it('makes plural the word that is counted in a unit of several words', () => {
    expect(unitLabel('hour of support', q(3))).toBe('hours of support');
    expect(unitLabel('seat per month', q(3))).toBe('seats per month');
    expect(unitLabel('user/month', q(3))).toBe('users/month');
    expect(unitLabel('page (A4)', q(3))).toBe('pages (A4)');
    expect(unitLabel('lump sum', q(2))).toBe('lump sums');
    expect(unitLabel('man-day', q(2))).toBe('man-days');
    expect(unitLabel('follow-up call', q(2))).toBe('follow-up calls');
    expect(unitLabel('box of 10', q(2))).toBe('boxes of 10');
    expect(unitLabel('hour of support', q(1))).toBe('hour of support');
    expect(unitLabel('users/month', q(1))).toBe('user/month');
  });

  it('is empty for no unit and trims what was typed', () => {
    expect(unitLabel('', q(3))).toBe('');
    expect(unitLabel('   ', q(3))).toBe('');
    expect(unitLabel('  page ', q(3))).toBe('pages');
  });
});
