import type { APIRequestContext, Page } from '@playwright/test';
import { expect, type TUser } from '../fixtures';
import { sellingDocument as sampleDocument } from './selling-document';

/** An owner's proposals set up through the API (the screens under test are elsewhere). */

export type TProposal = { id: string; number: string; title: string; version: number; status: string };
export type TMailbox = {
  waitFor(to: string, subject: RegExp): Promise<{ text: string }>;
  linkIn(m: { text: string }): string;
};

export const CLIENT = {
  name: 'Dana Reyes',
  company: 'Reyes Bakery',
  email: 'dana@example.com',
  phone: '',
  address: '',
};

export const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The shared sample proposal (selling-document.ts) with `intro` after "Dear {{client.name}}". */
export const sellingDocument = (intro: string) => sampleDocument({ intro });

export const documentWith = (weeks: string) =>
  sellingDocument(`, we will design and launch your new website in ${weeks} weeks.`);

/** The owner's API calls, with the session of `page` (or of any context). */
export function api(page: { request: APIRequestContext }, baseURL: string) {
  const headers = { origin: new URL(baseURL).origin, 'content-type': 'application/json' };
  return {
    async post<T>(path: string, data?: unknown): Promise<T> {
      const res = await page.request.post(path, { headers, data: data ?? {} });
      expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
      return (await res.json()) as T;
    },
    async patch<T>(path: string, data: unknown): Promise<T> {
      const res = await page.request.patch(path, { headers, data });
      expect(res.status(), `PATCH ${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
    async get<T>(path: string): Promise<T> {
      const res = await page.request.get(path);
      expect(res.status(), `GET ${path}: ${await res.text()}`).toBe(200);
      return (await res.json()) as T;
    },
  };
}

/** A draft with content and a validity; the client's email only when asked. */
export async function draft(page: Page, baseURL: string, title: string, { email = true } = {}): Promise<TProposal> {
  const owner = api(page, baseURL);
  const created = await owner.post<TProposal>('/api/proposals', { title });
  return owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    client: { ...CLIENT, email: email ? CLIENT.email : '' },
    validUntil: inDays(14),
    document: documentWith('six'),
  });
}

export async function sentProposal(page: Page, baseURL: string, title: string) {
  const owner = api(page, baseURL);
  const ready = await draft(page, baseURL, title);
  const sent = await owner.post<TProposal>(`/api/proposals/${ready.id}/send`, { version: ready.version, message: '' });
  const { url } = await owner.get<{ url: string }>(`/api/proposals/${ready.id}/share-link`);
  return { proposal: sent, url, token: new URL(url).pathname.split('/').pop()! };
}

/** A proposal in `language` with the sample document, sent to CLIENT at `email`; the path of its link. */
export async function sentInLanguage(
  owner: ReturnType<typeof api>,
  {
    title,
    language,
    email,
    intro = '',
    signing,
  }: { title: string; language: string; email: string; intro?: string; signing?: Record<string, unknown> },
): Promise<string> {
  const created = await owner.post<TProposal>('/api/proposals', { title });
  const ready = await owner.patch<TProposal>(`/api/proposals/${created.id}`, {
    version: created.version,
    language,
    client: { ...CLIENT, email },
    validUntil: inDays(20),
    document: sellingDocument(intro),
  });
  await owner.post(`/api/proposals/${created.id}/send`, {
    version: ready.version,
    message: '',
    ...(signing ? { signing } : {}),
  });
  const { url } = await owner.get<{ url: string }>(`/api/proposals/${created.id}/share-link`);
  return new URL(url).pathname;
}

/** Confirms a user signed up through the API (in `context`) with the emailed link, as sending needs. */
export async function confirmViaApi(context: { request: APIRequestContext }, mail: TMailbox, email: string) {
  const message = await mail.waitFor(email, /^Confirm your email for Draftwell$/);
  expect((await context.request.get(mail.linkIn(message))).ok()).toBe(true);
}

/** Signs up in the page's context and confirms the email through the emailed link (needed to send). */
export async function confirmedOwner(page: Page, mail: TMailbox, signUpViaApi: (target: Page) => Promise<TUser>) {
  const user = await signUpViaApi(page);
  const message = await mail.waitFor(user.email, /^Confirm your email for Draftwell$/);
  await page.goto(mail.linkIn(message));
  await expect
    .poll(async () => {
      const res = await page.request.get('/api/session');
      return ((await res.json()) as { session: { user: { emailVerified: boolean } } | null }).session?.user
        .emailVerified;
    })
    .toBe(true);
  return user;
}

/**
 * The client page's sign form (and the signers' list) load as the reader comes near them: brings
 * the form into view and waits until it and its signature box are there.
 */
export async function showSignForm(page: Page) {
  const form = page.getByRole('form', { name: 'Sign the proposal' });
  // Scrolled to in one step inside the page. The placeholder is swapped for the section (and its
  // loading state) as soon as it comes near, which may be while a scroll action waits for it to
  // be stable: locator.scrollIntoViewIfNeeded holds on to the element it found first and fails
  // once that is detached. Once near, the section loads.
  await page
    .getByRole('region', { name: 'Sign this proposal' })
    .evaluate((section) => section.scrollIntoView({ block: 'center' }));
  await expect(form.getByRole('group', { name: 'Your signature' })).toBeVisible();
  return form;
}
