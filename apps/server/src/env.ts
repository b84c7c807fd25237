import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PLAN_IDS, type TPlanId } from '@draftwell/shared/plans';

/**
 * The only reader of process.env. Every variable is validated here; a bad value stops the
 * start with one line per bad variable.
 */
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalUrl = (protocols: string[], example: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL like ${example}` },
    );

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const STRIPE_PRICE_VARS = [
  'STRIPE_PRICE_PRO_MONTHLY',
  'STRIPE_PRICE_PRO_YEARLY',
  'STRIPE_PRICE_BUSINESS_MONTHLY',
  'STRIPE_PRICE_BUSINESS_YEARLY',
] as const;

const ZEnv = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce
    .number({ message: 'must be a port number between 0 and 65535' })
    .int('must be a whole number')
    .min(0, 'must be between 0 and 65535')
    .max(65535, 'must be between 0 and 65535')
    .default(3000),
  HOST: z.string().trim().min(1, 'must not be empty').default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:'], 'postgres://user:pass@host:5432/draftwell'),
  BASE_URL: optionalUrl(['http:', 'https:'], 'https://proposals.example.com'),
  AUTH_SECRET: z
    .string()
    .optional()
    .refine((v) => v === undefined || v === '' || v.length >= 32, {
      message: 'must be at least 32 characters (try: openssl rand -base64 32)',
    }),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:'], 'smtp://user:pass@mail.example.com:587'),
  MAIL_FROM: z
    .string()
    .trim()
    .default('Draftwell <no-reply@draftwell.localhost>')
    .refine((v) => /<[^<>@\s]+@[^<>@\s]+>$|^[^<>@\s]+@[^<>@\s]+$/.test(v), {
      message: 'must be an address like "Draftwell <no-reply@example.com>"',
    }),
  CONTACT_EMAIL: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || z.email().safeParse(v).success, {
      message: 'must be an email address like team@example.com',
    }),
  LOG_LEVEL: z.enum(LOG_LEVELS, { message: `must be one of ${LOG_LEVELS.join(', ')}` }).default('info'),
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  RATE_LIMIT: z
    .enum(['on', 'off'], { message: 'must be on or off' })
    .default('on')
    .transform((v) => v === 'on'),
  /** Webhooks (decision 0021) may use http:// and go to this machine (127.0.0.0/8, ::1): development and tests only. */
  WEBHOOKS_ALLOW_HTTP_LOOPBACK: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be 1 or 0' })
    .default('0')
    .transform((v) => v === 'true' || v === '1'),
  DEFAULT_PLAN: z.enum(PLAN_IDS, { message: `must be one of ${PLAN_IDS.join(', ')}` }).default('free'),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PRICE_PRO_MONTHLY: optionalText,
  STRIPE_PRICE_PRO_YEARLY: optionalText,
  STRIPE_PRICE_BUSINESS_MONTHLY: optionalText,
  STRIPE_PRICE_BUSINESS_YEARLY: optionalText,
  /** Stripe Connect (decision 0018): the platform's client id (ca_…) and its Connect endpoint's secret. */
  STRIPE_CONNECT_CLIENT_ID: optionalText,
  STRIPE_CONNECT_WEBHOOK_SECRET: optionalText,
  /** Where the Stripe SDK sends its requests; only for a Stripe-compatible local server in tests. */
  STRIPE_API_URL: optionalUrl(['http:', 'https:'], 'http://127.0.0.1:12111'),
  AI_BASE_URL: optionalUrl(['http:', 'https:'], 'http://localhost:11434/v1'),
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText,
  AI_TIMEOUT_MS: z.coerce
    .number({ message: 'must be a number of milliseconds, like 30000' })
    .int('must be a whole number of milliseconds')
    .min(100, 'must be at least 100 (milliseconds)')
    .max(600_000, 'must be at most 600000 (ten minutes)')
    .default(30_000),
  SIGNING_CERT_P12: optionalText,
  SIGNING_CERT_PASSPHRASE: z.string().optional(),
  SIGNING_TSA_URL: optionalUrl(['http:', 'https:'], 'http://timestamp.example.com/tsr'),
  S3_ENDPOINT: optionalUrl(['http:', 'https:'], 'https://s3.eu-central-1.amazonaws.com').refine(
    (v) => v === undefined || !URL.canParse(v) || new URL(v).pathname === '/',
    { message: 'must be the address of the service without a path, like https://s3.eu-central-1.amazonaws.com' },
  ),
  S3_BUCKET: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9][A-Za-z0-9._-]{1,254}$/.test(v), {
    message: 'must be a bucket name, like draftwell-files (letters, digits, dots, hyphens and underscores)',
  }),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_REGION: optionalText,
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''], { message: 'must be true or false' })
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});

/** "A, B and C". */
const listed = (names: readonly string[]) => `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** The four settings that together move stored files to an S3-compatible bucket. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_HINTS: Record<(typeof S3_REQUIRED)[number], string> = {
  S3_ENDPOINT: 'the address of the S3-compatible service, like https://s3.eu-central-1.amazonaws.com',
  S3_BUCKET: "the bucket's name",
  S3_ACCESS_KEY_ID: 'the access key id of a key that may read, write, list and delete in the bucket',
  S3_SECRET_ACCESS_KEY: 'the secret of that access key',
};

export type TEnv = {
  nodeEnv: 'production' | 'development' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  baseUrl: string;
  /** BASE_URL was given; otherwise baseUrl is a default and `origins` lists the loopback spellings too. */
  baseUrlSet: boolean;
  /**
   * The origins the app's own pages may send requests from (Origin checks, A7, A18): BASE_URL's
   * alone when it is set; otherwise every address the printed one may be typed as on this
   * machine (localhost, 127.0.0.1, [::1]) and HOST when it names one address.
   */
  origins: string[];
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string | undefined;
  logLevel: (typeof LOG_LEVELS)[number];
  trustProxy: boolean;
  rateLimit: boolean;
  /** WEBHOOKS_ALLOW_HTTP_LOOPBACK: webhook endpoints on this machine, over http too (for development and tests). */
  webhooksAllowHttpLoopback: boolean;
  /** The plan of every account without a subscription (all of them when billing is off). */
  defaultPlan: TPlanId;
  /** Stripe billing; null when STRIPE_SECRET_KEY is unset (billing off). */
  stripe: TStripeEnv | null;
  /** Payment at acceptance through each owner's own Stripe account (decision 0018). */
  payments: TPaymentsEnv;
  /** An OpenAI-compatible model for drafting; null when AI_MODEL is unset (the built-in drafter serves). */
  ai: TAiEnv | null;
  /** How completed proposals' PDFs are sealed (decision 0014). */
  signing: TSigningEnv;
  /** An S3-compatible bucket for stored files; null when the S3_* settings are unset (DATA_DIR/files). */
  s3: TS3Env | null;
};

export type TS3Env = {
  /** The service's address, e.g. https://s3.eu-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  /** Never logged. */
  secretAccessKey: string;
  /** us-east-1 unless S3_REGION says otherwise (most S3-compatible services accept any). */
  region: string;
  /** Address the bucket as endpoint/bucket/key instead of bucket.endpoint/key (MinIO and most self-hosted servers). */
  forcePathStyle: boolean;
};

export type TSigningEnv = {
  /**
   * The operator's certificate: a PKCS#12 file (absolute path) and its passphrase. Null: a
   * self-signed certificate is generated once and kept in the database.
   */
  p12: { path: string; passphrase: string } | null;
  /** An RFC 3161 timestamp server; each seal then carries a trusted time (PAdES B-T). */
  tsaUrl: string | undefined;
};

export type TStripeEnv = {
  secretKey: string;
  webhookSecret: string;
  /** Stripe price ids per paid plan and interval: the only prices Checkout is ever given (A17). */
  prices: Record<Exclude<TPlanId, 'free'>, { month: string; year: string }>;
  /** A Stripe-compatible server to talk to instead of api.stripe.com (tests). */
  apiUrl: string | undefined;
};

export type TPaymentsEnv = {
  /**
   * Stripe Connect (Standard accounts, OAuth), when the operator set STRIPE_CONNECT_CLIENT_ID: calls
   * go with the platform's secret key (STRIPE_SECRET_KEY) and the owner's account in the
   * Stripe-Account header. Null: owners connect with a restricted key of their own account.
   */
  connect: { clientId: string; secretKey: string; webhookSecret: string } | null;
  /** A Stripe-compatible server to talk to instead of api.stripe.com and connect.stripe.com (tests). */
  apiUrl: string | undefined;
};

export type TAiEnv = {
  /** OpenAI-compatible API root, e.g. https://api.openai.com/v1 or http://localhost:11434/v1. */
  baseUrl: string;
  /** Never logged, never sent to a browser. Local servers often need none. */
  apiKey: string | undefined;
  model: string;
  /** How long the model may stay silent, before its first word or between two, before we give up. */
  timeoutMs: number;
};

const OPENAI_BASE_URL = 'https://api.openai.com/v1';

export class EnvError extends Error {
  constructor(readonly lines: string[]) {
    super(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  }
}

/** The secret is generated once per data directory and kept there, never a fixed default. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];
const WILDCARD_HOSTS = new Set(['0.0.0.0', '::', '[::]']);

/** A host as it is written in a URL: an IPv6 address in brackets. */
export function urlHost(host: string): string {
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host.toLowerCase();
}

/**
 * Without BASE_URL: the address to print and put in links first (HOST when it names one
 * address that is not loopback, else localhost), then every other spelling that reaches this
 * port from the same machine, so that whichever a person types, the app works there.
 */
function defaultOrigins(host: string, port: number): string[] {
  const named = urlHost(host);
  const first = WILDCARD_HOSTS.has(host) || LOOPBACK_HOSTS.includes(named) ? [] : [named];
  return [...new Set([...first, ...LOOPBACK_HOSTS])].map((h) => new URL(`http://${h}:${port}`).origin);
}

export function readEnv(source: Record<string, string | undefined> = process.env): TEnv {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new EnvError(lines);
  }
  const e = parsed.data;
  const lines: string[] = [];
  let stripe: TStripeEnv | null = null;
  if (e.STRIPE_SECRET_KEY) {
    const missing = (['STRIPE_WEBHOOK_SECRET', ...STRIPE_PRICE_VARS] as const).filter((k) => !e[k]);
    for (const k of missing) {
      lines.push(
        `${k}: must be set when STRIPE_SECRET_KEY is (${k === 'STRIPE_WEBHOOK_SECRET' ? 'the signing secret whsec_… of the webhook endpoint' : 'a Stripe price id like price_…'})`,
      );
    }
    if (missing.length === 0) {
      stripe = {
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET!,
        prices: {
          pro: { month: e.STRIPE_PRICE_PRO_MONTHLY!, year: e.STRIPE_PRICE_PRO_YEARLY! },
          business: { month: e.STRIPE_PRICE_BUSINESS_MONTHLY!, year: e.STRIPE_PRICE_BUSINESS_YEARLY! },
        },
        apiUrl: e.STRIPE_API_URL,
      };
    }
  }
  let connect: TPaymentsEnv['connect'] = null;
  if (e.STRIPE_CONNECT_CLIENT_ID) {
    if (!/^ca_[A-Za-z0-9]+$/.test(e.STRIPE_CONNECT_CLIENT_ID)) {
      lines.push(
        'STRIPE_CONNECT_CLIENT_ID: must be the client id of your Connect platform, like ca_… (Settings → Connect)',
      );
    }
    if (!e.STRIPE_SECRET_KEY) {
      lines.push("STRIPE_SECRET_KEY: must be set when STRIPE_CONNECT_CLIENT_ID is (the platform's secret key)");
    }
    if (!e.STRIPE_CONNECT_WEBHOOK_SECRET) {
      lines.push(
        'STRIPE_CONNECT_WEBHOOK_SECRET: must be set when STRIPE_CONNECT_CLIENT_ID is (the signing secret whsec_… of the Connect webhook endpoint)',
      );
    }
    if (e.STRIPE_SECRET_KEY && e.STRIPE_CONNECT_WEBHOOK_SECRET) {
      connect = {
        clientId: e.STRIPE_CONNECT_CLIENT_ID,
        secretKey: e.STRIPE_SECRET_KEY,
        webhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
      };
    }
  } else if (e.STRIPE_CONNECT_WEBHOOK_SECRET) {
    lines.push(
      "STRIPE_CONNECT_WEBHOOK_SECRET: is set but STRIPE_CONNECT_CLIENT_ID is not (the platform's client id ca_…)",
    );
  }
  let ai: TAiEnv | null = null;
  if (e.AI_MODEL) {
    if (!e.AI_BASE_URL && !e.AI_API_KEY) {
      lines.push(
        'AI_API_KEY: must be set for OpenAI, or set AI_BASE_URL to a local server like http://localhost:11434/v1',
      );
    } else {
      ai = {
        baseUrl: (e.AI_BASE_URL ?? OPENAI_BASE_URL).replace(/\/+$/, ''),
        apiKey: e.AI_API_KEY,
        model: e.AI_MODEL,
        timeoutMs: e.AI_TIMEOUT_MS,
      };
    }
  } else if (e.AI_BASE_URL || e.AI_API_KEY) {
    lines.push(
      'AI_MODEL: must be set when AI_BASE_URL or AI_API_KEY is (for example gpt-4o-mini, or llama3.1 on Ollama)',
    );
  }
  let p12Path: string | undefined;
  if (e.SIGNING_CERT_P12) {
    p12Path = path.resolve(e.SIGNING_CERT_P12);
    if (!existsSync(p12Path)) {
      lines.push(
        `SIGNING_CERT_P12: no file at ${p12Path} (the path of your .p12/.pfx certificate file; unset it to use a self-signed certificate)`,
      );
    }
  } else if (e.SIGNING_CERT_PASSPHRASE) {
    lines.push('SIGNING_CERT_PASSPHRASE: is set but SIGNING_CERT_P12 is not (the path of the .p12 file it opens)');
  }
  let s3: TS3Env | null = null;
  const s3Given = S3_REQUIRED.filter((k) => e[k] !== undefined);
  if (s3Given.length > 0) {
    const missing = S3_REQUIRED.filter((k) => e[k] === undefined);
    for (const k of missing) {
      lines.push(`${k}: must be set with ${listed(S3_REQUIRED.filter((o) => o !== k))} (${S3_HINTS[k]})`);
    }
    if (missing.length === 0) {
      s3 = {
        endpoint: e.S3_ENDPOINT!.replace(/\/+$/, ''),
        bucket: e.S3_BUCKET!,
        accessKeyId: e.S3_ACCESS_KEY_ID!,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
        region: e.S3_REGION ?? 'us-east-1',
        forcePathStyle: e.S3_FORCE_PATH_STYLE,
      };
    }
  } else {
    const orphan = [
      ...(e.S3_REGION !== undefined ? ['S3_REGION'] : []),
      ...(source.S3_FORCE_PATH_STYLE?.trim() ? ['S3_FORCE_PATH_STYLE'] : []),
    ];
    for (const k of orphan) {
      lines.push(`${k}: is set but ${listed(S3_REQUIRED)} are not (without them files stay in DATA_DIR/files)`);
    }
  }
  if (lines.length > 0) throw new EnvError(lines);
  const dataDir = path.resolve(e.DATA_DIR);
  const port = e.PORT;
  const defaults = defaultOrigins(e.HOST, port);
  const baseUrl = (e.BASE_URL ?? defaults[0]!).replace(/\/+$/, '');
  return {
    nodeEnv: e.NODE_ENV,
    port,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    baseUrl,
    baseUrlSet: e.BASE_URL !== undefined,
    origins: e.BASE_URL === undefined ? defaults : [new URL(baseUrl).origin],
    authSecret: e.AUTH_SECRET ? e.AUTH_SECRET : loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    contactEmail: e.CONTACT_EMAIL,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimit: e.RATE_LIMIT,
    webhooksAllowHttpLoopback: e.WEBHOOKS_ALLOW_HTTP_LOOPBACK,
    defaultPlan: e.DEFAULT_PLAN,
    stripe,
    payments: { connect, apiUrl: e.STRIPE_API_URL },
    ai,
    signing: {
      p12: p12Path ? { path: p12Path, passphrase: e.SIGNING_CERT_PASSPHRASE ?? '' } : null,
      tsaUrl: e.SIGNING_TSA_URL,
    },
    s3,
  };
}
