import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream, PdfString, type PdfObject } from '@libpdf/core';
import { formatNumber } from '@draftwell/shared/i18n/format';
import { AppError } from '../../lib/app-error';
import { sha256Hex } from '../../lib/sha256';
import {
  DecodeBudget,
  DecodeLimitError,
  MAX_STREAM_DECODED_BYTES,
  MAX_TOTAL_DECODED_BYTES,
  decodeWithLibrary,
  decodedSize,
  withBoundedDecoding,
} from './bounded-decoding';

/**
 * An uploaded PDF, inspected before anything is stored (issue 27, QUALITY A29). `inspectPdf`
 * either describes the file or refuses it with a 4xx `AppError` whose message says what to do;
 * it stores nothing, so a refused upload leaves nothing behind.
 *
 * What is refused, and why: a file we cannot draw fields into and seal safely (not a PDF,
 * damaged, encrypted), one that would make a reader do something other than show pages
 * (JavaScript, launching programs, opening or importing other files, sending form data,
 * multimedia), one that carries other files (attachments), an XFA form (pdf.js cannot show it),
 * and anything sized to exhaust the server (bytes, pages, objects, nesting, decoded streams,
 * absurd page sizes). Web links (http, https, mailto) are ordinary in contracts and are kept;
 * the server never resolves them, and the only thing read of them is their scheme.
 *
 * The work is bounded for hostile input: the bytes are capped before parsing, every stream's
 * decoded size is measured with a cap before the library may decode it (`bounded-decoding.ts`),
 * the object walk is iterative with a count and a depth cap, and nothing is fetched.
 */

export const PDF_MAX_BYTES = 25 * 1024 * 1024;
export const PDF_MAX_PAGES = 500;
/** Objects reachable from the trailer, and the cross-reference table's declared size. */
export const PDF_MAX_OBJECTS = 200_000;
/** Arrays and dictionaries inside each other, within one object. */
export const PDF_MAX_NESTING = 64;
/** A page side, in points: 1 inch to 200 inches. */
export const PAGE_MIN_SIDE_PT = 72;
export const PAGE_MAX_SIDE_PT = 200 * 72;

export type TPdfFieldKind = 'text' | 'checkbox' | 'radio' | 'button' | 'dropdown' | 'listbox' | 'signature';

/** An AcroForm widget, placed as fractions of its page as shown (0–1, origin top-left, after /Rotate). */
export type TPdfFormField = {
  name: string;
  kind: TPdfFieldKind;
  /** 0-based page index. */
  page: number;
  x: number;
  y: number;
  width: number;
  height: number;
};

export type TPdfPage = {
  /** The visible page (CropBox within MediaBox) as shown: after /Rotate, times /UserUnit. */
  widthPt: number;
  heightPt: number;
  rotation: 0 | 90 | 180 | 270;
};

export type TPdfIntake = {
  pageCount: number;
  pages: TPdfPage[];
  /** SHA-256 of the bytes as uploaded, lowercase hex. */
  sha256: string;
  formFields: TPdfFormField[];
};

export type TPdfRefusal =
  | 'too_large'
  | 'not_pdf'
  | 'damaged'
  | 'encrypted'
  | 'no_pages'
  | 'too_many_pages'
  | 'too_many_objects'
  | 'too_deep'
  | 'decompression_bomb'
  | 'javascript'
  | 'launch_action'
  | 'other_file_action'
  | 'submit_action'
  | 'unsafe_link'
  | 'media'
  | 'embedded_files'
  | 'xfa'
  | 'page_size';

const AGAIN = 'Save or print it again as a new PDF and upload that copy.';

