/**
 * Every address of this server that goes out in a mail, a PDF, a webhook or an answer, built
 * from BASE_URL in one place (issue 26): a link is spelled one way, with or without BASE_URL's
 * trailing slash.
 */
const origin = (baseUrl: string) => baseUrl.replace(/\/$/, '');

/** A signer's page: the proposal as the client reads, signs and pays it. */
export const shareUrl = (baseUrl: string, token: string) => `${origin(baseUrl)}/p/${token}`;

/** The owner's editor of a proposal. */
export const ownerUrl = (baseUrl: string, proposalId: string) => `${origin(baseUrl)}/proposals/${proposalId}`;

/** /verify, and with a revision's hash the check of that revision (the certificate's QR code). */
export const verifyUrl = (baseUrl: string, revisionHash?: string) =>
  `${origin(baseUrl)}/verify${revisionHash ? `?hash=${revisionHash}` : ''}`;

/** The sealed PDF's download, for the owner (signed in) and for a signer (by their link's token). */
export const sealedPdfUrls = {
  owner: (baseUrl: string, proposalId: string) => `${origin(baseUrl)}/api/proposals/${proposalId}/sealed-pdf`,
  client: (baseUrl: string, token: string) => `${origin(baseUrl)}/api/share/${token}/sealed-pdf`,
};

/** The owner's webhooks and API keys (Profile → Developers). */
export const developersUrl = (baseUrl: string) => `${origin(baseUrl)}/profile?tab=developers`;

/** A path of this server (one that starts with /) as an absolute address. */
export const absoluteUrl = (baseUrl: string, path: string) => `${origin(baseUrl)}${path}`;
