import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../src/db/schema';
import { SIGN_IN_PER_ACCOUNT } from '../src/modules/auth/sign-in-limit';
import { CONTACT_RATE } from '../src/modules/contact/contact.service';
import {
  backends,
  nextIp,
  randomSecret,
  signUp,
  startTestServer,
  uniqueEmail,
  type TResult,
  type TTestServer,
} from './helpers';

/** better-auth's rule for /sign-in/email in auth.ts: 5 a minute per client address. */
const SIGN_IN_PER_IP = 5;

function expectRateLimited(res: TResult, maxWaitSeconds: number) {
  expect(res.status, res.text).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(maxWaitSeconds);
  expect(res.body.error.code).toBe('rate_limited');
  expect(res.body.error.message).toMatch(/try again/i);
}

describe.each(backends())('A11 rate limits (%s)', (backend) => {
  describe('without a trusted proxy', () => {
    let server: TTestServer;
    const secret = randomSecret();
    let email: string;

    beforeAll(async () => {
      server = await startTestServer({ backend, authSecret: secret });
      ({ email } = await signUp(server, { client: server.client() }));
    });
    afterAll(() => server?.close());

    it('A11 repeated wrong passwords from one IP hit 429 with a Retry-After header', async () => {
      const client = server.client();
      for (let i = 0; i < SIGN_IN_PER_IP; i++) {
        const res = await client.signIn(email, `wrong-password-${i}`);
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      expectRateLimited(await client.signIn(email, 'wrong-password-x'), 60);
      // Blocked means blocked: not even a correct password gets through now.
      expect((await client.signIn(email, 'velvet-otter-harbour-19')).status).toBe(429);
    });

    it('A11 with TRUST_PROXY off a spoofed X-Forwarded-For does not escape the limit', async () => {
      // Another account, so only the per-address counter can be what refuses it.
      const res = await server.client({ ip: '203.0.113.77' }).request('/api/auth/sign-in/email', {
        method: 'POST',
        json: { email: uniqueEmail('spoof'), password: 'whatever-123' },
        headers: { 'x-real-ip': '203.0.113.78', 'x-draftwell-client-ip': '203.0.113.79' },
      });
      expectRateLimited(res, 60);
    });

    it('A11 the counters survive a restart (a new server on the same database)', async () => {
      await server.close();
      server = await startTestServer({
        backend,
        authSecret: secret,
        dataDir: server.dataDir,
        databaseUrl: server.databaseUrl,
      });
      expectRateLimited(await server.client().signIn(email, 'wrong-password-y'), 60);
    });

    it('A11 the contact form takes 5 messages an hour from one address, then 429', async () => {
      const client = server.client();
      const message = { name: 'Rate', email: 'rate@example.com', message: 'Hello there, a question about plans.' };
      for (let i = 0; i < CONTACT_RATE.max; i++) {
        expect((await client.post('/api/contact', message)).status, `message ${i + 1}`).toBe(201);
      }
      expectRateLimited(await client.post('/api/contact', message), CONTACT_RATE.windowSeconds);
      expect(await server.deps.database.db.$count(contactMessages)).toBe(CONTACT_RATE.max);
    });
  });

  describe('behind a trusted proxy (TRUST_PROXY=true)', () => {
    let server: TTestServer;
    beforeAll(async () => {
      server = await startTestServer({ backend, env: { TRUST_PROXY: 'true' } });
    });
    afterAll(() => server.close());

    it('A11 rotating X-Forwarded-For addresses against ONE account still hit 429 (10 per 15 min per account, then one a minute)', async () => {
      const { email } = await signUp(server);
      for (let i = 0; i < SIGN_IN_PER_ACCOUNT.max; i++) {
        const res = await server.client({ ip: nextIp() }).signIn(email, `wrong-password-${i}`);
        expect(res.status, `attempt ${i + 1}`).toBe(401);
      }
      expectRateLimited(
        await server.client({ ip: nextIp() }).signIn(email, 'wrong-password-x'),
        SIGN_IN_PER_ACCOUNT.delaySeconds,
      );
      // The email's case and spacing do not make it another account.
      expectRateLimited(
        await server.client({ ip: nextIp() }).signIn(`  ${email.toUpperCase()} `, 'wrong-password-y'),
        SIGN_IN_PER_ACCOUNT.delaySeconds,
      );
    });

    it('A11 a stranger’s failures do not lock the owner out: a browser that signed in before gets in at once, a new one after a short delay', async () => {
      const { email, password, client: laptop } = await signUp(server);
      // Another account signed in on the stranger's browser: its proof is for that account only.
      const stranger = (await signUp(server)).client;
      for (let i = 0; i < SIGN_IN_PER_ACCOUNT.max; i++) {
        expect((await stranger.from(nextIp()).signIn(email, `wrong-password-${i}`)).status, `attempt ${i + 1}`).toBe(
          401,
        );
      }
      expectRateLimited(
        await stranger.from(nextIp()).signIn(email, 'wrong-password-x'),
        SIGN_IN_PER_ACCOUNT.delaySeconds,
      );

      // The owner's browser signed in before (at sign-up): the account's limit does not hold it back.
      expect((await laptop.post('/api/auth/sign-out')).status).toBe(200);
      const back = await laptop.signIn(email, password);
      expect(back.status, back.text).toBe(200);

      // That reset the account's counters; the stranger starts again and is held back again.
      for (let i = 0; i < SIGN_IN_PER_ACCOUNT.max; i++) {
        expect((await stranger.from(nextIp()).signIn(email, `wrong-password-${i}`)).status).toBe(401);
      }
      const phone = server.client({ ip: nextIp() });
      expectRateLimited(await phone.signIn(email, password), SIGN_IN_PER_ACCOUNT.delaySeconds);
      // A short delay later (the delay's window moved back, as time would move it), a new browser
      // with the right password gets in, though the account is still past its limit.
      await server.deps.database.db.execute(
        sql`update app_rate_limits set window_start = window_start - make_interval(secs => ${SIGN_IN_PER_ACCOUNT.delaySeconds}) where key = ${`sign-in-delay:${email}`}`,
      );
      const late = await phone.signIn(email, password);
      expect(late.status, late.text).toBe(200);
      expect((await phone.session())?.user.email).toBe(email);
      // Two dozen password checks (scrypt, deliberately slow): more than the default 30 s on a busy machine.
    }, 120_000);

    it('A11 behind the proxy the per-address limit keys on the forwarded address', async () => {
      const attacker = server.client({ ip: nextIp() });
      for (let i = 0; i < SIGN_IN_PER_IP; i++) {
        expect((await attacker.signIn(uniqueEmail('probe'), 'wrong-password-1')).status).toBe(401);
      }
      expectRateLimited(await attacker.signIn(uniqueEmail('probe'), 'wrong-password-1'), 60);
      // Another client behind the same proxy is not punished for it.
      expect((await server.client({ ip: nextIp() }).signIn(uniqueEmail('probe'), 'wrong-password-1')).status).toBe(401);
    });
  });
});
