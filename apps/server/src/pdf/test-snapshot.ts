import { documentTotals } from '@draftwell/shared/document/pricing';
import type { TDocument } from '@draftwell/shared/document/schema';
import type { TLanguage } from '@draftwell/shared/i18n/languages';
import type { TRevisionSnapshot } from '@draftwell/shared/share/revision';

/** For the PDF tests: a sent revision of `document`, from North Pixel's Sam Carter to `clientName`. */
export function snapshotOf(document: TDocument, language: TLanguage, clientName: string): TRevisionSnapshot {
  return {
    proposalId: '0b5d3c0e-6f3e-4d55-9d6c-5f0a3e1d2c4b',
    number: 'P-2026-0025',
    title: 'Website',
    client: { name: clientName, company: '', email: '', phone: '', address: '' },
    currency: 'EUR',
    validUntil: '2026-12-31',
    document,
    totals: documentTotals(document),
    sender: {
      name: 'Sam Carter',
      company: 'North Pixel',
      jobTitle: '',
      email: '',
      phone: '',
      website: '',
      address: '',
      brandColor: '#0f766e',
      logoFileId: null,
    },
    message: '',
    sentAt: '2026-03-02T09:30:00.000Z',
    language,
  } as TRevisionSnapshot;
}
