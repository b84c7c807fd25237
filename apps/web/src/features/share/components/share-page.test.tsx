import type { TDocument } from '@draftwell/shared/document/schema';
import { CONSENT_TEXT, type TAcceptanceCertificate, type TRevisionSnapshot } from '@draftwell/shared/share/revision';
import type { TComment, TSharedProposal } from '@draftwell/shared/share/share-api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SharePage } from './share-page';

// The client's page must not load zod (QUALITY P8): loading it here fails the file.
vi.mock('zod', () => {
  throw new Error('the client page must not load zod');
});

// The machine may be busy with other suites, and role queries over a whole proposal are slow in jsdom.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom lays nothing out: scrolling to the certificate is a no-op here.
Element.prototype.scrollIntoView ??= () => undefined;

const HASH = 'a'.repeat(64);
const NEWER_HASH = 'b'.repeat(64);

const DOCUMENT: TDocument = {
  version: 1,
  blocks: [
    {
      id: 'intro',
      type: 'rich_text',
      content: {
        type: 'doc',
        content: [
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Dear ' },
              { type: 'variable', attrs: { name: 'client.name' } },
            ],
          },
          { type: 'image', attrs: { src: '/api/files/0b4f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f', alt: 'Mood board' } },
        ],
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
  validUntil: '2099-03-31',
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

function shared(overrides: Partial<TSharedProposal> = {}): TSharedProposal {
  const revision = { id: 'r1', number: 1, hash: HASH, createdAt: '2027-03-01T10:00:00.000Z' };
  return {
    status: 'sent',
    validUntil: '2099-03-31',
    revision,
    snapshot: SNAPSHOT,
    revisions: [revision],
    logoUrl: null,
    showMadeWithFooter: true,
    consentText: CONSENT_TEXT,
    acceptance: null,
    sealedPdf: 'none',
    decline: null,
    comments: [],
    signing: {
      order: 'parallel',
      emailCode: false,
      methods: ['typed', 'drawn', 'uploaded'],
      you: { id: 's1', name: 'Dana Reyes', email: 'dana@example.com', role: '', signedAt: null },
      signers: [{ name: 'Dana Reyes', role: '', party: 'client', signedAt: null, you: true }],
      yourTurn: true,
      waitingFor: [],
      fixedSelection: null,
    },
    ...overrides,
  };
}

const CERTIFICATE: TAcceptanceCertificate = {
  id: 'c1',
  proposalNumber: 'P-2027-0042',
  proposalTitle: 'Website redesign',
  senderName: 'Olivia Owner',
  senderCompany: 'Harbour Studio',
  name: 'Dana Reyes',
  email: 'dana@example.com',
  acceptedAt: '2027-03-04T14:22:05.000Z',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
  revisionNumber: 1,
  revisionHash: HASH,
  consentText: CONSENT_TEXT,
  consentHash: 'c'.repeat(64),
  selection: { seo: { selected: true } },
  totals: { ...TOTALS, one_off: { net: 190_000, discount: 0, tax: 0, total: 190_000 } },
  currency: 'USD',
  signatures: [],
};

type TRequest = { method: string; path: string; body: unknown };
type TAnswer = { status: number; body?: unknown } | 'offline';

/** A fake API for the page: `answer` by request, every request recorded. */
function stubApi(answer: (request: TRequest) => TAnswer) {
  const requests: TRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const raw = init?.body ?? (input instanceof Request ? await input.text() : undefined);
      const request = { method, path: url.pathname, body: typeof raw === 'string' && raw ? JSON.parse(raw) : null };
      requests.push(request);
      const result = answer(request);
      if (result === 'offline') throw new TypeError('Failed to fetch');
      return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
        status: result.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return requests;
}

let tokenCount = 0;
/** A token per test: the page records one visit per token and page load. */
const nextToken = () => `token-${++tokenCount}-${'x'.repeat(30)}`;

function renderPage(token: string, { strict = false } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retryDelay: 0 } } });
  const page = (
    <QueryClientProvider client={queryClient}>
      <SharePage token={token} />
    </QueryClientProvider>
  );
  return render(strict ? <StrictMode>{page}</StrictMode> : page);
}

const views = (requests: TRequest[]) => requests.filter((r) => r.method === 'POST' && r.path.endsWith('/views'));
const apiError = (status: number, code: string, message: string, extra: Record<string, unknown> = {}) => ({
  status,
  body: { error: { code, message, ...extra } },
});

