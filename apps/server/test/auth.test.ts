import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../src/db/schema';
import type { TMailer } from '../src/mail/mailer';
import {
  backends,
  nextIp,
  signUp,
  startMailSink,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type TMailSink,
  type TTestServer,
} from './helpers';

const COOKIE = 'draftwell.session_token';

/** The one Set-Cookie line that carries the session token. */
function sessionSetCookie(setCookies: string[], name = COOKIE): string {
  const line = setCookies.find((l) => l.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie in: ${setCookies.join(' | ')}`);
  return line;
}

const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim().toLowerCase());

describe.each(backends())('auth (%s)', (backend) => {
  let server: TTestServer;
  let mail: TMailSink;

  beforeAll(async () => {
    mail = await startMailSink();
    // Behind a trusted proxy each test is its own client address, so better-auth's per-IP
    // limits (5 sign-ups a minute) never mix tests up. rate-limit.test.ts covers the limits.
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  it('sign-up sets the session cookie and /api/session returns {session:{user,expiresAt}}', async () => {
    const email = uniqueEmail('signup');
    const { client, user } = await signUp(server, { name: 'Ada Lovelace', email });
    expect(client.jar.get(COOKIE)).toBeTruthy();
    const session = await client.session();
    expect(session).toEqual({
      user: { id: user.id, name: 'Ada Lovelace', email, emailVerified: false, appLanguage: null },
      expiresAt: expect.any(String),
    });
    const expires = new Date(session!.expiresAt).getTime();
    expect(expires).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(expires).toBeLessThan(Date.now() + 31 * 24 * 3600 * 1000);
    // Anyone else: no session.
    expect(await server.client().session()).toBeNull();
  });

  it('A9 the sign-up and sign-in JSON bodies do not contain the session token', async () => {
    const { client, email, res } = await signUp(server);
    const token = decodeURIComponent(client.jar.get(COOKIE)!).split('.')[0]!;
    expect(token.length).toBeGreaterThanOrEqual(20);
    expect(res.body).not.toHaveProperty('token');
    expect(res.text).not.toContain(token);

    const again = server.client({ ip: nextIp() });
    const signIn = await again.signIn(email, STRONG_PASSWORD);
    expect(signIn.status).toBe(200);
    const token2 = decodeURIComponent(again.jar.get(COOKIE)!).split('.')[0]!;
    expect(signIn.body).not.toHaveProperty('token');
    expect(signIn.text).not.toContain(token2);
    expect(signIn.body.user.email).toBe(email);
  });

  it('the verification email arrives and its link verifies the address', async () => {
    const email = uniqueEmail('verify');
    const { client } = await signUp(server, { email });
    expect((await client.session())!.user.emailVerified).toBe(false);
    const message = await mail.waitForMail(email, /confirm your email/i);
    const link = message.links.find((l) => l.includes('/api/auth/verify-email'));
    expect(link, message.text).toBeTruthy();
    expect(new URL(link!).origin).toBe(server.env.baseUrl);
    // Clicking a link in an email is a top-level navigation: a GET without Origin.
    const res = await client.get(new URL(link!).pathname + new URL(link!).search, { origin: null });
    expect([200, 302]).toContain(res.status);
    expect((await client.session())!.user.emailVerified).toBe(true);
    // Replaying the link (it stays in the mailbox) must not sign anyone else in.
    const stranger = server.client({ ip: nextIp() });
    const replay = await stranger.get(new URL(link!).pathname + new URL(link!).search, { origin: null });
    expect(replay.status).toBeLessThan(500);
    expect(replay.headers.getSetCookie().filter((l) => l.startsWith(`${COOKIE}=`))).toEqual([]);
    expect(await stranger.session()).toBeNull();
  });

  it('A9 session cookie is HttpOnly SameSite=Lax Path=/ and not Secure over http', async () => {
    const client = server.client({ ip: nextIp() });
    const res = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Cookie', email: uniqueEmail('cookie'), password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(200);
    const all = res.headers.getSetCookie();
    const attrs = attributes(sessionSetCookie(all));
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=lax');
    expect(attrs).toContain('path=/');
    expect(attrs).not.toContain('secure');
    // No cookie at all is readable by script.
    for (const line of all) expect(attributes(line), line).toContain('httponly');
  });

  it('A10 sign-out, then replaying the old cookie: no session, 401 on protected endpoints', async () => {
    const { client, password } = await signUp(server);
    const stolen = client.clone();
    expect(await stolen.session()).not.toBeNull();
    const out = await client.post('/api/auth/sign-out');
    expect(out.status).toBe(200);
    expect(client.jar.has(COOKIE)).toBe(false);

    expect(await stolen.session()).toBeNull();
    const getSession = await stolen.get('/api/auth/get-session');
    expect(getSession.status).toBe(200);
    expect(getSession.body).toBeNull();
    expect((await stolen.get('/api/auth/list-sessions')).status).toBe(401);
    const change = await stolen.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword: 'another-long-passphrase-7',
    });
    expect(change.status).toBe(401);
  });

  it('A10 password reset through the emailed link sets the new password and revokes every other session', async () => {
    const { client: laptop, email, password } = await signUp(server);
    const phone = server.client({ ip: nextIp() });
    expect((await phone.signIn(email, password)).status).toBe(200);
    expect(await phone.session()).not.toBeNull();

    const anonymous = server.client({ ip: nextIp() });
    const ask = await anonymous.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    expect(ask.status).toBe(200);
    const message = await mail.waitForMail(email, /reset your draftwell password/i);
    const link = message.links.find((l) => l.includes('/api/auth/reset-password/'));
    expect(link, message.text).toBeTruthy();

    const follow = await anonymous.get(new URL(link!).pathname + new URL(link!).search, { origin: null });
    expect(follow.status).toBe(302);
    const landing = new URL(follow.headers.get('location')!, server.env.baseUrl);
    expect(landing.origin).toBe(server.env.baseUrl);
    expect(landing.pathname).toBe('/reset-password');
    const token = landing.searchParams.get('token');
    expect(token).toBeTruthy();

    const newPassword = 'granite-lantern-meadow-42';
    const reset = await anonymous.post('/api/auth/reset-password', { newPassword, token });
    expect(reset.status).toBe(200);

    expect(await laptop.session()).toBeNull();
    expect(await phone.session()).toBeNull();
    const viaOld = await server.client({ ip: nextIp() }).signIn(email, password);
    expect(viaOld.status).toBe(401);
    const viaNew = await server.client({ ip: nextIp() }).signIn(email, newPassword);
    expect(viaNew.status).toBe(200);
    // The token is spent.
    const again = await anonymous.post('/api/auth/reset-password', { newPassword: 'yet-another-passphrase-9', token });
    expect(again.status).toBe(400);
  });

  it('A8 a password reset with a foreign redirectTo is refused and sends no mail', async () => {
    const { email } = await signUp(server);
    // The refusal may be logged (better-auth reports refused requests as warnings).
    const { result: res } = await server.withErrorLogs(() =>
      server.client({ ip: nextIp() }).post('/api/auth/request-password-reset', {
        email,
        redirectTo: 'https://evil.example/steal',
      }),
    );
    expect(res.status).toBe(403);
    expect(res.text).not.toContain('evil.example');
    // The verification mail from sign-up arrives; a reset mail must not.
    await mail.waitForMail(email, /confirm your email/i);
    expect(mail.messages.filter((m) => m.to.includes(email) && /reset/i.test(m.subject))).toEqual([]);
  });

  it('A8 a reset or verification link edited to a foreign callbackURL does not redirect there', async () => {
    const { email } = await signUp(server);
    const client = server.client({ ip: nextIp() });
    expect(
      (await client.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' })).status,
    ).toBe(200);
    const reset = new URL(
      (await mail.waitForMail(email, /reset your draftwell password/i)).links.find((l) =>
        l.includes('/reset-password/'),
      )!,
    );
    const verify = new URL(
      (await mail.waitForMail(email, /confirm your email/i)).links.find((l) => l.includes('/verify-email'))!,
    );
    for (const link of [reset, verify]) {
      for (const evil of ['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)']) {
        link.searchParams.set('callbackURL', evil);
        const { result: res } = await server.withErrorLogs(() =>
          client.get(link.pathname + link.search, { origin: null }),
        );
        expect(res.status, `${link.pathname} -> ${evil}`).toBeLessThan(500);
        const location = res.headers.get('location');
        if (location)
          expect(new URL(location, server.env.baseUrl).origin, `${link.pathname} -> ${evil}`).toBe(server.env.baseUrl);
      }
    }
  });

  it('A10 change-password with revokeOtherSessions keeps this session and signs every other one out', async () => {
    const { client: laptop, email, password } = await signUp(server);
    const phone = server.client({ ip: nextIp() });
    expect((await phone.signIn(email, password)).status).toBe(200);

    const newPassword = 'copper-kettle-orchard-88';
    const res = await laptop.post('/api/auth/change-password', {
      currentPassword: password,
      newPassword,
      revokeOtherSessions: true,
    });
    expect(res.status).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    expect(await laptop.session()).not.toBeNull();
    expect(await phone.session()).toBeNull();
    expect((await server.client({ ip: nextIp() }).signIn(email, password)).status).toBe(401);
    expect((await server.client({ ip: nextIp() }).signIn(email, newPassword)).status).toBe(200);
  });

  it('A10 change-password refuses a wrong current password and changes nothing', async () => {
    const { client, email, password } = await signUp(server);
    const res = await client.post('/api/auth/change-password', {
      currentPassword: 'not-my-password-1',
      newPassword: 'copper-kettle-orchard-88',
    });
    expect(res.status).toBe(400);
    expect((await server.client({ ip: nextIp() }).signIn(email, password)).status).toBe(200);
  });

  it('A12 forgot-password answers the same status and body for a known and an unknown email', async () => {
    const { email } = await signUp(server);
    const known = await server
      .client({ ip: nextIp() })
      .post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });
    const unknown = await server
      .client({ ip: nextIp() })
      .post('/api/auth/request-password-reset', { email: uniqueEmail('nobody'), redirectTo: '/reset-password' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    // The known one did get a mail: the identical answer is not because nothing happened.
    await mail.waitForMail(email, /reset your draftwell password/i);
  });

  it('A9 get-session and list-sessions do not hand the session token to page script', async () => {
    const { client, user } = await signUp(server);
    const token = decodeURIComponent(client.jar.get(COOKIE)!).split('.')[0]!;
    expect(token.length).toBeGreaterThanOrEqual(20);

    const current = await client.get('/api/auth/get-session');
    expect(current.status).toBe(200);
    expect(current.body.user.id).toBe(user.id);
    expect(current.body.session.userId).toBe(user.id);
    expect(current.body.session).not.toHaveProperty('token');
    expect(current.text).not.toContain(token);

    const list = await client.get('/api/auth/list-sessions');
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0].userId).toBe(user.id);
    expect(list.body[0]).not.toHaveProperty('token');
    expect(list.text).not.toContain(token);
  });

  it('A12 sign-in with a wrong password and with an unknown email: same status and body', async () => {
    const { email } = await signUp(server);
    const wrong = await server.client({ ip: nextIp() }).signIn(email, 'not-the-password-1');
    const unknown = await server.client({ ip: nextIp() }).signIn(uniqueEmail('nobody'), 'not-the-password-1');
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(wrong.status);
    expect(unknown.text).toBe(wrong.text);
    expect(wrong.body.message).toBeTruthy();
  });

  describe('A13 password rules on sign-up', () => {
    const attempt = (password: string) =>
      server
        .client({ ip: nextIp() })
        .post('/api/auth/sign-up/email', { name: 'P', email: uniqueEmail('pw'), password });

    it('A13 7 characters: rejected with a message', async () => {
      const res = await attempt('Zq7!xkp');
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/at least 8/i);
    });

    it('A13 64 characters: accepted', async () => {
      const password = 'Tangerine-Quartz-Harbor-'.padEnd(64, 'x7');
      expect(password).toHaveLength(64);
      const res = await attempt(password);
      expect(res.status).toBe(200);
    });

    it('A13 200 characters: rejected with a message', async () => {
      const res = await attempt('q'.repeat(100) + 'Z9'.repeat(50));
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/at most 128/i);
    });

    it('A13 a top-1000 common password (password123): rejected with code WEAK_PASSWORD and a message', async () => {
      const res = await attempt('password123');
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('WEAK_PASSWORD');
      expect(res.body.message).toMatch(/common/i);
    });

    it('A13 the same rules apply to a new password in change-password', async () => {
      const { client, password } = await signUp(server);
      const res = await client.post('/api/auth/change-password', {
        currentPassword: password,
        newPassword: 'password123',
      });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('WEAK_PASSWORD');
    });
  });

  it('A2 sign-up ignores a client-supplied emailVerified (mass assignment)', async () => {
    const client = server.client({ ip: nextIp() });
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email: uniqueEmail('sneaky'),
      password: STRONG_PASSWORD,
      emailVerified: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.user.emailVerified).toBe(false);
    expect((await client.session())!.user.emailVerified).toBe(false);
  });

  it('A2 sign-up refuses a client-supplied image (we keep no profile image; it could be a javascript: URL)', async () => {
    const client = server.client({ ip: nextIp() });
    const res = await client.post('/api/auth/sign-up/email', {
      name: 'Sneaky',
      email: uniqueEmail('image'),
      password: STRONG_PASSWORD,
      image: 'javascript:alert(1)',
    });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toEqual({ image: 'Unknown field: image.' });
    expect(await client.session()).toBeNull();
  });

  it('delete-user without a password is refused, even for a brand-new session', async () => {
    const { client } = await signUp(server);
    for (const body of [{}, { password: '' }, { password: 42 }, { password: null }]) {
      const res = await client.post('/api/auth/delete-user', body);
      expect(res.status).toBe(400);
      expect(res.body.error.fields.password).toBe('Enter your password to confirm.');
    }
    expect(await client.session()).not.toBeNull();
  });

  it('delete-user with the password removes the user; signing in fails afterwards', async () => {
    const { client, email, password, user } = await signUp(server);
    const wrong = await client.post('/api/auth/delete-user', { password: 'not-my-password-1' });
    expect(wrong.status).toBe(400);
    expect(await client.session()).not.toBeNull();

    const res = await client.post('/api/auth/delete-user', { password });
    expect(res.status).toBe(200);
    expect(await client.session()).toBeNull();
    const signIn = await server.client({ ip: nextIp() }).signIn(email, password);
    expect(signIn.status).toBe(401);
    const rows = await server.deps.database.db.query.users.findMany({ where: (u, { eq }) => eq(u.id, user.id) });
    expect(rows).toEqual([]);
  });
});

describe('A9 session cookie over https', () => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { BASE_URL: 'https://proposals.example.com' } });
  });
  afterAll(() => server.close());

  it('A9 over https the session cookie is Secure with the __Secure- prefix, HttpOnly, SameSite=Lax', async () => {
    const client = server.client();
    const res = await client.request('/api/auth/sign-up/email', {
      method: 'POST',
      json: { name: 'Tls', email: uniqueEmail('tls'), password: STRONG_PASSWORD },
    });
    expect(res.status).toBe(200);
    const attrs = attributes(sessionSetCookie(res.headers.getSetCookie(), `__Secure-${COOKIE}`));
    expect(attrs).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
    expect((await client.session())?.user.name).toBe('Tls');
  });
});

describe('A12 forgot-password does not wait for the mail server', () => {
  let server: TTestServer;
  const held: Array<() => void> = [];
  /** A mail server that takes other mail at once and holds reset mail until the test ends. */
  const mailer: TMailer = {
    send: (mail) => {
      if (!/reset/i.test(mail.subject)) return Promise.resolve();
      return new Promise<void>((resolve) => held.push(resolve));
    },
    close: () => undefined,
  };
  const outboxRows = (to: string) =>
    server.deps.database.db
      .select({ subject: mailOutbox.subject, sentAt: mailOutbox.sentAt })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to));

  beforeAll(async () => {
    server = await startTestServer({ mailer, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    for (const release of held) release();
    await server.close();
  });

  it('A12 a known email is answered while its mail is still queued, exactly like an unknown one', async () => {
    const { email } = await signUp(server);
    const nobody = uniqueEmail('nobody');
    const ask = (address: string) =>
      server
        .client({ ip: nextIp() })
        .post('/api/auth/request-password-reset', { email: address, redirectTo: '/reset-password' });
    // Were the mail sent within the request, this would wait for the held mail server forever.
    const known = await ask(email);
    const unknown = await ask(nobody);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text).toBe(known.text);
    // The mail waits in the outbox, unsent: the answer did not wait for the mail server.
    expect(await outboxRows(email)).toContainEqual({ subject: 'Reset your Draftwell password', sentAt: null });
    expect(await outboxRows(nobody)).toEqual([]);
  });
});
