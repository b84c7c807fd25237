import { PROTECTED_ROUTES, PUBLIC_ROUTES } from '@draftwell/shared/paths';

/** Every URL the app links to; no string URLs elsewhere. */
export const paths = {
  ...PUBLIC_ROUTES,
  dashboard: PROTECTED_ROUTES.dashboard,
  templates: PROTECTED_ROUTES.templates,
  profile: PROTECTED_ROUTES.profile,
  editDraft: (id: string) => `/edit-draft/${encodeURIComponent(id)}`,
  templateEdit: (id: string) => `/templates/${encodeURIComponent(id)}/edit`,
  proposal: (id: string) => `/proposals/${encodeURIComponent(id)}`,
  signUp: (plan?: string) => `${PUBLIC_ROUTES.auth}?tab=sign-up${plan ? `&plan=${encodeURIComponent(plan)}` : ''}`,
  signIn: () => `${PUBLIC_ROUTES.auth}?tab=sign-in`,
  /** A download, not a screen: the server answers with an attachment. */
  exportData: '/api/account/export',
} as const;

export { PROTECTED_ROUTES, PUBLIC_ROUTES };
