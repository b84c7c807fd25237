import type { TDocument } from '@draftwell/shared/document/schema';
import { englishI18n } from '@draftwell/shared/i18n/english';
import { consentText, type TAcceptanceCertificate, type TRevisionSnapshot } from '@draftwell/shared/share/revision';
import type { TComment, TSharedProposal } from '@draftwell/shared/share/share-api';
import type { TSharedSigning, TSignatureEvidence } from '@draftwell/shared/share/signing';
import { SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { exportDrawing } from '@/components/signature/signature-canvas';
import { SharePage } from './share-page';
import { ShareLanguageProvider } from '../language/share-language';

// The client's page must not load zod (QUALITY P8): loading it here fails the file.
vi.mock('zod', () => {
  throw new Error('the client page must not load zod');
});

// The machine may be busy with other suites, and role queries over a whole proposal are slow in jsdom.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

// jsdom lays nothing out: scrolling to the certificate is a no-op here.
Element.prototype.scrollIntoView ??= () => undefined;

// jsdom has no canvas: the signature pad's seam that draws and encodes is replaced (as in the
// input's own tests); the input, its checks and the page around it are real.
vi.mock('@/components/signature/signature-canvas', () => ({
  INK: { color: '#1e293b', width: 2.5 },
  sizePad: vi.fn(() => ({})),
  paintPad: vi.fn(),
  exportDrawing: vi.fn(),
  decodeImage: vi.fn(),
}));

const PAD = { left: 10, top: 20, width: 300, height: 150 };
beforeEach(() => {
  vi.mocked(exportDrawing).mockReturnValue(SAMPLE_PNG_DATA_URL);
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    ...PAD,
    x: PAD.left,
    y: PAD.top,
    right: PAD.left + PAD.width,
    bottom: PAD.top + PAD.height,
    toJSON: () => ({}),
  });
});

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

const ONE_SIGNER: TSharedSigning = {
  order: 'parallel',
  emailCode: false,
  methods: ['typed', 'drawn', 'uploaded'],
  you: { id: 's1', name: 'Dana Reyes', email: 'dana@example.com', role: '', signedAt: null },
  signers: [{ name: 'Dana Reyes', role: '', party: 'client', signedAt: null, you: true }],
  yourTurn: true,
  waitingFor: [],
  fixedSelection: null,
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
    acceptance: null,
    sealedPdf: 'none',
    decline: null,
    comments: [],
    signing: ONE_SIGNER,
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
      signedAt: '2027-03-04T14:22:05.000Z',
      ipAddress: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
      consentText: consentText(englishI18n, 'typed'),
      consentHash: 'c'.repeat(64),
      emailProof: 'link',
      mark: { kind: 'typed', text: 'Dana Reyes' },
    },
  ],
};

type TRequest = { method: string; path: string; body: unknown };
type TAnswer = { status: number; body?: unknown; headers?: Record<string, string> } | 'offline';

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
        headers: { 'content-type': 'application/json', ...result.headers },
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
      <ShareLanguageProvider token={token} initial="en">
        <SharePage token={token} />
      </ShareLanguageProvider>
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

/** The sign form, once its signature input (a chunk of its own) is there. */
async function signForm() {
  const form = await screen.findByRole('form', { name: 'Sign the proposal' });
  await within(form).findByRole('group', { name: 'Your signature' });
  return form;
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
    expect(text).toContain(consentText(englishI18n, 'typed'));
    expect(text).toContain('SEO audit');
    expect(text).toContain('$1,900');
    expect(text).toContain('Link emailed to dana@example.com');
    expect(within(certificate).getByRole('button', { name: 'Print' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Sign the proposal' })).toBeNull();
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
    expect(screen.queryByRole('form', { name: 'Sign the proposal' })).toBeNull();
  });
});

