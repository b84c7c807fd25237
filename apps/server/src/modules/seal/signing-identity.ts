import { X509Certificate, generateKeyPair, hkdfSync, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { HttpTimestampAuthority, P12Signer, type TimestampAuthority } from '@libpdf/core';
import { and, eq } from 'drizzle-orm';
import forge from 'node-forge';
import type { TDb } from '../../db/client';
import { signingIdentities } from '../../db/schema';
import type { TEnv } from '../../env';

/**
 * Who seals completed proposals' PDFs (decision 0014): the operator's certificate
 * (SIGNING_CERT_P12 + SIGNING_CERT_PASSPHRASE) or, without one, a self-signed certificate made
 * once per deployment and kept in the database, where every instance finds the same one.
 */
export type TSigningIdentity = {
  signer: P12Signer;
  /** SHA-256 of the certificate (DER), lowercase hex: what /verify and the README point people to. */
  fingerprint: string;
  /** The certificate's subject, one line ("CN=…, O=…"). */
  subject: string;
  /** Made by this server (no operator certificate configured): no reader trusts it by itself. */
  generated: boolean;
  notAfter: string;
  /** RFC 3161 server: each seal then carries a trusted time (PAdES B-T). */
  timestampAuthority: TimestampAuthority | null;
};

/** A configured certificate that cannot be used: the server does not start (the message says why). */
export class SigningConfigError extends Error {}

const GENERATED_VALID_YEARS = 10;
const GENERATED_KEY_BITS = 3072;

/** The stored identity's id and PKCS#12 passphrase, both derived from AUTH_SECRET. */
export function derived(secret: string) {
  return {
    keyId: Buffer.from(hkdfSync('sha256', secret, 'draftwell', 'seal-identity-id', 16)).toString('hex'),
    passphrase: Buffer.from(hkdfSync('sha256', secret, 'draftwell', 'seal-identity-passphrase', 32)).toString(
      'base64url',
    ),
  };
}

function describe(der: Uint8Array) {
  const cert = new X509Certificate(der);
  return {
    fingerprint: cert.fingerprint256.replaceAll(':', '').toLowerCase(),
    subject: cert.subject.split('\n').reverse().join(', '),
    notAfter: new Date(cert.validTo).toISOString(),
  };
}

/**
 * A certificate serial number from 16 random bytes, as hex for node-forge: positive (top bit
 * clear) and with a first byte that is never 0 (the next bit set), so its DER INTEGER is minimal.
 * The old serial ("0" and the bytes' hex) became 00 and the bytes, and forge drops only one
 * leading zero: bytes starting 00 and then one below 0x80 (1 in 512) gave 00 0x …, an INTEGER
 * OpenSSL 3 refuses to read ("illegal padding"), and every seal with that identity failed.
 */
export function certificateSerial(random: Buffer): string {
  const bytes = Buffer.from(random.subarray(0, 16));
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return bytes.toString('hex');
}

/** A new RSA key (made by Node, off the event loop) and a self-signed certificate for it, as PKCS#12. */
export async function generateP12(
  commonName: string,
  passphrase: string,
  serial: string = certificateSerial(randomBytes(16)),
): Promise<Buffer> {
  const { privateKey, publicKey } = await promisify(generateKeyPair)('rsa', { modulusLength: GENERATED_KEY_BITS });
  const key = forge.pki.privateKeyFromPem(privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = serial;
  const now = new Date();
  cert.validity.notBefore = new Date(now.getTime() - 60_000);
  cert.validity.notAfter = new Date(now);
  cert.validity.notAfter.setUTCFullYear(now.getUTCFullYear() + GENERATED_VALID_YEARS);
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: 'Draftwell' },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(key, [cert], passphrase, { algorithm: 'aes256', friendlyName: commonName });
  return Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary');
}

async function operatorIdentity(p12: { path: string; passphrase: string }) {
  let bytes: Buffer;
  try {
    bytes = await readFile(p12.path);
  } catch (err) {
    throw new SigningConfigError(`SIGNING_CERT_P12: cannot read ${p12.path} (${(err as Error).message}).`);
  }
  try {
    return await P12Signer.create(new Uint8Array(bytes), p12.passphrase);
  } catch (err) {
    throw new SigningConfigError(
      `SIGNING_CERT_P12: ${p12.path} does not open with SIGNING_CERT_PASSPHRASE as a PKCS#12 file holding one key and its certificate (${(err as Error).message}).`,
    );
  }
}

/** Whether a stored PKCS#12 opens and its certificate is one OpenSSL reads. */
async function readable(p12Base64: string, passphrase: string): Promise<boolean> {
  try {
    describe((await P12Signer.create(new Uint8Array(Buffer.from(p12Base64, 'base64')), passphrase)).certificate);
    return true;
  } catch {
    return false;
  }
}

/**
 * The self-signed identity of this AUTH_SECRET, made on first use. Instances starting at once
 * each make one, one insert wins (the key id is the primary key) and every instance then reads
 * the winner: one identity per deployment. Another AUTH_SECRET cannot open the stored key and
 * gets its own (sealed PDFs made before keep their certificate inside them).
 */
async function generatedIdentity(db: TDb, env: TEnv) {
  const { keyId, passphrase } = derived(env.authSecret);
  const find = async () =>
    (await db.select().from(signingIdentities).where(eq(signingIdentities.keyId, keyId)))[0] ?? null;
  let row = await find();
  // Made before the serial fix (signing-identity.test.ts), a stored certificate may be one OpenSSL
  // cannot read: nothing was ever sealed with it (every seal failed on it), so a new one replaces it.
  if (row && !(await readable(row.p12, passphrase))) {
    await db
      .delete(signingIdentities)
      .where(and(eq(signingIdentities.keyId, keyId), eq(signingIdentities.p12, row.p12)));
    row = await find();
  }
  if (!row) {
    const host = new URL(env.baseUrl).host;
    const p12 = await generateP12(`Draftwell seal (self-signed) ${host}`.slice(0, 64), passphrase);
    const signer = await P12Signer.create(new Uint8Array(p12), passphrase);
    const info = describe(signer.certificate);
    await db
      .insert(signingIdentities)
      .values({ keyId, p12: p12.toString('base64'), fingerprint: info.fingerprint, subject: info.subject })
      .onConflictDoNothing({ target: signingIdentities.keyId });
    row = await find();
    if (!row) throw new Error('the signing identity was not stored');
  }
  return P12Signer.create(new Uint8Array(Buffer.from(row.p12, 'base64')), passphrase);
}

/** An identity of a PKCS#12 signer (with a timestamp server when `tsaUrl` is given). */
export function identityOf(signer: P12Signer, opts: { generated: boolean; tsaUrl?: string }): TSigningIdentity {
  return {
    signer,
    ...describe(signer.certificate),
    generated: opts.generated,
    timestampAuthority: opts.tsaUrl ? new HttpTimestampAuthority(opts.tsaUrl, { timeout: 15_000 }) : null,
  };
}

export async function loadSigningIdentity(args: { db: TDb; env: TEnv }): Promise<TSigningIdentity> {
  const { env } = args;
  const signer = env.signing.p12 ? await operatorIdentity(env.signing.p12) : await generatedIdentity(args.db, env);
  return identityOf(signer, { generated: !env.signing.p12, tsaUrl: env.signing.tsaUrl });
}

/**
 * The identity, loaded once per process: the first caller starts it, later ones share it. A
 * failure is not remembered (a database blip at start must not disable sealing until restart).
 */
export function signingIdentityLoader(args: { db: TDb; env: TEnv }): () => Promise<TSigningIdentity> {
  let loading: Promise<TSigningIdentity> | null = null;
  return () => {
    loading ??= loadSigningIdentity(args).catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}
