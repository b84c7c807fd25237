import { documentLocale } from '@draftwell/shared/document/locale';
import type { TDocumentContext } from '@draftwell/shared/document/variables';

/** yyyy-mm-dd of the local calendar date `days` from today. */
function inDays(days: number): string {
  const date = new Date();
  date.setDate(date.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** What a template preview fills its variables with: the user's own details and a stand-in client. */
export function sampleContext({
  title,
  currency,
  senderName,
  senderCompany,
  locale,
}: {
  title: string;
  currency?: string | undefined;
  senderName?: string | undefined;
  senderCompany?: string | undefined;
  /** The profile's document locale; en-US when it is not known. */
  locale?: string | undefined;
}): TDocumentContext {
  return {
    proposal: { title, number: 'P-0001', validUntil: inDays(30), currency: currency || 'USD', totals: null },
    client: { name: 'Your client', company: 'Client company', email: 'client@example.com' },
    sender: { name: senderName || 'You', company: senderCompany || '' },
    locale: documentLocale(locale),
  };
}