describe('SharePage: choosing and accepting', () => {
  it('updates the totals as options are ticked, and signs with consent, the typed name and every choice spelled out', async () => {
    const certificate = {
      ...CERTIFICATE,
      name: 'Dana Q. Reyes',
      signatures: [{ ...CERTIFICATE.signatures[0]!, name: 'Dana Q. Reyes' }],
    };
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
    const form = await signForm();
    const accept = screen.getByRole('region', { name: 'Sign this proposal' });
    // One signer: no list of signers, and signing accepts.
    expect(screen.queryByRole('region', { name: 'Signers' })).toBeNull();
    expect(accept.textContent).toContain('Your signature accepts the proposal.');
    const oneOff = () => accept.querySelector('[data-billing="one_off"] dd')?.textContent;
    expect(oneOff()).toBe('$1,500');

    fireEvent.click(screen.getByRole('checkbox', { name: 'SEO audit' }));
    expect(oneOff()).toBe('$1,900');
    expect(accept.textContent).toContain('SEO audit');

    // The name and the address the link was sent to come filled in; the address cannot be changed.
    const name = within(form).getByLabelText('Full name') as HTMLInputElement;
    expect(name.value).toBe('Dana Reyes');
    const email = within(form).getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('dana@example.com');
    expect(email.readOnly).toBe(true);
    // The signature starts as the name, typed, and follows it.
    expect(within(form).getByRole('tab', { name: 'Type' }).getAttribute('aria-selected')).toBe('true');
    expect((within(form).getByLabelText('Your name as you sign it') as HTMLInputElement).value).toBe('Dana Reyes');

    // Nothing is sent until every field is right; each message stands beside its field.
    fireEvent.change(name, { target: { value: ' ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Type your full name.');
    expect(document.activeElement).toBe(name);
    fireEvent.change(name, { target: { value: 'Dana Q. Reyes' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    const consent = within(form).getByRole('checkbox', { name: /I agree to the statement above/ });
    expect(consent.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Tick the box to agree to the terms of the electronic signature.');
    expect(form.textContent).toContain(consentText(englishI18n, 'typed'));
    expect(requests.filter((r) => r.path.endsWith('/accept'))).toHaveLength(0);

    fireEvent.click(consent);
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    const shown = await screen.findByRole('region', { name: 'Accepted by Dana Q. Reyes' });
    const sent = requests.find((r) => r.path.endsWith('/accept'))!;
    expect(sent.body).toEqual({
      name: 'Dana Q. Reyes',
      email: 'dana@example.com',
      consent: true,
      revisionHash: HASH,
      selection: { seo: { selected: true } },
      mark: { kind: 'typed', text: 'Dana Q. Reyes' },
      // The language the page is read in: the statement is recorded in it.
      language: 'en',
    });
    await waitFor(() => expect(document.activeElement?.id).toBe('certificate-title'));
    expect(shown.textContent).toContain('Revision 1');
    expect(screen.queryByRole('form', { name: 'Sign the proposal' })).toBeNull();
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
    const form = await signForm();
    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Dana Reyes' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    await waitFor(() =>
      expect(form.textContent).toContain(
        'A newer version of this proposal was sent while you were reading. Read it, then accept. The page now shows the newest version.',
      ),
    );
    await screen.findByText(/This is revision 2/);
    expect(requests.filter((r) => r.method === 'GET' && r.path === `/api/share/${token}`)).toHaveLength(2);
  });
});

const ANN = { name: 'Ann First', role: 'CEO', party: 'client', you: false } as const;
const FRANK = { name: 'Frank Finance', role: 'CFO', party: 'client', you: false } as const;
const OLIVIA = { name: 'Olivia Owner', role: '', party: 'owner', you: false } as const;
const SIGNED_AT = '2027-03-04T14:22:05.000Z';

/** Ann, then Frank, in order, and the sender countersigning after them; `you` is the link's signer. */
function inOrder(you: 'ann' | 'frank', more: Partial<TSharedSigning> = {}): TSharedSigning {
  const own = you === 'ann' ? ANN : FRANK;
  return {
    order: 'sequential',
    emailCode: false,
    methods: ['typed', 'drawn', 'uploaded'],
    you: { id: `s-${you}`, name: own.name, email: `${you}@acme.example`, role: own.role, signedAt: null },
    signers: [
      { ...ANN, signedAt: null, you: you === 'ann' },
      { ...FRANK, signedAt: null, you: you === 'frank' },
      { ...OLIVIA, signedAt: null },
    ],
    yourTurn: you === 'ann',
    waitingFor: you === 'ann' ? [] : ['Ann First'],
    fixedSelection: null,
    ...more,
  };
}

/** Ann has signed with her choices: now it is Frank's turn. */
function afterAnn(more: Partial<TSharedSigning> = {}): TSharedSigning {
  const signing = inOrder('frank', { yourTurn: true, waitingFor: [], fixedSelection: { seo: { selected: true } } });
  return {
    ...signing,
    signers: signing.signers.map((s) => (s.name === 'Ann First' ? { ...s, signedAt: SIGNED_AT } : s)),
    ...more,
  };
}

function evidence(over: Partial<TSignatureEvidence> & Pick<TSignatureEvidence, 'name' | 'email'>): TSignatureEvidence {
  return {
    id: over.name,
    position: 1,
    party: 'client',
    role: '',
    signedAt: SIGNED_AT,
    ipAddress: '203.0.113.7',
    userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140',
    consentText: consentText(englishI18n, 'typed'),
    consentHash: 'c'.repeat(64),
    emailProof: 'link',
    mark: { kind: 'typed', text: over.name },
    ...over,
  };
}

const signersList = () => within(screen.getByRole('region', { name: 'Signers' })).getAllByRole('listitem');

describe('SharePage: several signers', () => {
  it('lists the signers in order with the link’s own marked; signing first leaves it waiting for the others (202)', async () => {
    const token = nextToken();
    const signing = inOrder('ann');
    let signed = false;
    const requests = pageApi(shared({ signing }), (request) => {
      if (request.path.endsWith('/accept')) {
        signed = true;
        return {
          status: 202,
          body: {
            complete: false,
            signature: evidence({ name: 'Ann First', email: 'ann@acme.example', role: 'CEO' }),
            awaiting: [
              { name: 'Frank Finance', party: 'client' },
              { name: 'Olivia Owner', party: 'owner' },
            ],
          },
        };
      }
      if (request.method === 'GET' && signed) {
        const now = {
          ...signing,
          you: { ...signing.you, signedAt: SIGNED_AT },
          signers: signing.signers.map((s) => (s.you ? { ...s, signedAt: SIGNED_AT } : s)),
          yourTurn: false,
        };
        return { status: 200, body: shared({ signing: now }) };
      }
      return undefined;
    });
    renderPage(token);
    const form = await signForm();
    const items = signersList();
    expect(items.map((li) => li.textContent)).toEqual([
      '1Ann FirstYouCEOYour turn to sign',
      '2Frank FinanceCFOWaiting for their turn',
      '3Olivia Owner(sender)Countersigns after you',
    ]);
    expect(screen.getByRole('region', { name: 'Signers' }).textContent).toContain('0 of 3 signed · in order');
    // Others are named, never addressed: the only address on the page is the link's own.
    expect(document.body.textContent).not.toMatch(/frank@|olivia@/);

    const sign = screen.getByRole('region', { name: 'Sign this proposal' });
    expect(sign.textContent).toContain(
      'After you sign, the proposal still waits for Frank Finance and Olivia Owner (countersignature).',
    );
    expect((within(form).getByLabelText('Full name') as HTMLInputElement).value).toBe('Ann First');
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('ann@acme.example');
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree to the statement above/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sign' }));

    const title = await screen.findByRole('heading', { name: 'You signed on March 4, 2027' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    const banner = screen.getByRole('region', { name: 'You signed on March 4, 2027' });
    expect(banner.textContent).toContain(
      "Waiting for: Frank Finance, Olivia Owner (countersignature). We'll email you when everyone has signed.",
    );
    expect(within(banner).queryByRole('button', { name: 'Decline' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Sign the proposal' })).toBeNull();
    await waitFor(() => expect(signersList()[0]!.getAttribute('data-signer-state')).toBe('signed'));
    expect(signersList()[0]!.textContent).toMatch(/^Ann FirstYouCEOSigned March 4, 2027/);
    expect(requests.find((r) => r.path.endsWith('/accept'))?.body).toMatchObject({
      name: 'Ann First',
      email: 'ann@acme.example',
      mark: { kind: 'typed', text: 'Ann First' },
    });
    // The page read where the round stands from the server after the signature.
    await waitFor(() =>
      expect(requests.filter((r) => r.method === 'GET' && r.path === `/api/share/${token}`)).toHaveLength(2),
    );
  });

  it('waits for the earlier signer: no form to sign, while reading, the PDF and comments stay', async () => {
    pageApi(shared({ signing: inOrder('frank') }));
    renderPage(nextToken());
    const banner = await screen.findByRole('region', { name: 'Waiting for Ann First to sign first' });
    expect(banner.textContent).toContain("We'll email you when it's your turn.");
    expect(within(banner).getByRole('button', { name: 'Decline' })).toBeTruthy();
    expect(within(banner).queryByRole('link', { name: 'Review and sign' })).toBeNull();
    await screen.findByRole('region', { name: 'Signers' });
    expect(signersList().map((li) => li.textContent)).toEqual([
      '1Ann FirstCEOTheir turn to sign',
      '2Frank FinanceYouCFOWaiting for your turn',
      '3Olivia Owner(sender)Countersigns after you',
    ]);
    expect(screen.queryByRole('form', { name: 'Sign the proposal' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Sign this proposal' })).toBeNull();
    expect(screen.getByRole('link', { name: /PDF/ })).toBeTruthy();
    expect(await screen.findByRole('form', { name: 'Add a comment' })).toBeTruthy();
    expect(document.body.textContent).toContain('Dear Dana Reyes');
  });

  it('shows the first signer’s choices fixed, and signs with them whatever was chosen on this device', async () => {
    localStorage.setItem(
      `draftwell:choices:${SNAPSHOT.proposalId}:${HASH}`,
      JSON.stringify({ seo: { selected: false } }),
    );
    const requests = pageApi(shared({ signing: afterAnn() }), (request) =>
      request.path.endsWith('/accept') ? { status: 500, body: null } : undefined,
    );
    renderPage(nextToken());
    const form = await signForm();
    // The option reads as chosen and cannot be changed.
    expect(screen.queryByRole('checkbox', { name: 'SEO audit' })).toBeNull();
    const seoLine = document.querySelector('[data-line="seo"]')!;
    expect(seoLine.getAttribute('data-included')).toBe('true');
    expect(seoLine.textContent).toContain('Optional · included');
    const sign = screen.getByRole('region', { name: 'Sign this proposal' });
    expect(sign.textContent).toContain('Chosen by the first signer, Ann First.');
    expect(sign.querySelector('[data-billing="one_off"] dd')?.textContent).toBe('$1,900');
    expect(screen.getByRole('region', { name: /^Valid until/ }).textContent).toContain(
      'its options are as the first signer chose them',
    );
    expect(signersList()[0]!.textContent).toMatch(/^Ann FirstCEOSigned March 4, 2027/);
    expect(signersList()[1]!.textContent).toBe('2Frank FinanceYouCFOYour turn to sign');

    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sign' }));
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/accept'))).toBe(true));
    expect(requests.find((r) => r.path.endsWith('/accept'))?.body).toMatchObject({
      selection: { seo: { selected: true } },
    });
    // A failure the server does not explain is said for the whole form.
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBeTruthy());
  });

  it('asks for the emailed code: sends it, says where, takes six digits, shows the server’s refusals at the field, and waits after a 429', async () => {
    const token = nextToken();
    let codeAnswer: TAnswer = {
      status: 201,
      body: { sentTo: 'f***@acme.example', expiresAt: '2027-03-04T14:32:05.000Z' },
    };
    let acceptAnswer: TAnswer = apiError(400, 'invalid', 'That code is not right.', {
      fields: { code: 'That code is not right. Check the latest email we sent, or ask for a new code.' },
    });
    const requests = pageApi(shared({ signing: afterAnn({ emailCode: true }) }), (request) => {
      if (request.path.endsWith('/code')) return codeAnswer;
      if (request.path.endsWith('/accept')) return acceptAnswer;
      return undefined;
    });
    const posted = (suffix: string) => requests.filter((r) => r.method === 'POST' && r.path.endsWith(suffix));
    renderPage(token);
    const form = await signForm();
    const step = within(form).getByRole('group', { name: 'Code from your email' });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));

    // Signing first asks for a code.
    fireEvent.click(within(form).getByRole('button', { name: 'Sign' }));
    const ask = within(step).getByRole('button', { name: 'Email me a code' });
    expect(document.activeElement).toBe(ask);
    expect(step.textContent).toContain('Ask for a code with “Email me a code”');
    expect(posted('/accept')).toHaveLength(0);

    fireEvent.click(ask);
    await within(step).findByText(/We sent a code to/);
    expect(posted('/code')[0]!.path).toBe(`/api/share/${token}/code`);
    expect(within(step).getByRole('status').textContent).toMatch(
      /^We sent a code to f\*\*\*@acme\.example\. It works until /,
    );
    const input = within(step).getByLabelText('6-digit code') as HTMLInputElement;
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');

    // Digits only, six of them.
    fireEvent.change(input, { target: { value: '12a34' } });
    expect(input.value).toBe('1234');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign' }));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Type the 6-digit code from the email.',
    );
    expect(posted('/accept')).toHaveLength(0);

    // A wrong code: the server's message at the field, which takes the focus.
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign' }));
    await waitFor(() =>
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
        'That code is not right. Check the latest email we sent, or ask for a new code.',
      ),
    );
    expect(posted('/accept')[0]!.body).toMatchObject({ code: '123456', email: 'frank@acme.example' });
    expect(document.activeElement).toBe(input);

    // Too many wrong codes (429): said at the field.
    acceptAnswer = apiError(429, 'rate_limited', 'Too many wrong codes. Ask for a new code, then type it.', {
      fields: { code: 'Too many wrong codes: ask for a new one.' },
    });
    fireEvent.change(input, { target: { value: '654321' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Sign' }));
    await waitFor(() =>
      expect(document.getElementById(input.getAttribute('aria-describedby')!)?.textContent).toBe(
        'Too many wrong codes: ask for a new one.',
      ),
    );

    // Too many codes asked for (429 with Retry-After): asking waits.
    codeAnswer = { ...apiError(429, 'rate_limited', 'Too many attempts.'), headers: { 'retry-after': '300' } };
    fireEvent.click(within(step).getByRole('button', { name: 'Send a new code' }));
    await waitFor(() =>
      expect(step.textContent).toContain('You have asked for several codes in a short time. Ask again in 5 minutes.'),
    );
    const again = within(step).getByRole('button', { name: 'Send a new code' });
    expect(again.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(again);
    expect(posted('/code')).toHaveLength(2);
  });

  it('signs with a drawing when the proposal allows only drawing; no drawing is refused before sending', async () => {
    const certificate = {
      ...CERTIFICATE,
      signatures: [
        evidence({
          name: 'Dana Reyes',
          email: 'dana@example.com',
          mark: { kind: 'drawn', image: SAMPLE_PNG_DATA_URL },
        }),
      ],
    };
    let done = false;
    const requests = pageApi(shared({ signing: { ...ONE_SIGNER, methods: ['drawn'] } }), (request) => {
      if (request.path.endsWith('/accept')) {
        done = true;
        return { status: 201, body: certificate };
      }
      return request.method === 'GET' && done
        ? { status: 200, body: shared({ status: 'accepted', acceptance: certificate }) }
        : undefined;
    });
    renderPage(nextToken());
    const form = await signForm();
    // Drawing is the only way: no tabs, no typed name.
    expect(within(form).queryByRole('tab')).toBeNull();
    expect(within(form).queryByLabelText('Your name as you sign it')).toBeNull();
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    expect(form.textContent).toContain('Add your signature above');
    expect(requests.filter((r) => r.path.endsWith('/accept'))).toHaveLength(0);

    const pad = within(form).getByRole('img', { name: /signature pad/i });
    const at = ([x, y]: [number, number]) => ({
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      button: 0,
      clientX: PAD.left + x,
      clientY: PAD.top + y,
    });
    fireEvent.pointerDown(pad, at([20, 100]));
    fireEvent.pointerMove(pad, at([60, 80]));
    fireEvent.pointerMove(pad, at([100, 110]));
    fireEvent.pointerUp(pad, at([100, 110]));
    expect(form.textContent).not.toContain('Add your signature above');
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    const shown = await screen.findByRole('region', { name: 'Accepted by Dana Reyes' });
    expect(requests.find((r) => r.path.endsWith('/accept'))?.body).toMatchObject({
      mark: { kind: 'drawn', image: SAMPLE_PNG_DATA_URL },
    });
    expect(within(shown).getByRole('img', { name: 'Signature of Dana Reyes' }).getAttribute('src')).toBe(
      SAMPLE_PNG_DATA_URL,
    );
  });

  it('shows the server’s refusal of the address and of the way of signing beside their fields', async () => {
    pageApi(shared(), (request) =>
      request.path.endsWith('/accept')
        ? apiError(400, 'invalid', 'Refused.', {
            fields: {
              email: 'This link was sent to d***@example.com: sign with that address, or ask the sender to correct it.',
              mark: 'This proposal can be signed only by drawing your signature.',
            },
          })
        : undefined,
    );
    renderPage(nextToken());
    const form = await signForm();
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    const email = within(form).getByLabelText('Email');
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(email.getAttribute('aria-describedby')!)?.textContent).toBe(
      'This link was sent to d***@example.com: sign with that address, or ask the sender to correct it.',
    );
    expect(within(form).getByRole('group', { name: 'Your signature' }).textContent).toContain(
      'This proposal can be signed only by drawing your signature.',
    );
    expect(document.activeElement).toBe(email);
  });

  it('lists every signature on the certificate in order: who, role, address, time, IP, proof and mark', async () => {
    const acceptance = {
      ...CERTIFICATE,
      name: 'Ann First',
      email: 'ann@acme.example',
      signatures: [
        evidence({ name: 'Ann First', email: 'ann@acme.example', role: 'CEO' }),
        evidence({
          name: 'Frank Finance',
          email: 'frank@acme.example',
          role: 'CFO',
          position: 2,
          signedAt: '2027-03-04T15:00:00.000Z',
          ipAddress: '198.51.100.4',
          emailProof: 'code',
          mark: { kind: 'drawn', image: SAMPLE_PNG_DATA_URL },
        }),
        evidence({
          name: 'Olivia Owner',
          email: 'olivia@example.com',
          party: 'owner',
          position: 3,
          signedAt: '2027-03-04T16:30:00.000Z',
          ipAddress: null,
          userAgent: null,
          emailProof: 'account',
        }),
      ],
    } satisfies TAcceptanceCertificate;
    pageApi(shared({ status: 'accepted', acceptance, signing: inOrder('frank', { yourTurn: false, waitingFor: [] }) }));
    renderPage(nextToken());
    expect(
      await screen.findByRole('heading', { name: /^Accepted by Ann First and Frank Finance on March 4, 2027/ }),
    ).toBeTruthy();
    const certificate = await screen.findByRole('region', { name: 'Accepted by Ann First and Frank Finance' });
    const items = within(within(certificate).getByRole('list', { name: 'Signatures' })).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const [ann, frank, olivia] = items.map((li) => li.textContent ?? '');
    expect(ann).toMatch(/^1\.Ann FirstCEO/);
    expect(ann).toContain('ann@acme.example');
    expect(ann).toContain('March 4, 2027 at 14:22:05 UTC');
    expect(ann).toContain('203.0.113.7');
    expect(ann).toContain('Link emailed to ann@acme.example');
    expect(frank).toMatch(/^2\.Frank FinanceCFO/);
    expect(frank).toContain('March 4, 2027 at 15:00:00 UTC');
    expect(frank).toContain('198.51.100.4');
    expect(frank).toContain('Code emailed to frank@acme.example');
    expect(olivia).toMatch(/^3\.Olivia OwnerSender/);
    expect(olivia).toContain('Signed in to Draftwell as the sender');
    expect(olivia).toContain('IP addressNot recorded');
    // Typed marks in the handwriting font, drawn ones as their image.
    const typed = items[0]!.querySelector('[data-signature-mark="typed"]')!;
    expect(typed.textContent).toBe('Ann First');
    expect(typed.className).toContain("font-[family-name:'Dancing_Script',cursive]");
    expect(within(items[1]!).getByRole('img', { name: 'Signature of Frank Finance' }).getAttribute('src')).toBe(
      SAMPLE_PNG_DATA_URL,
    );
    // Accepted: no signers' strip or form, the certificate says it all.
    expect(screen.queryByRole('region', { name: 'Signers' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Sign the proposal' })).toBeNull();
  });
});

describe('SharePage: choices kept on this device', () => {
  const KEY = `draftwell:choices:${SNAPSHOT.proposalId}:${HASH}`;
  const seo = () => screen.getByRole('checkbox', { name: 'SEO audit' }) as HTMLInputElement;
  const oneOff = () =>
    screen.getByRole('region', { name: 'Sign this proposal' }).querySelector('[data-billing="one_off"] dd')
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
    await signForm();
    fireEvent.click(seo());
    expect(oneOff()).toBe('$1,900');
    first.unmount();

    renderPage(token);
    const form = await signForm();
    expect(seo().checked).toBe(true);
    expect(oneOff()).toBe('$1,900');

    fireEvent.change(within(form).getByLabelText('Full name'), { target: { value: 'Dana Reyes' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: /I agree/ }));
    fireEvent.click(within(form).getByRole('button', { name: 'Sign and accept' }));
    await screen.findByRole('region', { name: 'Accepted by Dana Reyes' });
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('starts a newer revision from the sender’s defaults, and forgets the older one’s choices', async () => {
    localStorage.setItem(KEY, JSON.stringify({ seo: { selected: true } }));
    const revision = { id: 'r2', number: 2, hash: NEWER_HASH, createdAt: '2027-03-03T10:00:00.000Z' };
    pageApi(shared({ revision, revisions: [shared().revision, revision] }));
    renderPage(nextToken());
    await signForm();
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
      await signForm();
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
    // The form is its own chunk; it starts with the link's signer's name.
    const form = await screen.findByRole('form', { name: 'Add a comment' });
    const name = within(form).getByLabelText('Your name') as HTMLInputElement;
    expect(name.value).toBe('Dana Reyes');
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Post comment' }));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(form.textContent).toContain('Write a comment.');
    fireEvent.change(name, { target: { value: 'Dana Reyes' } });
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
