import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import type { TCapturedMail } from './support/mime';

export { expect };

export type TUser = { name: string; email: string; password: string };

/** A user nobody else in the run has: the suite runs in parallel against one database. */
export function newUser(label = 'user'): TUser {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  return {
    name: `E2E ${label} ${id.slice(-6)}`,
    email: `${label}-${id}@e2e.draftwell.test`,
    password: `quiet harbour ${id} lantern`,
  };
}

/** The seven public screens and their h1, and the five protected ones and their page title. */
export const PUBLIC_SCREENS = ['/', '/auth', '/pricing', '/about', '/contact', '/privacy', '/404'] as const;
export const PROTECTED_SCREENS = [
  { path: '/dashboard', title: 'Dashboard' },
  { path: '/edit-draft/abc', title: 'Edit draft' },
  { path: '/templates', title: 'Templates' },
  { path: '/profile', title: 'Profile' },
  { path: '/proposals/xyz', title: 'Proposal' },
] as const;

type TRequester = Page | BrowserContext | APIRequestContext;

function requestOf(target: TRequester): APIRequestContext {
  // page.request and context.request share the browser context's cookie jar: a session cookie
  // they receive is the browser's too.
  return 'post' in target ? target : target.request;
}

/** A failed check of the session on a protected route logs this on purpose (S9). */
export const SESSION_CHECK_FAILED = /^Session check failed/;
/** Chromium's own console line for a 4xx answer from `path`: a refusal the test provokes. */
export function refusedRequest(path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(
    `^Failed to load resource: the server responded with a status of 4\\d\\d .*\\[https?://[^/]+${escaped}\\]$`,
  );
}

type TConsoleGuard = {
  /** Console errors matching this are expected in the current test. */
  allow(pattern: RegExp): void;
  /** Watch one more context (one the test created itself), before it opens a page. */
  watch(context: BrowserContext): Promise<void>;
  /** Every console error seen so far, allowed or not. */
  readonly errors: string[];
};

type TMailbox = {
  /** The newest message to `to` whose subject matches, once it has arrived. */
  waitFor(to: string, subject: RegExp): Promise<TCapturedMail>;
  /** The first link in the message's text that points at the app. */
  linkIn(message: TCapturedMail): string;
};

type TFixtures = {
  consoleGuard: TConsoleGuard;
  mail: TMailbox;
  signUpViaApi: (target: TRequester, user?: TUser) => Promise<TUser>;
  signInViaApi: (target: TRequester, user: Pick<TUser, 'email' | 'password'>) => Promise<void>;
  signInViaUi: (page: Page, user: Pick<TUser, 'email' | 'password'>) => Promise<void>;
  /** A fresh context (own cookies and storage), with these options, watched and closed for you. */
  newContext: (options?: BrowserContextOptions) => Promise<BrowserContext>;
};

const mailBase = () => `http://127.0.0.1:${process.env.E2E_MAIL_PORT}`;

