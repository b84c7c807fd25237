import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, readEnv } from './env';

const tmp = () => mkdtempSync(path.join(tmpdir(), 'dw-env-'));

describe('readEnv', () => {
  it('has working defaults and generates the auth secret once per data directory', () => {
    const dir = tmp();
    const a = readEnv({ DATA_DIR: dir });
    expect(a.port).toBe(3000);
    expect(a.baseUrl).toBe('http://localhost:3000');
    expect(a.databaseUrl).toBeUndefined();
    expect(a.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'auth-secret'), 'utf8').trim()).toBe(a.authSecret);
    expect(readEnv({ DATA_DIR: dir }).authSecret).toBe(a.authSecret);
    expect(readEnv({ DATA_DIR: tmp() }).authSecret).not.toBe(a.authSecret);
  });

  it('without BASE_URL takes requests from every loopback spelling of the port, and from HOST when it names one address', () => {
    const loopback = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000'];
    for (const HOST of ['0.0.0.0', '::', '127.0.0.1', '::1', 'localhost']) {
      const env = readEnv({ DATA_DIR: tmp(), HOST });
      expect(env.baseUrl, HOST).toBe('http://localhost:3000');
      expect(env.origins, HOST).toEqual(loopback);
      expect(env.baseUrlSet).toBe(false);
    }
    const lan = readEnv({ DATA_DIR: tmp(), HOST: '192.168.1.5' });
    expect(lan.baseUrl).toBe('http://192.168.1.5:3000');
    expect(lan.origins).toEqual(['http://192.168.1.5:3000', ...loopback]);
    const set = readEnv({ DATA_DIR: tmp(), HOST: '127.0.0.1', BASE_URL: 'https://p.example.com/app/' });
    expect(set.origins).toEqual(['https://p.example.com']);
    expect(set.baseUrlSet).toBe(true);
  });

  it('uses a given AUTH_SECRET and trims a trailing slash from BASE_URL', () => {
    const env = readEnv({ DATA_DIR: tmp(), AUTH_SECRET: 's'.repeat(40), BASE_URL: 'https://p.example.com/' });
    expect(env.authSecret).toBe('s'.repeat(40));
    expect(env.baseUrl).toBe('https://p.example.com');
  });

  it('lets webhooks reach loopback over http only when WEBHOOKS_ALLOW_HTTP_LOOPBACK says so', () => {
    expect(readEnv({ DATA_DIR: tmp() }).webhooksAllowHttpLoopback).toBe(false);
    expect(readEnv({ DATA_DIR: tmp(), WEBHOOKS_ALLOW_HTTP_LOOPBACK: '1' }).webhooksAllowHttpLoopback).toBe(true);
    expect(readEnv({ DATA_DIR: tmp(), WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'true' }).webhooksAllowHttpLoopback).toBe(true);
    expect(readEnv({ DATA_DIR: tmp(), WEBHOOKS_ALLOW_HTTP_LOOPBACK: '0' }).webhooksAllowHttpLoopback).toBe(false);
    expect(() => readEnv({ DATA_DIR: tmp(), WEBHOOKS_ALLOW_HTTP_LOOPBACK: 'yes' })).toThrow(EnvError);
  });

  it('reports one clear line per bad variable', () => {
    let error: unknown;
    try {
      readEnv({
        DATA_DIR: tmp(),
        PORT: 'abc',
        DATABASE_URL: 'mysql://x',
        BASE_URL: 'localhost:3000',
        AUTH_SECRET: 'short',
        SMTP_URL: 'http://mail',
        CONTACT_EMAIL: 'not-an-email',
        LOG_LEVEL: 'loud',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(EnvError);
    const lines = (error as EnvError).lines;
    expect(lines.map((l) => l.split(':')[0]).sort()).toEqual(
      ['AUTH_SECRET', 'BASE_URL', 'CONTACT_EMAIL', 'DATABASE_URL', 'LOG_LEVEL', 'PORT', 'SMTP_URL'].sort(),
    );
    expect(lines.find((l) => l.startsWith('PORT'))).toContain('between 0 and 65535');
  });

  it('treats empty optional values as unset', () => {
    const env = readEnv({ DATA_DIR: tmp(), DATABASE_URL: '', SMTP_URL: '', CONTACT_EMAIL: '' });
    expect(env.databaseUrl).toBeUndefined();
    expect(env.smtpUrl).toBeUndefined();
    expect(env.contactEmail).toBeUndefined();
  });

  it('reads the AI model settings: none means the built-in drafter, a timeout has a default and bounds', () => {
    expect(readEnv({ DATA_DIR: tmp() }).ai).toBeNull();
    expect(readEnv({ DATA_DIR: tmp(), AI_MODEL: 'gpt-4o-mini', AI_API_KEY: 'sk-x' }).ai).toEqual({
      baseUrl: 'https://api.openai.com/v1',
      apiKey: 'sk-x',
      model: 'gpt-4o-mini',
      timeoutMs: 30_000,
    });
    expect(
      readEnv({
        DATA_DIR: tmp(),
        AI_MODEL: 'llama3.1',
        AI_BASE_URL: 'http://localhost:11434/v1/',
        AI_TIMEOUT_MS: '90000',
      }).ai,
    ).toEqual({ baseUrl: 'http://localhost:11434/v1', apiKey: undefined, model: 'llama3.1', timeoutMs: 90_000 });
    expect(() => readEnv({ DATA_DIR: tmp(), AI_MODEL: 'm', AI_API_KEY: 'k', AI_TIMEOUT_MS: '5' })).toThrow(
      /AI_TIMEOUT_MS: must be at least 100/,
    );
  });

  it('reads the sealing settings: a .p12 path that must exist, its passphrase, a timestamp server', () => {
    const dir = tmp();
    expect(readEnv({ DATA_DIR: dir }).signing).toEqual({ p12: null, tsaUrl: undefined });
    const file = path.join(dir, 'seal.p12');
    writeFileSync(file, 'not checked here: the server opens it at start');
    expect(
      readEnv({
        DATA_DIR: dir,
        SIGNING_CERT_P12: file,
        SIGNING_CERT_PASSPHRASE: 'secret',
        SIGNING_TSA_URL: 'http://tsa.example.com/tsr',
      }).signing,
    ).toEqual({ p12: { path: file, passphrase: 'secret' }, tsaUrl: 'http://tsa.example.com/tsr' });
    expect(readEnv({ DATA_DIR: dir, SIGNING_CERT_P12: file }).signing.p12).toEqual({ path: file, passphrase: '' });
    let lines: string[] = [];
    try {
      readEnv({
        DATA_DIR: dir,
        SIGNING_CERT_P12: path.join(dir, 'missing.p12'),
        SIGNING_TSA_URL: 'ftp://tsa.example.com',
      });
    } catch (err) {
      lines = (err as EnvError).lines;
    }
    expect(lines).toEqual([expect.stringMatching(/^SIGNING_TSA_URL: must be a URL like/)]);
    try {
      readEnv({ DATA_DIR: dir, SIGNING_CERT_P12: path.join(dir, 'missing.p12') });
    } catch (err) {
      lines = (err as EnvError).lines;
    }
    expect(lines).toEqual([expect.stringMatching(/^SIGNING_CERT_P12: no file at .*missing\.p12/)]);
    expect(() => readEnv({ DATA_DIR: dir, SIGNING_CERT_PASSPHRASE: 'x' })).toThrow(
      /SIGNING_CERT_PASSPHRASE: is set but SIGNING_CERT_P12 is not/,
    );
  });

  it('reads Stripe Connect for payments: a client id, the platform key and its webhook secret, or none', () => {
    const dir = tmp();
    expect(readEnv({ DATA_DIR: dir }).payments).toEqual({ connect: null, apiUrl: undefined });
    const billing = {
      STRIPE_SECRET_KEY: 'sk_test_platform',
      STRIPE_WEBHOOK_SECRET: 'whsec_billing',
      STRIPE_PRICE_PRO_MONTHLY: 'price_1',
      STRIPE_PRICE_PRO_YEARLY: 'price_2',
      STRIPE_PRICE_BUSINESS_MONTHLY: 'price_3',
      STRIPE_PRICE_BUSINESS_YEARLY: 'price_4',
    };
    expect(
      readEnv({
        DATA_DIR: dir,
        ...billing,
        STRIPE_CONNECT_CLIENT_ID: 'ca_abc123',
        STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
        STRIPE_API_URL: 'http://127.0.0.1:12111',
      }).payments,
    ).toEqual({
      connect: { clientId: 'ca_abc123', secretKey: 'sk_test_platform', webhookSecret: 'whsec_connect' },
      apiUrl: 'http://127.0.0.1:12111',
    });
    const linesOf = (extra: Record<string, string>) => {
      try {
        readEnv({ DATA_DIR: dir, ...extra });
        return [];
      } catch (err) {
        return (err as EnvError).lines;
      }
    };
    expect(linesOf({ STRIPE_CONNECT_CLIENT_ID: 'ca_abc123' })).toEqual([
      expect.stringMatching(/^STRIPE_SECRET_KEY: must be set when STRIPE_CONNECT_CLIENT_ID is/),
      expect.stringMatching(/^STRIPE_CONNECT_WEBHOOK_SECRET: must be set when STRIPE_CONNECT_CLIENT_ID is/),
    ]);
    expect(linesOf({ ...billing, STRIPE_CONNECT_CLIENT_ID: 'pk_live_x', STRIPE_CONNECT_WEBHOOK_SECRET: 'w' })).toEqual([
      expect.stringMatching(/^STRIPE_CONNECT_CLIENT_ID: must be the client id of your Connect platform, like ca_/),
    ]);
    expect(linesOf({ STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_x' })).toEqual([
      expect.stringMatching(/^STRIPE_CONNECT_WEBHOOK_SECRET: is set but STRIPE_CONNECT_CLIENT_ID is not/),
    ]);
  });

  it('reads the S3 settings: all four together or none, a region and path style of their own', () => {
    const dir = tmp();
    expect(readEnv({ DATA_DIR: dir }).s3).toBeNull();
    const four = {
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com/',
      S3_BUCKET: 'draftwell-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret/with+chars',
    };
    expect(readEnv({ DATA_DIR: dir, ...four }).s3).toEqual({
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      bucket: 'draftwell-files',
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'secret/with+chars',
      region: 'us-east-1',
      forcePathStyle: false,
    });
    expect(readEnv({ DATA_DIR: dir, ...four, S3_REGION: 'auto', S3_FORCE_PATH_STYLE: 'true' }).s3).toMatchObject({
      region: 'auto',
      forcePathStyle: true,
    });
    // Empty values are unset, as for every other variable.
    expect(readEnv({ DATA_DIR: dir, S3_ENDPOINT: '', S3_BUCKET: ' ', S3_FORCE_PATH_STYLE: '' }).s3).toBeNull();

    const problems = (source: Record<string, string>) => {
      try {
        readEnv({ DATA_DIR: dir, ...source });
      } catch (err) {
        return (err as EnvError).lines;
      }
      return [];
    };
    // Some but not all: one line per missing one, naming the others.
    expect(problems({ S3_BUCKET: 'draftwell-files', S3_SECRET_ACCESS_KEY: 'x' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: must be set with S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY \(/),
      expect.stringMatching(/^S3_ACCESS_KEY_ID: must be set with S3_ENDPOINT, S3_BUCKET and S3_SECRET_ACCESS_KEY \(/),
    ]);
    expect(problems({ S3_REGION: 'eu-west-1', S3_FORCE_PATH_STYLE: 'true' })).toEqual([
      'S3_REGION: is set but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not (without them files stay in DATA_DIR/files)',
      'S3_FORCE_PATH_STYLE: is set but S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are not (without them files stay in DATA_DIR/files)',
    ]);
    expect(
      problems({
        ...four,
        S3_ENDPOINT: 's3.amazonaws.com',
        S3_BUCKET: 'a/b',
        S3_FORCE_PATH_STYLE: 'yes',
      }).map((l) => l.split(':')[0]),
    ).toEqual(['S3_ENDPOINT', 'S3_BUCKET', 'S3_FORCE_PATH_STYLE']);
    expect(problems({ ...four, S3_ENDPOINT: 'https://minio.example.com/draftwell' })).toEqual([
      expect.stringMatching(/^S3_ENDPOINT: must be the address of the service without a path/),
    ]);
    // The secret is never in a message, even when something else is wrong.
    expect(problems({ ...four, S3_BUCKET: '' }).join('\n')).not.toContain('secret/with+chars');
  });
});
