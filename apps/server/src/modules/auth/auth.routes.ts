import { Hono } from 'hono';
import type { TSession } from '@draftwell/shared';
import { supportedAppLanguage } from '@draftwell/shared/i18n/languages';
import type { TAppEnv } from '../../deps';

/**
 * The session as the client sees it (S8): the user and when the session expires. The
 * credentials themselves stay in httpOnly cookies (docs/decisions/0002-session-cookies.md).
 */
export const sessionRoutes = new Hono<TAppEnv>().get('/', async (c) => {
  const { headers, response } = await c.var.deps.auth.api.getSession({
    headers: c.req.raw.headers,
    returnHeaders: true,
  });
  // A sliding renewal may have refreshed the cookie: pass it on.
  for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
  c.header('cache-control', 'no-store');
  if (!response) return c.json({ session: null as TSession | null });
  const { user, session } = response;
  const body: TSession = {
    user: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      appLanguage: supportedAppLanguage(user.appLanguage),
    },
    expiresAt: new Date(session.expiresAt).toISOString(),
  };
  return c.json({ session: body as TSession | null });
});
