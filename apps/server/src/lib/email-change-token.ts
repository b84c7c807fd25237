import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * better-auth's change-of-email token, read: the auth setup (auth.ts) tells a change's
 * confirmation mail from a sign-up's with it, and the auth module checks the change.
 */
const ZChangeToken = z.object({
  email: z.string(),
  updateTo: z.string(),
  requestType: z.literal('change-email-verification'),
  userId: z.string(),
  exp: z.number(),
});

/**
 * The change a `/verify-email` token asks for, once its signature (HS256 with the auth secret,
 * as better-auth signs it) and expiry are checked: a forged token must not learn, through our
 * answer, whether an address has an account.
 */
export function emailChangeOf(token: string, secret: string): { from: string; to: string; userId: string } | null {
  const [header, payload, signature] = token.split('.');
  if (!header || !payload || !signature) return null;
  const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const parsed = ZChangeToken.safeParse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    if (!parsed.success || parsed.data.exp * 1000 < Date.now()) return null;
    return { from: parsed.data.email, to: parsed.data.updateTo, userId: parsed.data.userId };
  } catch {
    return null;
  }
}