export const test = base.extend<TFixtures>({
  consoleGuard: [
    async ({ context }, use, testInfo) => {
      const errors: string[] = [];
      const allowed: RegExp[] = [];
      const watched = new Set<BrowserContext>();
      const onConsole = (msg: ConsoleMessage) => {
        if (msg.type() !== 'error') return;
        const where = msg.location().url;
        errors.push(where ? `${msg.text()} [${where}]` : msg.text());
      };
      const watch = async (ctx: BrowserContext) => {
        if (watched.has(ctx)) return;
        watched.add(ctx);
        ctx.on('console', onConsole);
        ctx.on('weberror', (e) => errors.push(`Uncaught: ${e.error().message}`));
        // A CSP violation is an error even when the page caught what was blocked (zod's probe of
        // `new Function` is caught, and Chromium does not always log it): every one is reported.
        await ctx.addInitScript(() => {
          document.addEventListener(
            'securitypolicyviolation',
            (e) => console.error(`CSP violation: ${e.effectiveDirective} blocked ${e.blockedURI || 'inline'}`),
            true,
          );
        });
      };
      await watch(context);
      await use({ allow: (p) => void allowed.push(p), watch, errors });
      const unexpected = errors.filter((e) => !allowed.some((p) => p.test(e)));
      if (testInfo.status === testInfo.expectedStatus) {
        expect(unexpected, 'console errors the test did not expect').toEqual([]);
      }
    },
    { auto: true },
  ],

  mail: async ({ baseURL }, use) => {
    await use({
      async waitFor(to, subject) {
        let found: TCapturedMail | undefined;
        await expect
          .poll(
            async () => {
              const res = await fetch(`${mailBase()}/messages?to=${encodeURIComponent(to)}`);
              const list = (await res.json()) as TCapturedMail[];
              found = list.filter((m) => subject.test(m.subject)).at(-1);
              return found?.subject;
            },
            { message: `a mail to ${to} with a subject matching ${subject}`, timeout: 15_000 },
          )
          .toMatch(subject);
        return found!;
      },
      linkIn(message) {
        const origin = new URL(baseURL!).origin;
        const link = message.text.match(/https?:\/\/\S+/g)?.find((u) => u.startsWith(origin));
        if (!link) throw new Error(`no link to ${origin} in the mail "${message.subject}":\n${message.text}`);
        return link;
      },
    });
  },

  signUpViaApi: async ({ baseURL }, use) => {
    const origin = new URL(baseURL!).origin;
    await use(async (target, user = newUser()) => {
      const res = await requestOf(target).post('/api/auth/sign-up/email', {
        headers: { origin, 'content-type': 'application/json' },
        data: user,
      });
      expect(res.status(), `sign-up of ${user.email}: ${await res.text()}`).toBe(200);
      return user;
    });
  },

  signInViaApi: async ({ baseURL }, use) => {
    const origin = new URL(baseURL!).origin;
    await use(async (target, user) => {
      const res = await requestOf(target).post('/api/auth/sign-in/email', {
        headers: { origin, 'content-type': 'application/json' },
        data: { email: user.email, password: user.password },
      });
      expect(res.status(), `sign-in of ${user.email}: ${await res.text()}`).toBe(200);
    });
  },

  signInViaUi: async ({}, use) => {
    await use(async (page, user) => {
      await page.goto('/auth?tab=sign-in');
      const form = page.getByRole('form', { name: 'Sign in' });
      await form.getByLabel('Email').fill(user.email);
      await form.getByLabel('Password').fill(user.password);
      await form.getByRole('button', { name: 'Sign in' }).click();
      await expect(page).toHaveURL('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    });
  },

  newContext: async ({ browser, consoleGuard }, use) => {
    const made: BrowserContext[] = [];
    await use(async (options) => {
      const ctx = await (browser as Browser).newContext(options);
      made.push(ctx);
      await consoleGuard.watch(ctx);
      return ctx;
    });
    await Promise.all(made.map((c) => c.close()));
  },
});

/** Fails on any axe violation of serious or critical impact, listing each readably. */
export async function expectNoAxeViolations(page: Page, label = page.url()) {
  // Colours caught mid-transition (a toast fading in while another slides behind it) are not the
  // page's colours: finite animations and transitions end first. Endless ones (spinners) go on.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
  // One that starts while axe runs (a toast's time is up and it fades out) ends at once: axe reads
  // the colours it settles on. A constructed style sheet, which the page's CSP allows.
  await page.evaluate(() => {
    const still = new CSSStyleSheet();
    still.replaceSync(
      '*, *::before, *::after { transition-duration: 0s !important; transition-delay: 0s !important; animation-duration: 0s !important; animation-delay: 0s !important; }',
    );
    (window as { axeStill?: CSSStyleSheet }).axeStill = still;
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
  });
  const results = await new AxeBuilder({ page }).analyze();
  await page.evaluate(() => {
    const still = (window as { axeStill?: CSSStyleSheet }).axeStill;
    document.adoptedStyleSheets = document.adoptedStyleSheets.filter((sheet) => sheet !== still);
  });
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map((v) =>
    [
      `${v.id} (${v.impact}): ${v.help}`,
      ...v.nodes.map(
        (n) => `    at ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
      ),
      `    ${v.helpUrl}`,
    ].join('\n'),
  );
  expect(report, `serious or critical accessibility violations on ${label}`).toEqual([]);
}

/**
 * The app's toasts (sonner, and the public pages' own): a list in the "Notifications" region. A
 * toast that was closed stays
 * in the list, marked `data-removed`, while it animates out (200 ms, longer on a busy machine), so
 * it is left out: otherwise a second toast with the same title (delete, Undo, delete again) makes
 * two matches.
 */
export function toast(page: Page, title: string | RegExp) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByRole('listitem')
    .and(page.locator(':not([data-removed="true"])'))
    .filter({ hasText: title });
}
