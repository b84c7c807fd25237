import { PROTECTED_ROUTES, PUBLIC_PAGE_ROUTES, PUBLIC_ROUTES, SHARE_ROUTES } from '@draftwell/shared/paths';

/** Every URL the app links to; no string URLs elsewhere. */
export const paths = {
  ...PUBLIC_ROUTES,
  dashboard: PROTECTED_ROUTES.dashboard,
  templates: PROTECTED_ROUTES.templates,
  profile: PROTECTED_ROUTES.profile,
  /** The library: saved sections, and saved items on its second tab. */
  library: PROTECTED_ROUTES.library,
  libraryItems: `${PROTECTED_ROUTES.library}?tab=items`,
  verify: SHARE_ROUTES.verify,
  editDraft: (id: string) => `/edit-draft/${encodeURIComponent(id)}`,
  /** The editor, asked to bring one field forward (a send check named it: `client.email`, `validUntil`…). */
  editDraftField: (id: string, field: string) =>
    `/edit-draft/${encodeURIComponent(id)}?fix=${encodeURIComponent(field)}`,
  /** Profile → Plan: the plan, usage meters and billing. */
  plan: `${PROTECTED_ROUTES.profile}?tab=plan`,
  /** Profile → Payments: the owner's own Stripe account, where clients pay after signing. */
  payments: `${PROTECTED_ROUTES.profile}?tab=payments`,
  /** Profile → Developers: API keys and webhook endpoints. */
  developerSettings: `${PROTECTED_ROUTES.profile}?tab=developers`,
  /** The public API's OpenAPI document (JSON), as the server serves it. */
  openApiDocument: '/api/v1/openapi.json',
  templateEdit: (id: string) => `/templates/${encodeURIComponent(id)}/edit`,
  sectionEdit: (id: string) => `/library/sections/${encodeURIComponent(id)}`,
  proposal: (id: string) => `/proposals/${encodeURIComponent(id)}`,
  /** The client's page of a sent proposal. */
  share: (token: string) => `/p/${encodeURIComponent(token)}`,
  signUp: (plan?: string) => `${PUBLIC_ROUTES.auth}?tab=sign-up${plan ? `&plan=${encodeURIComponent(plan)}` : ''}`,
  signIn: () => `${PUBLIC_ROUTES.auth}?tab=sign-in`,
  /** A download, not a screen: the server answers with an attachment. */
  exportData: '/api/account/export',
  /** Downloads: the newest sent revision (with its certificate once accepted), or one revision. */
  proposalPdf: (id: string) => `/api/proposals/${encodeURIComponent(id)}/pdf`,
  revisionPdf: (id: string, number: number) => `/api/proposals/${encodeURIComponent(id)}/revisions/${number}/pdf`,
  /** The accepted proposal's sealed (digitally signed) PDF, as stored when it was sealed. */
  proposalSealedPdf: (id: string) => `/api/proposals/${encodeURIComponent(id)}/sealed-pdf`,
  /** A stored file of the signed-in user's (the logo on their own proposals). */
  file: (id: string) => `/api/files/${encodeURIComponent(id)}`,
  /**
   * The PDF of a shared proposal (a download): the newest revision, or revision `revision`; for an
   * accepted proposal, with the client's choices and the certificate page.
   */
  sharePdf: (token: string, revision?: number) =>
    `/api/share/${encodeURIComponent(token)}/pdf${revision === undefined ? '' : `?revision=${revision}`}`,
  /** The accepted proposal's sealed (digitally signed) PDF, through the client's link. */
  shareSealedPdf: (token: string) => `/api/share/${encodeURIComponent(token)}/sealed-pdf`,
  /** A stored file (the logo, a document image) as the client's link serves it. */
  shareFile: (token: string, fileId: string) =>
    `/api/share/${encodeURIComponent(token)}/files/${encodeURIComponent(fileId)}`,
} as const;

export { PROTECTED_ROUTES, PUBLIC_PAGE_ROUTES, PUBLIC_ROUTES, SHARE_ROUTES };
