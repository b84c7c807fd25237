import { englishI18n } from '@draftwell/shared/i18n/english';
import type { TDocument } from '@draftwell/shared/document/schema';
import type { TSharedPayment } from '@draftwell/shared/payments';
import { consentText, type TAcceptanceCertificate, type TRevisionSnapshot } from '@draftwell/shared/share/revision';
import type { TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TSharePageSeed } from '@draftwell/shared/share/share-page';
import type { TSharedSigning } from '@draftwell/shared/share/signing';
import { waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

/*
 * The client's page as the server renders it (share-render.tsx) and as the browser then hydrates
 * it (share-boot.tsx), with the page's modules loaded afresh as a browser loads them, in a time
 * zone far from UTC (decision 0020). In every state the page can be in, React must report no
 * mismatch, keep the server's elements, and only then show what only the browser knows.
 */

// The page must not load zod (QUALITY P8), neither rendered on the server nor hydrated.
vi.mock('zod', () => {
  throw new Error('the client page must not load zod');
});

// UTC+14: 23:30 UTC on March 4 is already 13:30 on March 5 here.
const ZONE = 'Pacific/Kiritimati';
const previousZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = ZONE;
});
afterAll(() => {
  process.env.TZ = previousZone;
});

// What React reports in the browser: a mismatch is a recoverable error, or a console error in development.
const reported: unknown[] = [];
let consoleError: ReturnType<typeof vi.spyOn>;
/** The API the hydrated page calls, by request; it must not be asked for the page's data again. */
let requests: { method: string; path: string }[] = [];

beforeEach(() => {
  reported.length = 0;
  requests = [];
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    // Both renderers run in this one process, so a context provider (the query cache's) is marked
    // by the server's renderer when the browser's renders it: a development warning a server and
    // a browser, each with its own React, never meet.
    if (String(args[0]).startsWith('Detected multiple renderers concurrently rendering')) return;
    reported.push(args);
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      requests.push({ method: (init?.method ?? 'GET').toUpperCase(), path });
      return path.endsWith('/views')
        ? new Response(JSON.stringify({ viewId: '7' }), { status: 201 })
        : new Response(null, { status: 204 });
    }),
  );
  // Not testing-library's act(): the page hydrates on its own, as in a browser.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
});

afterEach(() => {
  consoleError.mockRestore();
  vi.unstubAllGlobals();
  localStorage.clear();
  document.body.innerHTML = '';
});

const HASH = 'a'.repeat(64);
const RENDERED_AT = '2027-03-04T23:30:00.000Z';

const DOCUMENT: TDocument = {
  version: 1,
  blocks: [
    {
      id: 'intro',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Dear client, here is our proposal.' }] }],
      },
    },
    {
      id: 'fees',
      type: 'pricing_table',
      title: 'Fees',
      kind: 'lines',
      lines: [
        {
          id: 'build',
          description: 'Website build',
          quantity: 1000,
          unit: '',
          unitPrice: 150_000,
          discountPercent: 0,
          taxPercent: 0,
          billing: 'one_off',
          optional: false,
          selected: true,
        },
        {
          id: 'seo',
          description: 'SEO audit',
          quantity: 1000,
          unit: '',
          unitPrice: 40_000,
          discountPercent: 0,
          taxPercent: 0,
          billing: 'one_off',
          optional: true,
          selected: false,
        },
      ],
    },
    { id: 'sig', type: 'signature' },
  ],
};

const TOTALS = {
  one_off: { net: 150_000, discount: 0, tax: 0, total: 150_000 },
  monthly: { net: 0, discount: 0, tax: 0, total: 0 },
  yearly: { net: 0, discount: 0, tax: 0, total: 0 },
};

const SNAPSHOT: TRevisionSnapshot = {
  proposalId: 'p1',
  number: 'P-2027-0042',
  title: 'Website redesign',
  client: { name: 'Dana Reyes', company: 'Reyes & Co', email: 'dana@example.com', phone: '', address: '' },
  currency: 'USD',
  validUntil: '2027-03-10',
  document: DOCUMENT,
  totals: TOTALS,
  sender: {
    name: 'Olivia Owner',
    company: 'Harbour Studio',
    jobTitle: '',
    email: 'olivia@example.com',
    phone: '',
    website: '',
    address: '',
    brandColor: '#0f766e',
    logoFileId: null,
  },
  message: '',
  sentAt: '2027-03-01T10:00:00.000Z',
};

const you = { id: 's1', name: 'Dana Reyes', email: 'dana@example.com', role: '', signedAt: null };