const MESSAGES: Record<Exclude<TPdfRefusal, 'too_many_pages' | 'page_size'>, string> = {
  too_large:
    'This PDF is larger than 25 MB. Make it smaller (for example, save it again with smaller images) and upload it again.',
  not_pdf: 'This file is not a PDF. Save or export the document as a PDF and upload that.',
  damaged: `This PDF is damaged and could not be read. ${AGAIN}`,
  encrypted: `This PDF is encrypted or protected with a password. Remove the protection, or print it to a new PDF, and upload that copy.`,
  no_pages: 'This PDF has no pages. Upload the document with its pages.',
  too_many_objects: `This PDF is built from more than ${formatNumber(PDF_MAX_OBJECTS, 'en')} objects, too many to process safely. ${AGAIN}`,
  too_deep: `This PDF nests its contents too deeply to be read safely. ${AGAIN}`,
  decompression_bomb: `Part of this PDF unpacks to more than ${MAX_STREAM_DECODED_BYTES / 2 ** 20} MB (or the whole file to more than ${MAX_TOTAL_DECODED_BYTES / 2 ** 20} MB), too much to process safely. ${AGAIN}`,
  javascript: `This PDF contains JavaScript, which a document for signing may not run. ${AGAIN}`,
  launch_action: `This PDF contains an action that starts a program or opens a file on the reader's computer. Remove it, or print the document to a new PDF, and upload that copy.`,
  other_file_action: `This PDF contains a link or action that opens or imports another file. Remove it, or print the document to a new PDF, and upload that copy.`,
  submit_action: `This PDF contains a form button that sends its data to an address. Remove it, or print the document to a new PDF, and upload that copy.`,
  unsafe_link: `This PDF contains a link that is not a web or email address (only http, https and mailto links are kept). Remove it and upload the PDF again.`,
  media: `This PDF contains sound, video, 3D or other rich media, which cannot be signed. ${AGAIN}`,
  embedded_files:
    'This PDF carries attached or embedded files. Remove the attachments and upload them as separate documents.',
  xfa: 'This PDF is an XFA form (made with Adobe LiveCycle or AEM Designer), which cannot be shown or signed here. Print it to a new PDF and upload that copy.',
};

const CODES: Partial<Record<TPdfRefusal, 'too_large' | 'unsupported_media_type'>> = {
  too_large: 'too_large',
  not_pdf: 'unsupported_media_type',
};

/** A refused upload: 413 (too large), 415 (not a PDF), else 422; `details.reason` names the check. */
export class PdfRefusedError extends AppError {
  constructor(
    readonly reason: TPdfRefusal,
    message: string = MESSAGES[reason as keyof typeof MESSAGES],
  ) {
    super(CODES[reason] ?? 'unprocessable', message, { details: { reason } });
  }
}

const refuse = (reason: TPdfRefusal, message?: string): never => {
  throw new PdfRefusedError(reason, message);
};

/**
 * Actions refused, by their /S. Moving within the document (GoTo, Named, Thread), showing or
 * hiding parts of it (Hide, SetOCGState, Trans), resetting a form and web links (URI, checked
 * below) stay.
 */
const ACTION_REFUSALS: Record<string, TPdfRefusal> = {
  JavaScript: 'javascript',
  Launch: 'launch_action',
  GoToR: 'other_file_action',
  GoToE: 'other_file_action',
  ImportData: 'other_file_action',
  SubmitForm: 'submit_action',
  Sound: 'media',
  Movie: 'media',
  Rendition: 'media',
  GoTo3DView: 'media',
  RichMediaExecute: 'media',
};
const MEDIA_ANNOTATIONS = new Set(['Sound', 'Movie', 'Screen', '3D', 'RichMedia']);
const SAFE_LINK = /^(https?:|mailto:)/i;

/**
 * Inspects an uploaded PDF: its pages, its AcroForm fields and its SHA-256, or a `PdfRefusedError`
 * for anything A29 names. Call it before storing anything.
 */
export async function inspectPdf(bytes: Uint8Array): Promise<TPdfIntake> {
  if (bytes.byteLength > PDF_MAX_BYTES) refuse('too_large');
  if (!looksLikePdf(bytes)) refuse('not_pdf');

  const budget = new DecodeBudget();
  const loading = guarded(budget, bytes, () => {
    // Its body runs to the end synchronously, inside the bounded span; a rejection is read below.
    const load = PDF.load(bytes);
    load.catch(() => undefined);
    return load;
  });
  const pdf = await loading.catch((err: unknown) => rethrow(err, budget, bytes));

  if (pdf.isEncrypted || pdf.context.info.trailer.has('Encrypt')) refuse('encrypted');
  // Rebuilt from a scan of its objects (no usable cross-reference table, often a file cut short):
  // what we would seal might not be what its author sent.
  if (pdf.recoveredViaBruteForce) refuse('damaged');
  const declaredSize = pdf.context.info.trailer.getNumber('Size')?.value ?? 0;
  if (declaredSize > PDF_MAX_OBJECTS + 1) refuse('too_many_objects');
  const pageCount = pdf.getPageCount();
  const pagesRoot = resolved(pdf, pdf.getCatalog().get('Pages'));
  const declaredPages = pagesRoot instanceof PdfDict ? (pagesRoot.getNumber('Count')?.value ?? 0) : 0;
  // The lenient parser drops an object it cannot read (one nested past its depth limit, say); a
  // page tree that came out short is diagnosed by a strict read.
  if (pageCount < declaredPages) await diagnose(bytes, budget);
  if (pageCount === 0) refuse('no_pages');
  if (pageCount > PDF_MAX_PAGES) {
    refuse(
      'too_many_pages',
      `This PDF has ${pageCount} pages; the limit is ${PDF_MAX_PAGES}. Split it into smaller documents and upload them separately.`,
    );
  }

  const { streams, pages, formFields } = guarded(budget, bytes, () => {
    const found = walkObjects(pdf);
    const pageBoxes = pdf.getPages().map((page, index) => pageBox(pdf, page.dict, index));
    return { streams: found, pages: pageBoxes, formFields: readFields(pdf, pageBoxes) };
  });

  // Every stream the seal might decode later (page content, appearances, fonts), measured now.
  for (const stream of streams) {
    if (budget.remaining <= 0) refuse('decompression_bomb');
    const size = await decodedSize(stream, budget.remaining, decodeWithLibrary);
    try {
      budget.spend(size);
    } catch {
      refuse('decompression_bomb');
    }
  }

  return {
    pageCount,
    pages: pages.map(({ widthPt, heightPt, rotation }) => ({ widthPt, heightPt, rotation })),
    sha256: sha256Hex(bytes),
    formFields,
  };
}