/** The usual answers: the page's data, a visit id, and whatever `more` adds. */
function pageApi(data: TSharedProposal, more: (r: TRequest) => TAnswer | undefined = () => undefined) {
  return stubApi((request) => {
    const extra = more(request);
    if (extra) return extra;
    if (request.method === 'GET') return { status: 200, body: data };
    if (request.path.endsWith('/views')) return { status: 201, body: { viewId: '17' } };
    return { status: 204 };
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
});

describe('SharePage: states', () => {
  it('shows a skeleton while loading, then the proposal with its status, and records one visit', async () => {
    const token = nextToken();
    const requests = pageApi(shared());
    renderPage(token);
    expect(screen.getByRole('status').textContent).toBe('Loading the proposal…');
    expect(await screen.findByRole('heading', { level: 1, name: 'Website redesign' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Valid until March 31, 2099' })).toBeTruthy();
    expect(document.body.textContent).toContain('Dear Dana Reyes');
    expect(document.body.textContent).toContain('Made with Draftwell');
    // Document images are read through the link, not the owner's file route.
    expect(screen.getByRole('img', { name: 'Mood board' }).getAttribute('src')).toBe(
      `/api/share/${token}/files/0b4f3c1e-8d2a-4c5b-9e7f-1a2b3c4d5e6f`,
    );
    expect(screen.getByRole('link', { name: /PDF/ }).getAttribute('href')).toBe(`/api/share/${token}/pdf`);
    await waitFor(() => expect(views(requests)).toHaveLength(1));
    expect(views(requests)[0]!.path).toBe(`/api/share/${token}/views`);
    expect(document.title).toBe('Website redesign — Harbour Studio');
  });

  it('says a link does not exist (404) and does not retry it', async () => {
    const requests = stubApi(() => apiError(404, 'not_found', 'This proposal link does not exist.'));
    renderPage(nextToken());
    expect(await screen.findByRole('heading', { level: 1, name: 'This link does not exist' })).toBeTruthy();
    expect(requests.filter((r) => r.method === 'GET')).toHaveLength(1);
    expect(views(requests)).toHaveLength(0);
  });

  it('says who withdrew a proposal and when (410)', async () => {
    stubApi(() =>
      apiError(410, 'gone', 'Olivia Owner withdrew this proposal.', {
        details: { reason: 'withdrawn', senderName: 'Olivia Owner', at: '2027-03-02T09:00:00.000Z' },
      }),
    );
    renderPage(nextToken());
    expect(await screen.findByRole('heading', { level: 1, name: 'This proposal was withdrawn' })).toBeTruthy();
    expect(document.body.textContent).toContain('Olivia Owner withdrew it on March 2, 2027');
  });

  it('says when an expired proposal could be accepted until, and whom to ask (410)', async () => {
    stubApi(() =>
      apiError(410, 'gone', 'This proposal expired.', {
        details: { reason: 'expired', senderName: 'Olivia Owner', at: '2027-04-01T00:05:00.000Z' },
      }),
    );
    renderPage(nextToken());
    expect(await screen.findByRole('heading', { level: 1, name: 'This proposal has expired' })).toBeTruthy();
    expect(document.body.textContent).toContain('It could be accepted until April 1, 2027.');
    expect(document.body.textContent).toContain('ask Olivia Owner to extend it');
  });

  it('offers Retry when the network fails, and Retry loads the page', async () => {
    let offline = true;
    stubApi((request) =>
      offline
        ? 'offline'
        : request.method === 'GET'
          ? { status: 200, body: shared() }
          : { status: 201, body: { viewId: null } },
    );
    renderPage(nextToken());
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The proposal did not load');
    expect(alert.textContent).toContain('You appear to be offline');
    offline = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Website redesign' })).toBeTruthy();
  });

  it('shows an accepted proposal with its certificate, and no form to accept', async () => {
    pageApi(shared({ status: 'accepted', acceptance: CERTIFICATE }));
    renderPage(nextToken());
    expect(await screen.findByRole('heading', { name: /^Accepted by Dana Reyes on March 4, 2027/ })).toBeTruthy();
    const certificate = await screen.findByRole('region', { name: 'Accepted by Dana Reyes' });
    const text = certificate.textContent ?? '';
    // As the PDF writes it, in the sender's locale (none in this snapshot: en-US).
    expect(text).toContain('March 4, 2027 at 14:22:05 UTC');
    expect(text).toContain('203.0.113.7');
    expect(text).toContain('Mozilla/5.0 (X11; Linux x86_64) Chrome/140');
    expect(text).toContain(HASH);
    expect(text).toContain('c'.repeat(64));
    expect(text).toContain(CONSENT_TEXT);
    expect(text).toContain('SEO audit');
    expect(text).toContain('$1,900');
    expect(within(certificate).getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Accept the proposal' })).toBeNull();
    // The signed PDF is offered only once it is made.
    expect(within(certificate).queryByRole('link', { name: 'Signed PDF' })).toBeNull();
  });

  it('offers the signed PDF once it is sealed, and says so while it is being made', async () => {
    const token = nextToken();
    pageApi(shared({ status: 'accepted', acceptance: CERTIFICATE, sealedPdf: 'ready' }));
    const ready = renderPage(token);
    const certificate = await screen.findByRole('region', { name: 'Accepted by Dana Reyes' });
    expect(within(certificate).getByRole('link', { name: 'Signed PDF' }).getAttribute('href')).toBe(
      `/api/share/${token}/sealed-pdf`,
    );
    ready.unmount();
    pageApi(shared({ status: 'accepted', acceptance: CERTIFICATE, sealedPdf: 'pending' }));
    renderPage(nextToken());
    const pending = await screen.findByRole('region', { name: 'Accepted by Dana Reyes' });
    expect(pending.textContent).toContain('The digitally signed PDF is being made');
    expect(within(pending).queryByRole('link', { name: 'Signed PDF' })).toBeNull();
  });

  it('signs the signature block once accepted: who accepted and when, as the PDF does', async () => {
    const signed = {
      ...SNAPSHOT,
      document: { ...DOCUMENT, blocks: [...DOCUMENT.blocks, { id: 'sig', type: 'signature' as const }] },
    };
    pageApi(shared({ snapshot: signed }));
    const open = renderPage(nextToken());
    const unsigned = await screen.findByRole('region', { name: 'Signatures' });
    expect(unsigned.textContent).not.toContain('Accepted by');
    open.unmount();

    pageApi(shared({ status: 'accepted', acceptance: CERTIFICATE, snapshot: signed }));
    renderPage(nextToken());
    const signatures = await screen.findByRole('region', { name: 'Signatures' });
    const client = signatures.querySelectorAll('[data-signer]')[1]!;
    expect(client.textContent).toContain('Accepted by Dana Reyes');
    expect(client.textContent).toContain('on March 4, 2027 at 14:22:05 UTC');
    expect(client.querySelector('dt:last-of-type + dd')?.textContent).toBe('March 4, 2027');
  });

  it('shows a declined proposal with the reason given', async () => {
    pageApi(shared({ status: 'declined', decline: { at: '2027-03-05T12:00:00.000Z', reason: 'Over our budget.' } }));
    renderPage(nextToken());
    expect(await screen.findByRole('heading', { name: 'Declined on March 5, 2027' })).toBeTruthy();
    expect(document.body.textContent).toContain('Reason given: Over our budget.');
    expect(screen.queryByRole('form', { name: 'Accept the proposal' })).toBeNull();
  });
});

describe('SharePage: choosing and accepting', () => {
  it('updates the totals as options are ticked, and accepts with consent and every choice spelled out', async () => {
    const certificate = { ...CERTIFICATE, name: 'Dana Q. Reyes' };
    let accepted = false;
    const requests = pageApi(shared(), (request) => {
      if (request.path.endsWith('/accept')) {
        accepted = true;
        return { status: 201, body: certificate };
      }
      return request.method === 'GET' && accepted
        ? { status: 200, body: shared({ status: 'accepted', acceptance: certificate }) }
        : undefined;
    });
    renderPage(nextToken());
    const form = await screen.findByRole('form', { name: 'Accept the proposal' });
    const accept = screen.getByRole('region', { name: 'Accept this proposal' });
    const oneOff = () => accept.querySelector('[data-billing="one_off"] dd')?.textContent;
    expect(oneOff()).toBe('$1,500');

    fireEvent.click(screen.getByRole('checkbox', { name: 'SEO audit' }));
    expect(oneOff()).toBe('$1,900');
    expect(accept.textContent).toContain('SEO audit');

    // Nothing is sent until every field is right; each message stands beside its field.
    fireEvent.click(within(form).getByRole('button', { name: 'Accept proposal' }));
    const name = within(form).getByLabelText('Full name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Type your full name.');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Dana Q. Reyes' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Accept proposal' }));
    const consent = within(form).getByRole('checkbox', { name: /I agree to the statement above/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Tick the box to agree to the terms of the electronic signature.');
    expect(form.textContent).toContain(CONSENT_TEXT);
    expect(requests.filter((r) => r.path.endsWith('/accept'))).toHaveLength(0);

    fireEvent.click(consent);
    fireEvent.click(within(form).getByRole('button', { name: 'Accept proposal' }));
    const shown = await screen.findByRole('region', { name: 'Accepted by Dana Q. Reyes' });
    const sent = requests.find((r) => r.path.endsWith('/accept'))!;
    expect(sent.body).toEqual({
      name: 'Dana Q. Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: HASH,
      selection: { seo: { selected: true } },
    });
    await waitFor(() => expect(document.activeElement?.id).toBe('certificate-title'));
    expect(shown.textContent).toContain('Revision 1');
    expect(screen.queryByRole('form', { name: 'Accept the proposal' })).toBeNull();
  });

  it('reloads and says so when a newer revision was sent while reading (409)', async () => {
    let newer = false;
    const token = nextToken();
    const requests = pageApi(shared(), (request) => {
      if (request.path.endsWith('/accept')) {
        newer = true;
        return apiError(
          409,
          'conflict',
          'A newer version of this proposal was sent while you were reading. Read it, then accept.',
          { fields: { revisionHash: 'Not the newest version.' } },
        );
      }
      if (request.method === 'GET' && newer) {
        const revision = { id: 'r2', number: 2, hash: NEWER_HASH, createdAt: '2027-03-03T10:00:00.000Z' };
        return { status: 200, body: shared({ revision, revisions: [shared().revision, revision] }) };
      }
      return undefined;
    });
    renderPage(token);
    const form = await screen.findByRole('form', { name: 'Accept the proposal' });
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Dana Reyes' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Accept proposal' }));
    await waitFor(() =>
      expect(form.textContent).toContain(
        'A newer version of this proposal was sent while you were reading. Read it, then accept. The page now shows the newest version.',
      ),
    );
    await screen.findByText(/This is revision 2/);
    expect(requests.filter((r) => r.method === 'GET' && r.path === `/api/share/${token}`)).toHaveLength(2);
  });
});

describe('SharePage: choices kept on this device', () => {
  const KEY = `draftwell:choices:${SNAPSHOT.proposalId}:${HASH}`;
  const seo = () => screen.getByRole('checkbox', { name: 'SEO audit' }) as HTMLInputElement;
  const oneOff = () =>
    screen.getByRole('region', { name: 'Accept this proposal' }).querySelector('[data-billing="one_off"] dd')
      ?.textContent;

  it('restores the choices after a reload, and forgets them once accepted', async () => {
    let accepted = false;
    const token = nextToken();
    pageApi(shared(), (request) => {
      if (request.path.endsWith('/accept')) {
        accepted = true;
        return { status: 201, body: CERTIFICATE };
      }
      return request.method === 'GET' && accepted
        ? { status: 200, body: shared({ status: 'accepted', acceptance: CERTIFICATE }) }
        : undefined;
    });
    const first = renderPage(token);
    await screen.findByRole('form', { name: 'Accept the proposal' });
    fireEvent.click(seo());
    expect(oneOff()).toBe('$1,900');
    first.unmount();

    renderPage(token);
    const form = await screen.findByRole('form', { name: 'Accept the proposal' });
    expect(seo().checked).toBe(true);
    expect(oneOff()).toBe('$1,900');

    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Dana Reyes' } });
    fireEvent.change(within(form).getByLabelText('Email'), { target: { value: 'dana@example.com' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Accept proposal' }));
    await screen.findByRole('region', { name: 'Accepted by Dana Reyes' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('starts a newer revision from the sender’s defaults, and forgets the older one’s choices', async () => {
    localStorage.setItem(KEY, JSON.stringify({ seo: { selected: true } }));
    const revision = { id: 'r2', number: 2, hash: NEWER_HASH, createdAt: '2027-03-03T10:00:00.000Z' };
    pageApi(shared({ revision, revisions: [shared().revision, revision] }));
    renderPage(nextToken());
    await screen.findByRole('form', { name: 'Accept the proposal' });
    expect(seo().checked).toBe(false);
    expect(oneOff()).toBe('$1,500');
    await waitFor(() => expect(localStorage.getItem(KEY)).toBeNull());
  });

  it.each(['not json', '["seo"]', '{"seo":{"selected":"yes"},"build":{"selected":false}}'])(
    'opens with the sender’s defaults when what is kept is %s',
    async (kept) => {
      localStorage.setItem(KEY, kept);
      pageApi(shared());
      renderPage(nextToken());
      await screen.findByRole('form', { name: 'Accept the proposal' });
      expect(seo().checked).toBe(false);
      expect(oneOff()).toBe('$1,500');
    },
  );
});

describe('SharePage: comments', () => {
  const COMMENT: TComment = {
    id: 'k1',
    author: 'owner',
    authorName: 'Olivia Owner',
    body: 'Happy to answer questions.',
    createdAt: '2027-03-02T08:00:00.000Z',
  };

  it('lists both sides, and posts a comment with errors beside the fields', async () => {
    const requests = pageApi(shared({ comments: [COMMENT] }), (request) =>
      request.path.endsWith('/comments')
        ? {
            status: 201,
            body: {
              id: 'k2',
              author: 'client',
              authorName: 'Dana Reyes',
              body: 'Can we start in March?',
              createdAt: '2027-03-02T09:00:00.000Z',
            },
          }
        : undefined,
    );
    renderPage(nextToken());
    const list = await screen.findByRole('list', { name: 'Comments' });
    expect(list.textContent).toContain('Olivia Owner');
    expect(list.textContent).toContain('Harbour Studio');
    const form = screen.getByRole('form', { name: 'Add a comment' });
    fireEvent.click(within(form).getByRole('button', { name: 'Post comment' }));
    expect(within(form).getByLabelText('Your name').getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Write a comment.');
    fireEvent.change(within(form).getByLabelText('Your name'), { target: { value: 'Dana Reyes' } });
    fireEvent.change(within(form).getByLabelText('Comment'), { target: { value: '  Can we start in March?  ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post comment' }));
    await within(list).findByText('Can we start in March?');
    expect(requests.find((r) => r.path.endsWith('/comments'))?.body).toEqual({
      name: 'Dana Reyes',
      body: 'Can we start in March?',
    });
    expect((within(form).getByLabelText('Comment') as HTMLTextAreaElement).value).toBe('');
  });

  it('says when too many comments were posted (429)', async () => {
    pageApi(shared(), (request) =>
      request.path.endsWith('/comments')
        ? apiError(429, 'rate_limited', 'Too many attempts. Try again in 5 minutes.')
        : undefined,
    );
    renderPage(nextToken());
    const form = await screen.findByRole('form', { name: 'Add a comment' });
    fireEvent.change(within(form).getByLabelText('Your name'), { target: { value: 'Dana Reyes' } });
    fireEvent.change(within(form).getByLabelText('Comment'), { target: { value: 'Hello' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post comment' }));
    await waitFor(() =>
      expect(within(form).getByRole('alert').textContent).toBe(
        'You have posted many comments in a short time. Too many attempts. Try again in 5 minutes.',
      ),
    );
  });
});

describe('SharePage: time on page', () => {
  it('reports the seconds visible while open and with a beacon when hidden', async () => {
    const beacons: { url: string; type: string; body: string }[] = [];
    const sendBeacon = vi.fn((url: string, data: Blob) => {
      void data.text().then((body) => beacons.push({ url, type: data.type, body }));
      return true;
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { sendBeacon }));
    const token = nextToken();
    const requests = pageApi(shared());
    vi.useFakeTimers({ shouldAdvanceTime: true });
    renderPage(token, { strict: true });
    await screen.findByRole('heading', { level: 1, name: 'Website redesign' });
    await waitFor(() => expect(views(requests)).toHaveLength(1));

    await act(async () => {
      await vi.advanceTimersByTimeAsync(15_000);
    });
    const reports = requests.filter((r) => r.path === `/api/share/${token}/views/17`);
    expect(reports.length).toBeGreaterThanOrEqual(1);
    expect((reports.at(-1)!.body as { seconds: number }).seconds).toBeGreaterThanOrEqual(15);

    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
    document.dispatchEvent(new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    await waitFor(() => expect(beacons).toHaveLength(1));
    expect(beacons[0]!.url).toBe(`/api/share/${token}/views/17`);
    expect(beacons[0]!.type).toBe('application/json');
    expect(JSON.parse(beacons[0]!.body).seconds).toBeGreaterThanOrEqual(18);
    // One visit per page load, whatever StrictMode remounts.
    expect(views(requests)).toHaveLength(1);
  });
});
