import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  backends,
  signUp,
  startTestServer,
  uniqueEmail,
  STRONG_PASSWORD,
  type TResult,
  type TTestServer,
} from './helpers';

/** What a 500 must never show: the error's message, SQL, parameters, file paths, a stack. */
const LEAKS = [
  /contact_messages|"users"|\busers\b|relation/i,
  /insert into|select |update |delete from|failed query|params:/i,
  /\/work\/|node_modules|\.ts\b|\.js\b|file:\/\//i,
  /\bat \S+ \(|stack|DrizzleQueryError|error:/i,
];

function expectGeneric500(res: TResult, secrets: string[]) {
  expect(res.status, res.text).toBe(500);
  const requestId = res.headers.get('x-request-id');
  expect(requestId).toBeTruthy();
  expect(res.body).toEqual({
    error: { code: 'internal', message: expect.stringContaining(requestId!), requestId },
  });
  expect(res.body.error.message).toMatch(/something went wrong/i);
  for (const leak of LEAKS) expect(res.text).not.toMatch(leak);
  for (const secret of secrets) expect(res.text).not.toContain(secret);
}

describe.each(backends())('A22 forced server errors (%s)', (backend) => {
  let server: TTestServer;
  beforeAll(async () => {
    server = await startTestServer({ backend });
  });
  afterAll(() => server.close());

  /** Breaks a table for real (the database answers with an error), then puts it back. */
  async function withTableGone<T>(table: string, fn: () => Promise<T>): Promise<T> {
    const { db } = server.deps.database;
    await db.execute(sql.raw(`alter table "${table}" rename to "${table}_away"`));
    try {
      return await fn();
    } finally {
      await db.execute(sql.raw(`alter table "${table}_away" rename to "${table}"`));
    }
  }

  it('A22 a database error in our own route: 500, a generic message with the request id, no stack, SQL or path', async () => {
    const email = uniqueEmail('leak');
    const { result: res, errors } = await server.withErrorLogs(() =>
      withTableGone('contact_messages', () =>
        server.client().post('/api/contact', { name: 'Leaky', email, message: 'Please break on this message.' }),
      ),
    );
    expectGeneric500(res, [email, 'Please break on this message.']);
    // The details went to the log, under the same request id.
    const logged = errors.find((e) => e.reqId === res.body.error.requestId);
    expect(logged?.msg).toBe('unhandled error');
    expect(JSON.stringify(logged)).toMatch(/contact_messages/);
    // And the server is fine afterwards.
    expect(
      (await server.client().post('/api/contact', { name: 'Fine', email, message: 'Works again now.' })).status,
    ).toBe(201);
  });

  it('A22 a database error while reading the session: same generic 500', async () => {
    const { client } = await signUp(server);
    const { result: res } = await server.withErrorLogs(() =>
      withTableGone('sessions', () => client.get('/api/session')),
    );
    expectGeneric500(res, []);
    expect(await client.session()).not.toBeNull();
  });

  it('A22 a database error inside better-auth (sign-up): 500 with a generic body, no SQL or path', async () => {
    const email = uniqueEmail('leak-auth');
    const { result: res } = await server.withErrorLogs(() =>
      withTableGone('users', () =>
        server.client().post('/api/auth/sign-up/email', { name: 'Leaky', email, password: STRONG_PASSWORD }),
      ),
    );
    expect(res.status, res.text).toBeGreaterThanOrEqual(500);
    expectGeneric500(res, [email]);
  });
});