/** Why a lenient read lost pages: the strict reader's error, as a refusal. */
async function diagnose(bytes: Uint8Array, budget: DecodeBudget): Promise<never> {
  try {
    const strict = await guarded(budget, bytes, () => {
      const load = PDF.load(bytes, { lenient: false });
      load.catch(() => undefined);
      return load;
    });
    withBoundedDecoding(budget, () => strict.getPages());
  } catch (err) {
    if (budget.exceeded) refuse('decompression_bomb');
    if (err instanceof Error && /nesting depth/i.test(err.message)) refuse('too_deep');
    if (err instanceof PdfRefusedError && err.reason !== 'damaged') throw err;
  }
  return refuse('damaged');
}

/** `%PDF-` within the first 1024 bytes (as readers accept it), and at least one object in the file. */
function looksLikePdf(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const header = buffer.indexOf('%PDF-');
  if (header < 0 || header > 1024) return false;
  return /\d+\s+\d+\s+obj\b/.test(buffer.toString('latin1'));
}

/** Runs synchronous library work with decoding bounded; a trip of the budget wins over whatever the library made of it. */
function guarded<T>(budget: DecodeBudget, bytes: Uint8Array, work: () => T): T {
  let result: T;
  try {
    result = withBoundedDecoding(budget, work);
  } catch (err) {
    return rethrow(err, budget, bytes);
  }
  if (budget.exceeded) refuse('decompression_bomb');
  return result;
}

function rethrow(err: unknown, budget: DecodeBudget, bytes: Uint8Array): never {
  if (err instanceof PdfRefusedError) throw err;
  if (budget.exceeded || err instanceof DecodeLimitError) refuse('decompression_bomb');
  if (err instanceof RangeError && /call stack/i.test(err.message)) refuse('too_deep');
  // A file the parser gave up on, with an /Encrypt in it, is most likely one it could not decrypt.
  if (Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes('/Encrypt')) refuse('encrypted');
  return refuse('damaged');
}

/**
 * Every object reachable from the trailer, once each, without recursion: counts them, caps the
 * nesting, refuses what A29 names, and answers the streams for measuring. Only dictionary keys
 * and names are read; no stream is decoded here and no link is followed.
 */
function walkObjects(pdf: PDF): PdfStream[] {
  const streams: PdfStream[] = [];
  const seen = new Set<string>();
  const stack: Array<[PdfObject, number]> = [];
  const resolve = (value: PdfObject, depth: number) => {
    if (value instanceof PdfRef) {
      const key = `${value.objectNumber} ${value.generation}`;
      if (seen.has(key)) return;
      seen.add(key);
      if (seen.size > PDF_MAX_OBJECTS) refuse('too_many_objects');
      const target = pdf.getObject(value);
      if (target) stack.push([target, 0]);
    } else if (value instanceof PdfArray || value instanceof PdfDict) {
      if (depth > PDF_MAX_NESTING) refuse('too_deep');
      stack.push([value, depth]);
    }
  };
  const trailer = pdf.context.info.trailer;
  for (const key of ['Root', 'Info']) {
    const value = trailer.get(key);
    if (value) resolve(value, 0);
  }
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value instanceof PdfArray) {
      for (const item of value) resolve(item, depth + 1);
      continue;
    }
    if (!(value instanceof PdfDict)) continue;
    checkDict(pdf, value);
    if (value instanceof PdfStream) streams.push(value);
    for (const [, item] of value) resolve(item, depth + 1);
  }
  return streams;
}