const SIGNABLE: TSharedSigning = {
  order: 'parallel',
  emailCode: false,
  methods: ['typed', 'drawn', 'uploaded'],
  you,
  signers: [{ name: 'Dana Reyes', role: '', party: 'client', signedAt: null, you: true }],
  yourTurn: true,
  waitingFor: [],
  fixedSelection: null,
};

/** Two clients in order: Ann first, then the link's own signer. */
const WAITING: TSharedSigning = {
  ...SIGNABLE,
  order: 'sequential',
  signers: [
    { name: 'Ann First', role: 'CEO', party: 'client', signedAt: null, you: false },
    { name: 'Dana Reyes', role: '', party: 'client', signedAt: null, you: true },
  ],
  yourTurn: false,
  waitingFor: ['Ann First'],
};

const SIGNED_AT = '2027-03-04T23:10:00.000Z';

/** The link's signer signed; the sender still countersigns. */
const SIGNED_WAITING: TSharedSigning = {
  ...SIGNABLE,
  order: 'sequential',
  you: { ...you, signedAt: SIGNED_AT },
  signers: [
    { name: 'Dana Reyes', role: '', party: 'client', signedAt: SIGNED_AT, you: true },
    { name: 'Olivia Owner', role: '', party: 'owner', signedAt: null, you: false },
  ],
  yourTurn: false,
  fixedSelection: { seo: { selected: true } },
};

const CERTIFICATE: TAcceptanceCertificate = {
  id: 'c1',
  proposalNumber: 'P-2027-0042',
  proposalTitle: 'Website redesign',
  senderName: 'Olivia Owner',
  senderCompany: 'Harbour Studio',
  name: 'Dana Reyes',
  email: 'dana@example.com',
  acceptedAt: SIGNED_AT,
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  revisionNumber: 1,
  revisionHash: HASH,
  consentText: consentText(englishI18n, 'typed'),
  consentHash: 'c'.repeat(64),
  selection: { seo: { selected: true } },
  totals: { ...TOTALS, one_off: { net: 190_000, discount: 0, tax: 0, total: 190_000 } },
  currency: 'USD',
  signatures: [
    {
      id: 'g1',
      position: 1,
      party: 'client',
      name: 'Dana Reyes',
      email: 'dana@example.com',
      role: '',
      signedAt: SIGNED_AT,
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      consentText: consentText(englishI18n, 'typed'),
      consentHash: 'c'.repeat(64),
      emailProof: 'link',
      mark: { kind: 'typed', text: 'Dana Reyes' },
    },
  ],
};

/** A payment after signing: a deposit of half the one-off total. */
const PAYMENT: TSharedPayment = {
  terms: { oneOff: { kind: 'deposit_percent', basisPoints: 5000 }, firstRecurring: true },
  status: 'requested',
  currency: 'USD',
  quote: {
    currency: 'USD',
    total: 75_000,
    lines: [{ kind: 'deposit', amount: 75_000, of: 150_000, basisPoints: 5000 }],
  },
  amountPaid: null,
  paidAt: null,
  paidVia: null,
  receiptUrl: null,
  refundedAmount: 0,
  failure: null,
  canPay: false,
  unavailable: null,
};

const PAID: TSharedPayment = {
  ...PAYMENT,
  status: 'paid',
  quote: {
    currency: 'USD',
    total: 95_000,
    lines: [{ kind: 'deposit', amount: 95_000, of: 190_000, basisPoints: 5000 }],
  },
  amountPaid: 95_000,
  paidAt: '2027-03-04T23:20:00.000Z',
  paidVia: 'stripe',
};

const COMMENT = {
  id: 'm1',
  author: 'client' as const,
  authorName: 'Dana Reyes',
  body: 'Can the audit start in April?',
  createdAt: '2027-03-04T23:20:00.000Z',
};

function shared(overrides: Partial<TSharedProposal> = {}): TSharedProposal {
  const revision = { id: 'r1', number: 1, hash: HASH, createdAt: '2027-03-01T10:00:00.000Z' };
  return {
    status: 'viewed',
    validUntil: '2027-03-10',
    revision,
    snapshot: SNAPSHOT,
    revisions: [revision],
    logoUrl: null,
    showMadeWithFooter: true,
    acceptance: null,
    sealedPdf: 'none',
    decline: null,
    comments: [COMMENT],
    signing: SIGNABLE,
    ...overrides,
  };
}

