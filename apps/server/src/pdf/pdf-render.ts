import { Font, renderToBuffer } from '@react-pdf/renderer';
import { PricingError, documentTotals, type TPricingTotals } from '@draftwell/shared/document/pricing';
import { ZPricingSelection, type TPricingSelection } from '@draftwell/shared/document/schema';
import { PdfRenderError } from './pdf-error';
import { paperAccents, snapshotContext } from '@draftwell/shared/document/display';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { languageInfo, languageOf } from '@draftwell/shared/i18n/languages';
import { serverI18n } from '../lib/i18n';
import { bodyCoverage, bodyFontFamilies, monoFontFamilies, registerPdfFonts } from './pdf-fonts';
import { breakLongWord, createTextCleaner } from './pdf-text';
import { loadSignatureFont, registerSignatureFont } from './signature-font';
import type { TPdfWorkerInput } from './pdf-types';
import { proposalPdf, type TPdfModel } from './proposal-pdf';

/**
 * Renders one proposal in this thread. Only the PDF worker calls it: layout is synchronous,
 * CPU-heavy work that must never run on the server's event loop (QUALITY P6).
 */

let fontsReady: Promise<(text: string) => string> | null = null;

/** Registers the fonts once per worker (pdf-fonts.ts), and makes the cleaner of what none can draw. */
function setUpFonts(): Promise<(text: string) => string> {
  fontsReady ??= (async () => {
    registerPdfFonts();
    // Typed signatures (blocks/signature-mark.tsx): loaded only by a render that draws one.
    registerSignatureFont();
    Font.registerHyphenationCallback((word) => breakLongWord(word));
    return createTextCleaner(await bodyCoverage());
  })();
  return fontsReady;
}

function invalid(message: string, cause?: unknown): PdfRenderError {
  return new PdfRenderError('invalid', message, { cause });
}

/**
 * `i18n`: the language the PDF's own words are in; the proposal's (its revision's `language`, English
 * for one sent before languages) unless a test gives another.
 */
export async function renderProposalPdfInThread(
  input: TPdfWorkerInput,
  i18n: I18n = serverI18n(input.snapshot.language),
): Promise<Uint8Array> {
  const clean = await setUpFonts();

  // The snapshot passed the document schema when it was frozen, so it is not parsed again here:
  // a strict parse would refuse a whole proposal for one bad image address, which the renderer
  // shows as its alt text instead (A15). The renderer checks what it draws as it goes.
  const document = input.snapshot.document;

  // A certificate's choices are what was accepted: the PDF shows them unless told otherwise.
  let selection: TPricingSelection | undefined = input.selection ?? input.certificate?.selection ?? undefined;
  if (selection) {
    const checked = ZPricingSelection.safeParse(selection);
    if (!checked.success) throw invalid(`The pricing choices cannot be rendered: ${checked.error.issues[0]?.message}`);
    selection = checked.data;
  }
  let totals: TPricingTotals;
  try {
    totals = documentTotals(document, selection);
  } catch (error) {
    if (error instanceof PricingError) throw invalid(error.message, error);
    throw error;
  }

  const snapshot = input.snapshot;
  // A typed signature's size is fitted to its box with the handwriting font's faces.
  if (input.certificate?.signatures?.some((signature) => signature.mark?.kind === 'typed')) await loadSignatureFont();
  const accents = paperAccents(snapshot.sender.brandColor);
  const model: TPdfModel = {
    snapshot,
    revision: input.revision,
    selection,
    certificate: input.certificate ?? null,
    verifyUrl: typeof input.verifyUrl === 'string' && /^https?:\/\//.test(input.verifyUrl) ? input.verifyUrl : null,
    showMadeWithFooter: input.showMadeWithFooter,
    images: input.images,
    context: snapshotContext(snapshot, totals),
    i18n,
    rtl: languageInfo(languageOf(i18n.locale)).dir === 'rtl',
    accent: accents.text,
    brand: accents.rule,
    clean,
    // The proposal's language picks the CJK face its Han characters take (Japanese forms in `ja`).
    fonts: { body: bodyFontFamilies(snapshot.language), mono: monoFontFamilies(snapshot.language) },
  };
  const buffer = await renderToBuffer(proposalPdf(model, totals));
  // A view on a pooled or shared ArrayBuffer cannot be transferred: copy it into its own.
  return buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength
    ? new Uint8Array(buffer.buffer, 0, buffer.byteLength)
    : new Uint8Array(buffer);
}