/** The A29 checks on one dictionary (a catalog, a name tree, an annotation, an action…). */
function checkDict(pdf: PDF, dict: PdfDict): void {
  // A reader follows a reference where a name or a string belongs, so the check does too.
  const value = (key: string) => resolved(pdf, dict.get(key));
  const name = (key: string) => {
    const v = value(key);
    return v instanceof PdfName ? v.value : undefined;
  };
  if (dict.has('JS') || dict.has('JavaScript')) refuse('javascript');
  if (dict.has('XFA')) refuse('xfa');
  if (dict.has('EmbeddedFiles') || dict.has('EF') || name('Type') === 'EmbeddedFile') refuse('embedded_files');
  const subtype = name('Subtype');
  if (subtype === 'FileAttachment') refuse('embedded_files');
  if (subtype && MEDIA_ANNOTATIONS.has(subtype) && name('Type') !== 'XObject') refuse('media');
  const action = name('S');
  if (!action) return;
  const refusal = ACTION_REFUSALS[action];
  if (refusal) refuse(refusal);
  if (action === 'URI') {
    const uri = value('URI');
    if (!(uri instanceof PdfString) || !SAFE_LINK.test(uri.asString().trim())) refuse('unsafe_link');
  }
}

type TBox = TPdfPage & { x0: number; y0: number; x1: number; y1: number; index: number };
type TRect = { x0: number; y0: number; x1: number; y1: number };

const resolved = (pdf: PDF, value: PdfObject | undefined): PdfObject | undefined =>
  value instanceof PdfRef ? (pdf.getObject(value) ?? undefined) : value;

/** A page attribute, inherited through /Parent as the page tree allows (bounded, loop-safe). */
function inherited(pdf: PDF, page: PdfDict, key: string): PdfObject | undefined {
  const seen = new Set<PdfDict>();
  for (
    let node: PdfObject | undefined = page;
    node instanceof PdfDict && !seen.has(node) && seen.size < PDF_MAX_NESTING;
  ) {
    seen.add(node);
    const value = resolved(pdf, node.get(key));
    if (value !== undefined) return value;
    node = resolved(pdf, node.get('Parent'));
  }
  return undefined;
}

/** A box array as corners; @libpdf/core 0.4.2's getMediaBox reads [x1 y1 x2 y2] as x, y, width, height, so it is read here. */
function rectOf(pdf: PDF, value: PdfObject | undefined): TRect | null {
  if (!(value instanceof PdfArray) || value.length < 4) return null;
  const n = [0, 1, 2, 3].map((i) => {
    const item = resolved(pdf, value.at(i));
    return item instanceof PdfNumber ? item.value : Number.NaN;
  });
  if (!n.every(Number.isFinite)) return null;
  const [a, b, c, d] = n as [number, number, number, number];
  return { x0: Math.min(a, c), y0: Math.min(b, d), x1: Math.max(a, c), y1: Math.max(b, d) };
}

function pageBox(pdf: PDF, dict: PdfDict, index: number): TBox {
  // A page without a MediaBox is shown as US Letter, as readers do.
  const media = rectOf(pdf, inherited(pdf, dict, 'MediaBox')) ?? { x0: 0, y0: 0, x1: 612, y1: 792 };
  const crop = rectOf(pdf, inherited(pdf, dict, 'CropBox')) ?? media;
  // What a reader shows: the CropBox clipped to the MediaBox.
  const box = {
    x0: Math.max(media.x0, crop.x0),
    y0: Math.max(media.y0, crop.y0),
    x1: Math.min(media.x1, crop.x1),
    y1: Math.min(media.y1, crop.y1),
  };
  const rotate = resolved(pdf, inherited(pdf, dict, 'Rotate'));
  const turns = rotate instanceof PdfNumber ? Math.round(rotate.value / 90) : 0;
  const rotation = ((((turns % 4) + 4) % 4) * 90) as 0 | 90 | 180 | 270;
  const unit = resolved(pdf, dict.get('UserUnit'));
  const scale = unit instanceof PdfNumber && unit.value > 0 ? unit.value : 1;
  const w = Math.max(0, box.x1 - box.x0) * scale;
  const h = Math.max(0, box.y1 - box.y0) * scale;
  const [widthPt, heightPt] = rotation === 90 || rotation === 270 ? [h, w] : [w, h];
  if (![widthPt, heightPt].every((side) => side >= PAGE_MIN_SIDE_PT && side <= PAGE_MAX_SIDE_PT)) {
    const inches = (side: number) => Math.round((side / 72) * 100) / 100;
    refuse(
      'page_size',
      `Page ${index + 1} of this PDF is ${inches(widthPt)} × ${inches(heightPt)} inches; each side must be between 1 and 200 inches. Fix the page size and upload it again.`,
    );
  }
  return { ...box, widthPt, heightPt, rotation, index };
}