const TOKEN = 'T'.repeat(43);
const seedOf = (proposal: TSharedProposal): TSharePageSeed => ({ token: TOKEN, renderedAt: RENDERED_AT, proposal });
const failed = (status: number, code: string, message: string, details?: unknown): TSharePageSeed => ({
  token: TOKEN,
  renderedAt: RENDERED_AT,
  failure: { status, error: { code, message, ...(details ? { details } : {}), requestId: 'r' } },
});

/** Spaces as ICU writes them in times ("1:10\u202fPM"), written plainly to compare. */
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, ' ');

/** The text an HTML string shows, roughly: enough to find a sentence in it. */
const textOf = (html: string) =>
  html
    .replace(/<!--.*?-->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');

/** The server's side: the page's render, as the server's process runs it. */
async function renderOnServer(seed: TSharePageSeed) {
  const { renderSharePage } = await import('./share-render');
  const { html, title } = await renderSharePage(seed);
  return { html: plain(html), title };
}

const roots: { unmount: () => void }[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) root.unmount();
});

/**
 * The browser's side: share.html as the server composes it, then the page's code, loaded afresh,
 * hydrating it. Resolves once hydrated, with the element that held the server's first heading.
 */
async function hydrateInBrowser(seed: TSharePageSeed, html: string) {
  // Off screen, as on a phone: what comes as the reader nears it stays a placeholder. (Not while
  // rendering on the server, where, as in Node, there is no IntersectionObserver.)
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  document.body.innerHTML = `<div id="root">${html}</div>`;
  const container = document.getElementById('root')!;
  const heading = container.querySelector('h1, h2');
  vi.resetModules();
  const { startSharePage } = await import('./share-boot');
  const root = await startSharePage(container, seed, {
    onRecoverableError: (error) => void reported.push(error),
  });
  roots.push(root);
  await waitFor(() => expect(container.querySelector('fieldset')?.disabled).toBe(false));
  // The render after hydration (the reader's clock, kept choices) and its effects.
  await new Promise((resolve) => setTimeout(resolve, 50));
  return { container, heading, text: () => plain(container.textContent ?? '') };
}

const STATES: [string, TSharePageSeed, RegExp][] = [
  ['open and signable', seedOf(shared()), /Valid until March 10, 2027 \(6 days left\)/],
  ['email code asked for', seedOf(shared({ signing: { ...SIGNABLE, emailCode: true } })), /Valid until March 10/],
  ['waiting for another signer’s turn', seedOf(shared({ signing: WAITING })), /Waiting for Ann First to sign first/],
  [
    'signed, waiting for the others',
    seedOf(shared({ signing: SIGNED_WAITING })),
    /You signed on March 4, 2027.*Waiting for: Olivia Owner \(countersignature\)/,
  ],
  [
    'a second revision',
    seedOf(
      shared({
        revision: { id: 'r2', number: 2, hash: 'b'.repeat(64), createdAt: '2027-03-03T10:00:00.000Z' },
        revisions: [
          { id: 'r1', number: 1, hash: HASH, createdAt: '2027-03-01T10:00:00.000Z' },
          { id: 'r2', number: 2, hash: 'b'.repeat(64), createdAt: '2027-03-03T10:00:00.000Z' },
        ],
      }),
    ),
    /This is revision 2, sent March 3, 2027/,
  ],
  [
    'accepted, with the certificate',
    seedOf(shared({ status: 'accepted', acceptance: CERTIFICATE, sealedPdf: 'ready' })),
    /Accepted by Dana Reyes on March 4, 2027.*Certificate of acceptance.*Your time: March 4, 2027 at 11:10 PM/,
  ],
  [
    'open, with a payment after signing',
    seedOf(shared({ payment: PAYMENT })),
    /Payment after signing.*asks you to pay \$750 online/,
  ],
  [
    'accepted and paid',
    seedOf(shared({ status: 'accepted', acceptance: CERTIFICATE, payment: PAID })),
    /You paid \$950 on March 4, 2027\. Thank you!/,
  ],
  [
    'declined',
    seedOf(shared({ status: 'declined', decline: { at: SIGNED_AT, reason: 'Over our budget.' } })),
    /Declined on March 4, 2027.*Over our budget/,
  ],
  [
    'withdrawn',
    failed(410, 'gone', 'Olivia Owner withdrew this proposal.', {
      reason: 'withdrawn',
      senderName: 'Olivia Owner',
      at: SIGNED_AT,
    }),
    /This proposal was withdrawn.*Olivia Owner withdrew it on March 4, 2027/,
  ],
  [
    'expired',
    failed(410, 'gone', 'This proposal expired.', { reason: 'expired', senderName: 'Olivia Owner', at: SIGNED_AT }),
    /This proposal has expired.*It could be accepted until March 4, 2027/,
  ],
  [
    'an unknown or revoked link',
    failed(404, 'not_found', 'This proposal link does not exist.'),
    /This link does not exist/,
  ],
  ['too many requests', failed(429, 'rate_limited', 'Too many requests.'), /The proposal did not load.*Retry/],
];

