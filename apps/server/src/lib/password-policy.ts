import { PASSWORD_MAX, PASSWORD_MIN } from '@draftwell/shared';

/** How many of the most common passwords (ranked by how often they leak) we refuse. */
const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | null = null;

async function commonPasswords(): Promise<Set<string>> {
  if (!common) {
    // Loaded on first use so that it costs nothing at start-up.
    const { dictionary } = await import('@zxcvbn-ts/language-common');
    const ranked = dictionary['passwords-common'] as string[];
    common = new Set(ranked.slice(0, COMMON_PASSWORDS_REFUSED).map((p) => p.toLowerCase()));
  }
  return common;
}

/** The reason a password is refused, in words a person can act on; null when it is fine. */
export async function passwordProblem(password: string): Promise<string | null> {
  if (password.length < PASSWORD_MIN) return `Use at least ${PASSWORD_MIN} characters.`;
  if (password.length > PASSWORD_MAX) return `Use at most ${PASSWORD_MAX} characters.`;
  if ((await commonPasswords()).has(password.toLowerCase())) {
    return 'This password is one of the most common ones and easy to guess. Choose another.';
  }
  return null;
}