/** A point of the page's user space as fractions of the page as shown (origin top-left). */
function toFraction(box: TBox, x: number, y: number): [number, number] {
  const fx = (x - box.x0) / (box.x1 - box.x0);
  const fy = (y - box.y0) / (box.y1 - box.y0);
  switch (box.rotation) {
    case 90:
      return [fy, fx];
    case 180:
      return [1 - fx, fy];
    case 270:
      return [1 - fy, 1 - fx];
    default:
      return [fx, 1 - fy];
  }
}

const clamp = (n: number) => Math.min(1, Math.max(0, n));

/**
 * The AcroForm's widgets, page by page from each page's /Annots (so a widget without /P is still
 * found), with the field's full name and type inherited through /Parent. A widget wholly off its
 * page is left out; one partly off is cut to the page.
 */
function readFields(pdf: PDF, boxes: TBox[]): TPdfFormField[] {
  const fields: TPdfFormField[] = [];
  const resolve = (value: PdfObject | undefined) => resolved(pdf, value);
  for (const [index, page] of pdf.getPages().entries()) {
    const annots = resolve(page.dict.get('Annots'));
    if (!(annots instanceof PdfArray)) continue;
    for (const item of annots) {
      const widget = resolve(item);
      if (!(widget instanceof PdfDict) || widget.getName('Subtype')?.value !== 'Widget') continue;
      const field = fieldOf(widget, resolve);
      const rect = resolve(widget.get('Rect'));
      if (!field || !(rect instanceof PdfArray) || rect.length < 4) continue;
      const [a, b, c, d] = [0, 1, 2, 3].map((i) => {
        const n = resolve(rect.at(i));
        return n instanceof PdfNumber ? n.value : Number.NaN;
      }) as [number, number, number, number];
      if (![a, b, c, d].every(Number.isFinite)) continue;
      const box = boxes[index]!;
      const [p, q] = [toFraction(box, a, b), toFraction(box, c, d)];
      const left = clamp(Math.min(p[0], q[0]));
      const right = clamp(Math.max(p[0], q[0]));
      const top = clamp(Math.min(p[1], q[1]));
      const bottom = clamp(Math.max(p[1], q[1]));
      if (right <= left || bottom <= top) continue;
      fields.push({ ...field, page: index, x: left, y: top, width: right - left, height: bottom - top });
    }
  }
  return fields;
}

const FF_RADIO = 1 << 15;
const FF_PUSHBUTTON = 1 << 16;
const FF_COMBO = 1 << 17;

function fieldOf(
  widget: PdfDict,
  resolve: (value: PdfObject | undefined) => PdfObject | undefined,
): { name: string; kind: TPdfFieldKind } | null {
  const names: string[] = [];
  let type: string | undefined;
  let flags: number | undefined;
  const seen = new Set<PdfDict>();
  for (
    let node: PdfObject | undefined = widget;
    node instanceof PdfDict && !seen.has(node) && seen.size < PDF_MAX_NESTING;
  ) {
    seen.add(node);
    const partial = node.get('T');
    if (partial instanceof PdfString) names.unshift(partial.asString());
    type ??= node.getName('FT')?.value;
    flags ??= node.getNumber('Ff')?.value;
    node = resolve(node.get('Parent'));
  }
  const ff = flags ?? 0;
  const kind: TPdfFieldKind | null =
    type === 'Tx'
      ? 'text'
      : type === 'Sig'
        ? 'signature'
        : type === 'Btn'
          ? ff & FF_PUSHBUTTON
            ? 'button'
            : ff & FF_RADIO
              ? 'radio'
              : 'checkbox'
          : type === 'Ch'
            ? ff & FF_COMBO
              ? 'dropdown'
              : 'listbox'
            : null;
  return kind ? { name: names.join('.'), kind } : null;
}
