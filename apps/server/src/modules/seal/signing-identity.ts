import { X509Certificate, hkdfSync, randomBytes, webcrypto } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { HttpTimestampAuthority, P12Signer, type TimestampAuthority } from '@libpdf/core';
import * as asn1js from 'asn1js';
import { and, eq } from 'drizzle-orm';
import * as pkijs from 'pkijs';
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
 * A certificate serial number from 16 random bytes, as hex: positive (top bit clear) and with a
 * first byte that is never 0 (the next bit set), so its DER INTEGER is minimal whatever the
 * encoder (generateP12 writes the bytes as they are). The old serial ("0" and the bytes' hex)
 * became, through forge (the encoder before pkijs), 00 and the bytes less one leading zero:
 * bytes starting 00 and then one below 0x80 (1 in 512) gave 00 0x …, an INTEGER OpenSSL 3
 * refuses to read ("illegal padding"), and every seal with that identity failed.
 */
export function certificateSerial(random: Buffer): string {
  const bytes = Buffer.from(random.subarray(0, 16));
  bytes[0] = (bytes[0]! & 0x3f) | 0x40;
  return bytes.toString('hex');
}

/** pkijs on Node's WebCrypto, passed to each call (no global engine to share with @libpdf/core). */
const engine = new pkijs.CryptoEngine({ name: 'node', crypto: webcrypto });

const OID = {
  commonName: '2.5.4.3',
  organizationName: '2.5.4.10',
  basicConstraints: '2.5.29.19',
  keyUsage: '2.5.29.15',
  subjectKeyIdentifier: '2.5.29.14',
  sha256WithRSAEncryption: '1.2.840.113549.1.1.11',
  friendlyName: '1.2.840.113549.1.9.20',
  localKeyId: '1.2.840.113549.1.9.21',
  certBag: '1.2.840.113549.1.12.10.1.3',
  pkcs8ShroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
};

/** A name of one RDN per attribute, in this order (pkijs alone would put them all in one RDN). */
function distinguishedName(attributes: [type: string, value: string][]) {
  const rdns = attributes.map(
    ([type, value]) =>
      new asn1js.Set({
        value: [new pkijs.AttributeTypeAndValue({ type, value: new asn1js.Utf8String({ value }) }).toSchema()],
      }),
  );
  return pkijs.RelativeDistinguishedNames.fromBER(new asn1js.Sequence({ value: rdns }).toBER());
}

/** UTCTime up to 2049, GeneralizedTime from 2050 (RFC 5280, 4.1.2.5). */
const time = (value: Date) => new pkijs.Time({ type: value.getUTCFullYear() < 2050 ? 0 : 1, value });

const extension = (extnID: string, critical: boolean, value: asn1js.BaseBlock) =>
  new pkijs.Extension({ extnID, critical, extnValue: value.toBER() });

/** A new RSA key (made by Node, off the event loop) and a self-signed certificate for it, as PKCS#12. */
export async function generateP12(
  commonName: string,
  passphrase: string,
  serial: string = certificateSerial(randomBytes(16)),
): Promise<Buffer> {
  const keys = await webcrypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: GENERATED_KEY_BITS,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  );
  const cert = new pkijs.Certificate();
  cert.version = 2; // v3
  // The serial's bytes as they are (an odd length gets a leading 0 nibble): certificateSerial
  // makes them a minimal positive INTEGER, and a test recreates an old bad one through here.
  cert.serialNumber = new asn1js.Integer({
    valueHex: Buffer.from(serial.length % 2 ? `0${serial}` : serial, 'hex'),
  });
  const name = [
    [OID.commonName, commonName],
    [OID.organizationName, 'Draftwell'],
  ] satisfies [string, string][];
  cert.subject = distinguishedName(name);
  cert.issuer = distinguishedName(name);
  const now = new Date();
  const notAfter = new Date(now);
  notAfter.setUTCFullYear(now.getUTCFullYear() + GENERATED_VALID_YEARS);
  cert.notBefore = time(new Date(now.getTime() - 60_000));
  cert.notAfter = time(notAfter);
  await cert.subjectPublicKeyInfo.importKey(keys.publicKey, engine);
  // RFC 5280's first method: SHA-1 of the subjectPublicKey BIT STRING's value (the RSAPublicKey).
  const keyId = await webcrypto.subtle.digest(
    'SHA-1',
    cert.subjectPublicKeyInfo.subjectPublicKey.valueBlock.valueHexView,
  );
  cert.extensions = [
    extension(OID.basicConstraints, true, new pkijs.BasicConstraints({ cA: false }).toSchema()),
    // digitalSignature (bit 0) and nonRepudiation (bit 1): 0b11000000, 6 unused bits.
    extension(OID.keyUsage, true, new asn1js.BitString({ valueHex: new Uint8Array([0xc0]), unusedBits: 6 })),
    extension(OID.subjectKeyIdentifier, false, new asn1js.OctetString({ valueHex: keyId })),
  ];
  // Signed here rather than by cert.sign, which leaves out the algorithm's NULL parameters
  // (RFC 4055: sha256WithRSAEncryption's parameters MUST be NULL when written).
  const algorithm = () =>
    new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256WithRSAEncryption, algorithmParams: new asn1js.Null() });
  cert.signature = algorithm();
  cert.signatureAlgorithm = algorithm();
  cert.tbsView = new Uint8Array(cert.encodeTBS().toBER());
  cert.signatureValue = new asn1js.BitString({
    valueHex: await webcrypto.subtle.sign('RSASSA-PKCS1-v1_5', keys.privateKey, cert.tbsView),
  });

  // PKCS#12: the certificate in plain, the key in a PBES2 (AES-256-CBC) shrouded key bag, both
  // with the friendly name and a local key id (SHA-1 of the certificate), under a SHA-256 MAC.
  const password = new Uint8Array(new TextEncoder().encode(passphrase)).buffer; // a buffer of its own
  const localKeyId = await webcrypto.subtle.digest('SHA-1', cert.toSchema().toBER());
  const bagAttributes = () => [
    new pkijs.Attribute({ type: OID.friendlyName, values: [new asn1js.BmpString({ value: commonName })] }),
    new pkijs.Attribute({ type: OID.localKeyId, values: [new asn1js.OctetString({ valueHex: localKeyId })] }),
  ];
  const keyBag = new pkijs.PKCS8ShroudedKeyBag({
    parsedValue: pkijs.PrivateKeyInfo.fromBER(await webcrypto.subtle.exportKey('pkcs8', keys.privateKey)),
  });
  await keyBag.makeInternalValues(
    {
      password,
      contentEncryptionAlgorithm: { name: 'AES-CBC', length: 256 },
      hmacHashAlgorithm: 'SHA-256',
      iterationCount: 2048,
    },
    engine,
  );
  const safe = (bag: pkijs.SafeBag) => ({ privacyMode: 0, value: new pkijs.SafeContents({ safeBags: [bag] }) });
  const authenticatedSafe = new pkijs.AuthenticatedSafe({
    parsedValue: {
      safeContents: [
        safe(
          new pkijs.SafeBag({
            bagId: OID.certBag,
            bagValue: new pkijs.CertBag({ parsedValue: cert }),
            bagAttributes: bagAttributes(),
          }),
        ),
        safe(new pkijs.SafeBag({ bagId: OID.pkcs8ShroudedKeyBag, bagValue: keyBag, bagAttributes: bagAttributes() })),
      ],
    },
  });
  await authenticatedSafe.makeInternalValues({ safeContents: [{}, {}] }, engine);
  const pfx = new pkijs.PFX({ parsedValue: { integrityMode: 0, authenticatedSafe } });
  await pfx.makeInternalValues(
    { password, iterations: 2048, pbkdf2HashAlgorithm: 'SHA-256', hmacHashAlgorithm: 'SHA-256' },
    engine,
  );
  return Buffer.from(pfx.toSchema().toBER());
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
