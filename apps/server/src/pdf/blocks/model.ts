import type { I18n } from '@draftwell/shared/i18n/i18n';
import { moneyLocale } from '@draftwell/shared/document/locale';
import { formatMoney } from '@draftwell/shared/money';
import type { TPricingSelection } from '@draftwell/shared/document/schema';
import type { TDocumentContext } from '@draftwell/shared/document/variables';
import type { TAcceptanceCertificate, TRevisionSnapshot } from '@draftwell/shared/share/revision';
import type { TPdfWorkerImage } from '../pdf-types';

/** Everything the document needs, worked out before layout starts. */
export type TPdfModel = {
  snapshot: TRevisionSnapshot;
  revision: { number: number; hash: string };
  selection: TPricingSelection | undefined;
  certificate: TAcceptanceCertificate | null;
  /** Where the certificate page sends a reader (and its QR code a phone) to check it. */
  verifyUrl: string | null;
  showMadeWithFooter: boolean;
  images: Record<string, TPdfWorkerImage>;
  context: TDocumentContext;
  /** Readable on white (text); the brand colour itself (bars). */
  accent: string;
  brand: string;
  /** The proposal's language (its revision's): the PDF's own words are in it (decision 0027). */
  i18n: I18n;
  /** The proposal's language is written right to left (Arabic, Hebrew): the PDF's own paragraphs are too. */
  rtl: boolean;
  /** Every string drawn passes through this (see pdf-text.ts). */
  clean: (text: string) => string;
  fonts: { body: string[]; mono: string[] };
};

/**
 * The document passed the schema when it was sent, but the renderer does not stake a render on
 * it: a missing array draws nothing, a bad number draws a dash, an unknown node is skipped.
 */
export function list<T>(value: readonly T[] | null | undefined): readonly T[] {
  return Array.isArray(value) ? value : [];
}

/**
 * An image's bytes as the Buffer react-pdf sniffs (PNG or JPEG, checked on the main thread): never
 * a string or URL, which it would read from disk or fetch. A view, not a copy.
 */
export function bytes(image: TPdfWorkerImage): Buffer {
  return Buffer.from(image.data.buffer, image.data.byteOffset, image.data.byteLength);
}

/** A stored file given to the renderer, or undefined (an own key only: never Object.prototype's). */
export function imageFor(model: TPdfModel, id: string | null): TPdfWorkerImage | undefined {
  return id !== null && Object.hasOwn(model.images, id) ? model.images[id] : undefined;
}

export function money(model: TPdfModel, minor: number, currency = model.snapshot.currency): string {
  return formatMoney(minor, currency, moneyLocale(model.i18n.locale));
}
