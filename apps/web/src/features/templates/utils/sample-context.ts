import { documentLocale } from '@draftwell/shared/document/locale';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import { englishI18n } from '@draftwell/shared/i18n/english';
import type { I18n } from '@draftwell/shared/i18n/i18n';

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
  i18n = englishI18n,
}: {
  title: string;
  currency?: string | undefined;
  senderName?: string | undefined;
  senderCompany?: string | undefined;
  /** The profile's document locale; en-US when it is not known. */
  locale?: string | undefined;
  /** The owner's app language, for the stand-in client's words; English when not given. */
  i18n?: I18n | undefined;
}): TDocumentContext {
  return {
    proposal: { title, number: 'P-0001', validUntil: inDays(30), currency: currency || 'USD', totals: null },
    client: { name: i18n._('Your client'), company: i18n._('Client company'), email: 'client@example.com' },
    sender: { name: senderName || i18n._('You'), company: senderCompany || '' },
    locale: documentLocale(locale),
  };
}