describe('the client’s page rendered on the server, then hydrated', () => {
  it.each(STATES)(
    '%s: renders the state, then hydrates without a mismatch, keeping the server’s elements',
    async (_, seed, shows) => {
      const { html, title } = await renderOnServer(seed);
      expect(textOf(html)).toMatch(shows);
      expect(title).toBe('proposal' in seed ? 'Website redesign — Harbour Studio' : 'Proposal unavailable');
      // Nothing left to the browser, nothing outlined (an inline script the CSP would block).
      expect(html).not.toMatch(/<script|<template|<!--\$!-->/);
      if ('proposal' in seed) {
        // What comes as the reader nears it is its placeholder on the server.
        expect(html).not.toContain('Sign the proposal');
        expect(html).not.toContain('aria-label="Your signature"');
      }

      const { container, heading } = await hydrateInBrowser(seed, html);
      expect(reported).toEqual([]);
      expect(container.querySelector('h1, h2')).toBe(heading);
      // The page's data came with it: the browser only records the visit.
      expect(requests.filter((r) => r.method === 'GET')).toEqual([]);
      if ('proposal' in seed) expect(requests).toEqual([{ method: 'POST', path: `/api/share/${TOKEN}/views` }]);
    },
  );

  it('writes local dates in UTC until hydrated, then in the reader’s zone and by their calendar', async () => {
    const seed = seedOf(shared({ status: 'accepted', acceptance: CERTIFICATE }));
    const { html } = await renderOnServer(seed);
    expect(html).toContain('Accepted by Dana Reyes on March 4, 2027');
    expect(html).toContain('Your time: March 4, 2027 at 11:10 PM');
    expect(html).toContain('March 4, 2027 at 11:20 PM');

    const page = await hydrateInBrowser(seed, html);
    // The render after hydration is a transition too: on a busy machine it may take a while.
    await waitFor(() => expect(page.text()).toContain('Your time: March 5, 2027 at 1:10 PM'));
    expect(reported).toEqual([]);
    const text = page.text();
    expect(text).toContain('Accepted by Dana Reyes on March 5, 2027');
    expect(text).toContain('March 5, 2027 at 1:20 PM');
    // The evidence stays in UTC, as the PDF writes it.
    expect(text).toContain('March 4, 2027 at 23:10:00 UTC');

    // Days left: from the server's clock in UTC (6), then from the reader's calendar, already March 5.
    const open = seedOf(shared());
    const rendered = await renderOnServer(open);
    expect(rendered.html).toContain('Valid until March 10, 2027 (6 days left)');
    vi.useFakeTimers({ now: new Date(RENDERED_AT), toFake: ['Date'] });
    try {
      const page = await hydrateInBrowser(open, rendered.html);
      await waitFor(() => expect(page.text()).toContain('Valid until March 10, 2027 (5 days left)'));
      expect(reported).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the sender’s choices until hydrated, then those kept on this device, and what they will cost', async () => {
    const seed = seedOf(shared({ payment: PAYMENT }));
    const { html } = await renderOnServer(seed);
    expect(html).toContain('$1,500');
    expect(html).not.toContain('$1,900');
    localStorage.setItem(`draftwell:choices:p1:${HASH}`, JSON.stringify({ seo: { selected: true } }));

    const { container } = await hydrateInBrowser(seed, html);
    await waitFor(() => expect(container.textContent).toContain('$1,900'));
    expect(reported).toEqual([]);
    expect(container.textContent).toContain('asks you to pay $950 online');
    expect(container.querySelector<HTMLInputElement>('input[type="checkbox"]')?.checked).toBe(true);
  });

  it('holds every control back until hydrated, then lets it be used', async () => {
    const seed = seedOf(shared());
    const { html } = await renderOnServer(seed);
    expect(html).toMatch(/<main[^>]*><fieldset disabled="" class="min-w-0">/);
    expect(html).toContain('aria-label="Switch to the dark theme" aria-disabled="true"');

    const { container } = await hydrateInBrowser(seed, html);
    expect(container.querySelector('fieldset')?.disabled).toBe(false);
    expect(container.querySelector('[aria-label="Switch to the dark theme"]')?.hasAttribute('aria-disabled')).toBe(
      false,
    );
  });
});
