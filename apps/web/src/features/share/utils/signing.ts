import type { I18n } from '@draftwell/shared/i18n/i18n';
import { formatList } from '@draftwell/shared/i18n/format';
import type { TAcceptanceCertificate } from '@draftwell/shared/share/revision';
import type { TSharedSigning } from '@draftwell/shared/share/signing';

/**
 * Where the signing round stands for the link's signer, in words the page shows. Small on
 * purpose: the status banner (in the page's first load) uses it, so does the sign form.
 */

type TSigner = TSharedSigning['signers'][number];

/** English lists its names without the serial comma, as the page always has ("A, B and C"). */
const listLocale = (i18n: I18n) => (i18n.locale === 'en' ? 'en-GB' : i18n.locale);

/** "Ann First", "Ann First and Ben Second", "Ann First, Ben Second and Carla Chief", as the page's language joins them. */
export function nameList(i18n: I18n, names: readonly string[]): string {
  return names.length < 2 ? (names[0] ?? '') : formatList(names, listLocale(i18n));
}

/** "Ann First, Ben Second": names one after the other, without "and" where the language has none. */
export function nameRow(i18n: I18n, names: readonly string[]): string {
  return formatList(names, listLocale(i18n), 'unit');
}

/** Those still to sign besides the link's signer, in order; the owner's is named a countersignature. */
export function othersAwaiting(i18n: I18n, signing: TSharedSigning): string[] {
  return signing.signers
    .filter((s) => !s.you && !s.signedAt)
    .map((s) => (s.party === 'owner' ? i18n._('{name} (countersignature)', { name: s.name }) : s.name));
}

/**
 * The client whose choices were fixed for everyone after them: the first to sign. Null when no
 * client has signed (or the page has no time for it).
 */
export function firstClientSigner(signing: TSharedSigning): TSigner | null {
  let first: TSigner | null = null;
  for (const s of signing.signers) {
    if (s.party === 'client' && s.signedAt && (!first || s.signedAt < first.signedAt!)) first = s;
  }
  return first;
}

/** Who accepted: every client who signed, in order (acceptances from before several signers: their one). */
export function acceptedBy(i18n: I18n, certificate: Pick<TAcceptanceCertificate, 'name' | 'signatures'>): string {
  const clients = certificate.signatures.filter((s) => s.party === 'client').map((s) => s.name);
  return clients.length > 0 ? nameList(i18n, clients) : certificate.name;
}
