import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  nextIp,
  signUp,
  startMailSink,
  startTestServer,
  STRONG_PASSWORD,
  uniqueEmail,
  type Client,
  type TMailSink,
  type TTestServer,
} from './helpers';

const CONFIRM_NEW = /confirm your new email/i;

describe.each(backends())('changing the account’s name and email (%s)', (backend) => {
  let server: TTestServer;
  let mail: TMailSink;

  beforeAll(async () => {
    mail = await startMailSink();
    server = await startTestServer({ backend, mail, env: { TRUST_PROXY: 'true' } });
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  const changeEmail = (client: Client, body: Record<string, unknown>) =>
    client.post('/api/auth/change-email', { callbackURL: '/profile?email=changed', ...body });

  /** Opens a mailed link as a click does: a top-level GET without Origin. */
  const open = (client: Client, link: string) =>
    client.get(new URL(link).pathname + new URL(link).search, { origin: null });

  const linkIn = async (to: string) =>
    (await mail.waitForMail(to, CONFIRM_NEW)).links.find((l) => l.includes('/api/auth/verify-email'))!;

  it('mails a link to the new address and changes nothing until it is opened; then it signs in', async () => {
    const { client, email, user } = await signUp(server, { name: 'Ada' });
    const next = uniqueEmail('moved');
    const res = await changeEmail(client, { newEmail: next, password: STRONG_PASSWORD });
    expect(res.status, res.text).toBe(200);

    const message = await mail.waitForMail(next, CONFIRM_NEW);
    expect(message.text).toContain(next);
    // Not in effect yet: the session, signing in and the address the account is reached at.
    expect((await client.session())!.user.email).toBe(email);
    expect((await server.client({ ip: nextIp() }).signIn(next, STRONG_PASSWORD)).status).toBe(401);

    const link = message.links.find((l) => l.includes('/api/auth/verify-email'))!;
    const opened = await open(client, link);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/profile?email=changed');
    // Opening the link proved the new address.
    expect((await client.session())!.user).toEqual({
      id: user.id,
      name: 'Ada',
      email: next,
      emailVerified: true,
      appLanguage: null,
    });
    expect((await server.client({ ip: nextIp() }).signIn(next, STRONG_PASSWORD)).status).toBe(200);
    expect((await server.client({ ip: nextIp() }).signIn(email, STRONG_PASSWORD)).status).toBe(401);

    // The old address is told, through the outbox.
    await server.deps.outbox.drain();
    const notice = await mail.waitForMail(email, /email address was changed/i);
    expect(notice.text).toContain(next);
  });

  it('works from another browser too (the link is opened where nobody is signed in)', async () => {
    const { client, user } = await signUp(server);
    const next = uniqueEmail('elsewhere');
    expect((await changeEmail(client, { newEmail: next, password: STRONG_PASSWORD })).status).toBe(200);
    expect((await open(server.client({ ip: nextIp() }), await linkIn(next))).status).toBe(302);
    expect((await client.session())!.user).toMatchObject({ id: user.id, email: next });
  });

  it('says when another account has the address, however it is written, and mails nobody', async () => {
    const { email: taken } = await signUp(server);
    const { client, email } = await signUp(server);
    for (const newEmail of [taken, taken.toUpperCase(), `  ${taken}  `]) {
      const res = await changeEmail(client, { newEmail, password: STRONG_PASSWORD });
      expect(res.status, newEmail).toBe(409);
      expect(res.body.error.fields.newEmail).toBe('Another account uses this email address. Enter a different one.');
    }
    expect(mail.messages.filter((m) => CONFIRM_NEW.test(m.subject) && m.to.includes(taken))).toEqual([]);
    expect((await client.session())!.user.email).toBe(email);
  });

  it('refuses an address that is not one, its own address, and a wrong or missing password', async () => {
    const { client, email } = await signUp(server);
    const tooLong = `${'a'.repeat(250)}@example.com`;
    for (const newEmail of ['', '   ', 'not-an-email', 'ada@', '@example.com', tooLong, 42, null]) {
      const res = await changeEmail(client, { newEmail, password: STRONG_PASSWORD });
      expect(res.status, String(newEmail)).toBe(400);
      expect(res.body.error.fields.newEmail, String(newEmail)).toBeTruthy();
    }
    const own = await changeEmail(client, { newEmail: email.toUpperCase(), password: STRONG_PASSWORD });
    expect(own.status).toBe(400);
    expect(own.body.error.fields.newEmail).toBe('That is already your email address.');

    const next = uniqueEmail('guarded');
    const wrong = await changeEmail(client, { newEmail: next, password: 'not my password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.fields.password).toBe('That password is not right.');
    const missing = await changeEmail(client, { newEmail: next });
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields.password).toBe('Enter your password to confirm.');
    expect(mail.messages.some((m) => m.to.includes(next))).toBe(false);
  });

  it('refuses without a session', async () => {
    const res = await changeEmail(server.client({ ip: nextIp() }), {
      newEmail: uniqueEmail('anon'),
      password: STRONG_PASSWORD,
    });
    expect(res.status).toBe(401);
  });

  it('a link to an address another account took meanwhile changes nothing and says why', async () => {
    const { client, email } = await signUp(server);
    const next = uniqueEmail('raced');
    expect((await changeEmail(client, { newEmail: next, password: STRONG_PASSWORD })).status).toBe(200);
    const link = await linkIn(next);
    await signUp(server, { email: next });
    const res = await open(client, link);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/profile?error=EMAIL_IN_USE');
    expect((await client.session())!.user.email).toBe(email);
  });

  it('a forged link does not tell whether an address has an account (A12)', async () => {
    const { email: taken, user } = await signUp(server);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const forge = (updateTo: string) =>
      [
        b64({ alg: 'HS256' }),
        b64({
          email: 'someone@example.com',
          updateTo,
          requestType: 'change-email-verification',
          userId: user.id.replace(/.$/, '0'),
          exp: Math.floor(Date.now() / 1000) + 3600,
        }),
        'c2lnbmF0dXJl',
      ].join('.');
    const answer = async (updateTo: string) => {
      const { result } = await server.withErrorLogs(() =>
        server.client({ ip: nextIp() }).get(`/api/auth/verify-email?token=${forge(updateTo)}&callbackURL=/profile`, {
          origin: null,
        }),
      );
      return [result.status, result.headers.get('location')];
    };
    const known = await answer(taken);
    expect(known).toEqual(await answer(uniqueEmail('nobody')));
    expect(known[1]).not.toContain('EMAIL_IN_USE');
  });

  it('limits requests per account, from any address: the password cannot be guessed this way', async () => {
    const { client } = await signUp(server);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await changeEmail(client.from(nextIp()), { newEmail: uniqueEmail('guess'), password: `wrong-${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('changes the name, trimmed; an empty or too long name is refused with a message', async () => {
    const { client } = await signUp(server, { name: 'Ada' });
    const res = await client.post('/api/auth/update-user', { name: '  Ada Lovelace  ' });
    expect(res.status, res.text).toBe(200);
    expect((await client.session())!.user.name).toBe('Ada Lovelace');
    for (const name of ['', '   ', 'x'.repeat(101), 7]) {
      const bad = await client.post('/api/auth/update-user', { name });
      expect(bad.status, String(name)).toBe(400);
      expect(bad.body.error.fields.name, String(name)).toBeTruthy();
    }
    expect((await client.session())!.user.name).toBe('Ada Lovelace');
  });
  it('keeps the app’s language chosen in Profile on the account (issue 25 part 7), only one of the app’s, only for its owner', async () => {
    const { client } = await signUp(server, { name: 'Ada' });
    const other = (await signUp(server, { name: 'Grace' })).client;
    const put = (c: Client, json: unknown) => c.request('/api/account/app-language', { method: 'PUT', json });
    expect((await client.session())!.user.appLanguage).toBeNull();

    const chosen = await put(client, { appLanguage: 'de' });
    expect(chosen.status, chosen.text).toBe(200);
    expect(chosen.body).toEqual({ appLanguage: 'de' });
    expect((await client.session())!.user.appLanguage).toBe('de');
    // Another account is not touched.
    expect((await other.session())!.user.appLanguage).toBeNull();

    // A language proposals may be written in, but the app does not speak; not a tag at all.
    for (const appLanguage of ['it', 'xx', 42, 'pt']) {
      const refused = await put(client, { appLanguage });
      expect(refused.status, JSON.stringify(appLanguage)).toBe(400);
      expect(refused.text).toContain('en, de, fr, es, pt-BR, ja');
    }
    expect((await client.session())!.user.appLanguage).toBe('de');

    // Back to the browser's.
    expect((await put(client, { appLanguage: null })).status).toBe(200);
    expect((await client.session())!.user.appLanguage).toBeNull();
    // Signed out: nobody's language changes.
    expect((await put(server.client({ ip: nextIp() }), { appLanguage: 'fr' })).status).toBe(401);
  });
});
