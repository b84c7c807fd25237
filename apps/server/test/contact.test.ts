import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startMailSink, startTestServer, type TMailSink, type TTestServer } from './helpers';

const CONTACT_EMAIL = 'team@draftwell.example';

describe.each(backends())('contact form (%s)', (backend) => {
  let server: TTestServer;
  let mail: TMailSink;

  beforeAll(async () => {
    mail = await startMailSink();
    server = await startTestServer({ backend, mail, env: { CONTACT_EMAIL } });
  });
  afterAll(async () => {
    await server.close();
    await mail.close();
  });

  it('a valid message answers 201, is stored in contact_messages and emailed to CONTACT_EMAIL', async () => {
    const message = {
      name: 'Grace Hopper',
      email: 'grace@example.com',
      message: 'We would like a demo for our team of twelve. Ünïcödé too: 提案.',
    };
    const res = await server.client().post('/api/contact', message);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const { rows } = (await server.deps.database.db.execute(
      sql`select name, email, message, ip_address, created_at from contact_messages where id = ${res.body.id}`,
    )) as unknown as { rows: Array<Record<string, unknown>> };
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ...message, ip_address: '127.0.0.1' });
    expect(Math.abs(new Date(rows[0]!.created_at as string).getTime() - Date.now())).toBeLessThan(60_000);

    const sent = await mail.waitForMail(CONTACT_EMAIL, /contact form: grace hopper/i);
    expect(sent.headers.get('reply-to')).toContain('grace@example.com');
    expect(sent.text).toContain(message.message);
    expect(sent.text).toContain('Grace Hopper <grace@example.com>');
  });

  it('the message is trimmed and HTML in it is escaped in the email, not rendered', async () => {
    const res = await server.client().post('/api/contact', {
      name: '  <b>Bold</b>  ',
      email: ' bold@example.com ',
      message: '<img src=x onerror=alert(1)> please call back',
    });
    expect(res.status).toBe(201);
    const sent = await mail.waitForMail(CONTACT_EMAIL, /contact form: <b>bold<\/b>/i);
    expect(sent.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(sent.html).not.toContain('<img src=x');
    expect(sent.html).not.toContain('<b>Bold</b>');
  });

  it('an invalid email answers 400 with fields.email, and nothing is stored or sent', async () => {
    const before = mail.messages.length;
    const count = async () =>
      Number(
        (
          (await server.deps.database.db.execute(sql`select count(*)::int as n from contact_messages`)) as unknown as {
            rows: Array<{ n: number }>;
          }
        ).rows[0]!.n,
      );
    const stored = await count();
    const res = await server
      .client()
      .post('/api/contact', { name: 'No Mail', email: 'not-an-email', message: 'Hello, this is long enough.' });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid');
    expect(res.body.error.fields.email).toMatch(/valid email/i);
    expect(Object.keys(res.body.error.fields)).toEqual(['email']);
    expect(await count()).toBe(stored);
    expect(mail.messages.length).toBe(before);
  });

  it('missing and too-short fields answer 400 with a message per field', async () => {
    const res = await server.client().post('/api/contact', { message: 'short' });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['email', 'message', 'name']);
    for (const text of Object.values(res.body.error.fields)) expect(text).toMatch(/\w{3,}/);
  });
});
