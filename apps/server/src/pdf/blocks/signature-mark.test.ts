import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { Document, Font, Page, renderToBuffer } from '@react-pdf/renderer';
import { createElement } from 'react';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { signatureImageDataUrl, type TSignatureMark } from '@draftwell/shared/share/signature';
import { serverI18n } from '../../lib/i18n';
import { registerSignatureFont } from '../signature-font';
import { SignatureMarkPdf } from './signature-mark';

/**
 * A tiny PDF with one mark of each kind, read back with poppler (as pdf-render.test.ts does):
 * the typed name in the embedded handwriting font, the images embedded as images.
 */

registerSignatureFont();
// The worker's fallback for scripts Helvetica lacks (pdf-render.ts).
Font.register({
  family: 'DejaVu Sans',
  src: createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
});
const model = {
  clean: (text: string) => text,
  fonts: { body: ['Helvetica', 'DejaVu Sans'], mono: ['Courier'] },
  i18n: serverI18n('en'),
};

async function render(mark: TSignatureMark, box?: { width: number; height: number }): Promise<Buffer> {
  const page = createElement(Page, { size: 'A6' }, createElement(SignatureMarkPdf, { mark, model, ...box }));
  return renderToBuffer(createElement(Document, null, page));
}

const poppler = (tool: string, args: string[], pdf: Buffer) =>
  execFileSync(tool, [...args, '-'], { input: pdf, encoding: 'utf8' });
const text = (pdf: Buffer) => poppler('pdftotext', ['-raw', '-enc', 'UTF-8', '-'], pdf).replace(/\s+/g, ' ').trim();
/** Rows of `pdffonts`: name, type, encoding, embedded… */
const fonts = (pdf: Buffer) => poppler('pdffonts', [], pdf).trim().split('\n').slice(2);
/** Rows of `pdfimages -list`: page, num, type, width, height, color, comp, bpc, enc… */
const images = (pdf: Buffer) =>
  poppler('pdfimages', ['-list'], pdf)
    .trim()
    .split('\n')
    .slice(2)
    .map((row) => row.trim().split(/\s+/));

const ink = (width: number, height: number) =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path d="M4 ${height - 6} C ${width / 3} 0, ${width / 2} ${height}, ${width - 4} 8" stroke="#111827" stroke-width="3" fill="none"/></svg>`,
    ),
  );

describe('SignatureMarkPdf', () => {
  it('draws a typed name in the embedded handwriting font, each script from its subset', async () => {
    const pdf = await render({ kind: 'typed', text: 'Jane Doe' });
    expect(text(pdf)).toBe('Jane Doe');
    const used = fonts(pdf);
    expect(used).toHaveLength(1);
    expect(used[0]).toMatch(/^[A-Z]{6}\+DancingScript\S*\s.*\byes\b/);

    // Ł is in the Latin Extended file, ễ in the Vietnamese one: no body font is needed for either.
    const wider = await render({ kind: 'typed', text: 'Łucja Nguyễn' });
    expect(text(wider)).toBe('Łucja Nguyễn');
    const widerFonts = fonts(wider);
    expect(widerFonts.length).toBeGreaterThan(1);
    for (const row of widerFonts) expect(row).toMatch(/^[A-Z]{6}\+DancingScript-Regular /);
  });

  it('falls back to the body fonts for a script the handwriting font lacks', async () => {
    const pdf = await render({ kind: 'typed', text: 'Анна Jane' });
    expect(text(pdf)).toBe('Анна Jane');
    const used = fonts(pdf);
    expect(used.some((row) => /\+DejaVuSans /.test(row))).toBe(true);
    expect(used.some((row) => /\+DancingScript-Regular /.test(row))).toBe(true);
  });

  it('draws a drawn PNG as an image with its transparency, fitted in the box without enlarging it', async () => {
    const png = await ink(600, 150).png().toBuffer();
    const pdf = await render({ kind: 'drawn', image: signatureImageDataUrl(png, 'png') }, { width: 120, height: 60 });
    const rows = images(pdf);
    // The picture and its alpha channel as a soft mask, at their own pixel size.
    expect(rows.map((r) => [r[2], r[3], r[4]])).toEqual([
      ['image', '600', '150'],
      ['smask', '600', '150'],
    ]);
    // 600 pixels across 120 points (5/3 inch): 360 pixels per inch.
    expect(rows[0]![12]).toBe('360');
    expect(fonts(pdf)).toEqual([]);

    const small = await ink(40, 16).png().toBuffer();
    const smallPdf = await render({ kind: 'drawn', image: signatureImageDataUrl(small, 'png') });
    // Drawn at one point per pixel, not blown up to the 200-point box.
    expect(images(smallPdf)[0]![12]).toBe('72');
  });

  it('draws an uploaded JPEG as a JPEG', async () => {
    const jpeg = await ink(300, 120).flatten({ background: '#ffffff' }).jpeg().toBuffer();
    const pdf = await render({ kind: 'uploaded', image: signatureImageDataUrl(jpeg, 'jpeg') });
    const rows = images(pdf);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(2, 5)).toEqual(['image', '300', '120']);
    expect(rows[0]![8]).toBe('jpeg');
  });

  it('says so in place of an image that fails its check, and draws nothing of it', async () => {
    const png = await ink(600, 150).png().toBuffer();
    const cut = signatureImageDataUrl(png.subarray(0, png.length - 30), 'png');
    const pdf = await render({ kind: 'uploaded', image: cut });
    expect(images(pdf)).toEqual([]);
    expect(text(pdf)).toBe('The signature image could not be shown.');
  });
});
