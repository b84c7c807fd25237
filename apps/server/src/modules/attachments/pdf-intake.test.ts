import { createHash } from 'node:crypto';
import { deflateSync, constants as zlibConstants } from 'node:zlib';
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfStream, PdfString } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { MAX_STREAM_DECODED_BYTES, decodeWithLibrary, decodedSize } from './bounded-decoding';
import { PdfRefusedError, inspectPdf, type TPdfRefusal } from './pdf-intake';

// Hand-written PDFs for the hostile cases: each object's body, numbered from 1, with a correct
// cross-reference table, so only the part under test is wrong.

type TBody = string | { dict: string; data: Uint8Array };

const enc = new TextEncoder();

function handPdf(objects: TBody[], trailerExtra = ''): Uint8Array {
  const parts: Uint8Array[] = [];
  let length = 0;
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? enc.encode(part) : part;
    parts.push(bytes);
    length += bytes.length;
  };
  push('%PDF-1.7\n%\u00e2\u00e3\n');
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    push(`${i + 1} 0 obj\n`);
    if (typeof body === 'string') push(body);
    else {
      push(`<< /Length ${body.data.length} ${body.dict} >>\nstream\n`);
      push(body.data);
      push('\nendstream');
    }
    push('\nendobj\n');
  });
  const xref = length;
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`);
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailerExtra} >>\nstartxref\n${xref}\n%%EOF\n`);
  return Buffer.concat(parts);
}

/** A one-page document: catalog 1, pages 2, page 3, then `more` from object 4. */
function onePage(opts: { catalog?: string; page?: string; mediaBox?: string; more?: TBody[] } = {}): Uint8Array {
  return handPdf([
    `<< /Type /Catalog /Pages 2 0 R ${opts.catalog ?? ''} >>`,
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox ${opts.mediaBox ?? '[0 0 612 792]'} ${opts.page ?? ''} >>`,
    ...(opts.more ?? []),
  ]);
}

async function refusal(bytes: Uint8Array): Promise<PdfRefusedError> {
  const err = await inspectPdf(bytes).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PdfRefusedError);
  return err as PdfRefusedError;
}

async function expectRefused(bytes: Uint8Array, reason: TPdfRefusal, status: number, message: RegExp) {
  const err = await refusal(bytes);
  expect({ reason: err.reason, status: err.status, details: err.options.details }).toEqual({
    reason,
    status,
    details: { reason },
  });
  expect(err.message).toMatch(message);
}

const num = (n: number) => PdfNumber.of(n);

/** Letter, A4 turned 90°, and A4 cropped off its origin; a text field, a signature field, a checkbox. */
async function normalPdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  const letter = pdf.addPage({ size: 'letter' });
  const turned = pdf.addPage({ size: 'a4', rotate: 90 });
  const cropped = pdf.addPage({ size: 'a4' });
  cropped.dict.set('CropBox', PdfArray.of(num(100), num(100), num(495.28), num(741.89)));
  const form = pdf.getOrCreateForm();
  letter.drawField(form.createTextField('name'), { x: 72, y: 692, width: 200, height: 24 });
  cropped.drawField(form.createCheckbox('agree'), { x: 150, y: 200, width: 100, height: 20 });
  // A signature field as Word or Acrobat leave it: one dictionary, field and widget, on page 2.
  const registry = pdf.context.registry;
  const signature = registry.register(
    PdfDict.of({
      FT: PdfName.of('Sig'),
      T: PdfString.fromString('client'),
      Type: PdfName.of('Annot'),
      Subtype: PdfName.of('Widget'),
      F: num(4),
      Rect: PdfArray.of(num(100), num(100), num(250), num(150)),
    }),
  );
  turned.dict.set('Annots', PdfArray.of(signature));
  const acroForm = pdf.getCatalog().getDict('AcroForm', (ref) => registry.resolve(ref));
  acroForm!.getArray('Fields', (ref) => registry.resolve(ref))!.push(signature);
  return pdf.save();
}

describe('inspectPdf: a PDF it accepts', () => {
  it('answers the pages as shown and each field as fractions of its page', async () => {
    const bytes = await normalPdf();
    const intake = await inspectPdf(bytes);
    expect(intake.pageCount).toBe(3);
    expect(intake.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(intake.pages).toEqual([
      { widthPt: 612, heightPt: 792, rotation: 0 },
      { widthPt: 841.89, heightPt: 595.28, rotation: 90 },
      { widthPt: expect.closeTo(395.28, 6), heightPt: expect.closeTo(641.89, 6), rotation: 0 },
    ]);
    const close = (n: number) => expect.closeTo(n, 9);
    expect(intake.formFields).toEqual([
      {
        name: 'name',
        kind: 'text',
        page: 0,
        x: close(72 / 612),
        y: close(76 / 792),
        width: close(200 / 612),
        height: close(24 / 792),
      },
      // Turned 90° clockwise: the user space's y runs left to right, its x top to bottom.
      {
        name: 'client',
        kind: 'signature',
        page: 1,
        x: close(100 / 841.89),
        y: close(100 / 595.28),
        width: close(50 / 841.89),
        height: close(150 / 595.28),
      },
      // Cropped: measured from the CropBox's corner, not the MediaBox's.
      {
        name: 'agree',
        kind: 'checkbox',
        page: 2,
        x: close(50 / 395.28),
        y: close((741.89 - 220) / 641.89),
        width: close(100 / 395.28),
        height: close(20 / 641.89),
      },
    ]);
  });

  it('places a field on pages turned 180° and 270°, and on a MediaBox away from the origin', async () => {
    const widget = (page: number) =>
      `<< /Type /Annot /Subtype /Widget /FT /Tx /T (f${page}) /Rect [110 120 160 140] /P ${page} 0 R >>`;
    const bytes = handPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [100 100 300 500] /Rotate 180 /Annots [6 0 R] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [100 100 300 500] /Rotate -90 /Annots [7 0 R] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [100 100 300 500] /Annots [8 0 R] >>',
      widget(3),
      widget(4),
      widget(5),
    ]);
    const intake = await inspectPdf(bytes);
    expect(intake.pages.map((p) => [p.widthPt, p.heightPt, p.rotation])).toEqual([
      [200, 400, 180],
      [400, 200, 270],
      [200, 400, 0],
    ]);
    const rounded = intake.formFields.map((f) =>
      [f.name, f.x, f.y, f.width, f.height].map((v) => (typeof v === 'number' ? +v.toFixed(4) : v)),
    );
    // The rectangle [110 120 160 140] on a 200 × 400 box at (100, 100): 10 pt from its left edge and
    // 360 pt from its top before turning.
    expect(rounded).toEqual([
      ['f3', 0.7, 0.05, 0.25, 0.05], // 180°
      ['f4', 0.9, 0.7, 0.05, 0.25], // 270° (written -90)
      ['f5', 0.05, 0.9, 0.25, 0.05], // not turned
    ]);
  });

  it('keeps web and mail links and refuses nothing for them', async () => {
    const link = (uri: string) => `<< /Type /Annot /Subtype /Link /Rect [0 0 100 20] /A << /S /URI /URI (${uri}) >> >>`;
    const bytes = onePage({
      page: '/Annots [4 0 R 5 0 R]',
      more: [link('https://example.com/terms'), link('mailto:legal@example.com')],
    });
    await expect(inspectPdf(bytes)).resolves.toMatchObject({ pageCount: 1, formFields: [] });
  });

  it('accepts 500 pages and refuses 501', async () => {
    const make = async (pages: number) => {
      const pdf = PDF.create();
      for (let i = 0; i < pages; i++) pdf.addPage({ size: 'a4' });
      return pdf.save();
    };
    await expect(inspectPdf(await make(500))).resolves.toMatchObject({ pageCount: 500 });
    await expectRefused(await make(501), 'too_many_pages', 422, /has 501 pages; the limit is 500/);
  });
});

describe('inspectPdf: what it refuses (A29)', () => {
  it('refuses a file that is not a PDF, and one that only starts like one', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await expectRefused(png, 'not_pdf', 415, /not a PDF/);
    await expectRefused(
      enc.encode('%PDF-1.7\nDear client, please find the contract attached.\n'),
      'not_pdf',
      415,
      /not a PDF/,
    );
  });

  it('refuses a file over 25 MB before reading it', async () => {
    const big = new Uint8Array(25 * 1024 * 1024 + 1);
    big.set(enc.encode('%PDF-1.7\n'));
    await expectRefused(big, 'too_large', 413, /larger than 25 MB/);
  });

  it('refuses a damaged PDF', async () => {
    const noPages = handPdf(['<< /Type /Catalog /Pages 2 0 R >>']);
    await expectRefused(noPages, 'damaged', 422, /damaged/);
    const cut = (await normalPdf()).subarray(0, 400);
    await expectRefused(cut, 'damaged', 422, /damaged/);
  });

  it('refuses an encrypted PDF, even one that opens without a password', async () => {
    for (const userPassword of ['', 'secret']) {
      const pdf = await PDF.load(await normalPdf());
      pdf.setProtection({ userPassword, ownerPassword: 'owner' });
      await expectRefused(await pdf.save(), 'encrypted', 422, /encrypted or protected with a password/);
    }
  });

  const javascript = 'app.alert(1)';
  it.each([
    [
      'a document-level script (/Names /JavaScript)',
      onePage({
        catalog: '/Names << /JavaScript 4 0 R >>',
        more: [`<< /Names [(x) << /S /JavaScript /JS (${javascript}) >>] >>`],
      }),
    ],
    ['an /OpenAction script', onePage({ catalog: `/OpenAction << /S /JavaScript /JS (${javascript}) >>` })],
    [
      'a script in a stream, in the catalog’s /AA',
      onePage({
        catalog: '/AA << /WC << /S /JavaScript /JS 4 0 R >> >>',
        more: [{ dict: '', data: enc.encode(javascript) }],
      }),
    ],
    ['a page’s open action (/AA /O)', onePage({ page: `/AA << /O << /S /JavaScript /JS (${javascript}) >> >>` })],
    [
      'a link annotation’s /A',
      onePage({
        page: '/Annots [4 0 R]',
        more: [`<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /JavaScript /JS (${javascript}) >> >>`],
      }),
    ],
    [
      'a form field’s keystroke action',
      onePage({
        catalog: '/AcroForm << /Fields [4 0 R] >>',
        page: '/Annots [4 0 R]',
        more: [
          `<< /Type /Annot /Subtype /Widget /FT /Tx /T (a) /Rect [0 0 9 9] /AA << /K << /S /JavaScript /JS (${javascript}) >> >> >>`,
        ],
      }),
    ],
    [
      'a script chained after a harmless action (/Next)',
      onePage({ catalog: `/OpenAction << /S /GoTo /D [3 0 R /Fit] /Next << /S /JavaScript /JS (${javascript}) >> >>` }),
    ],
  ])('refuses JavaScript in %s', async (_where, bytes) => {
    await expectRefused(bytes, 'javascript', 422, /contains JavaScript/);
  });

  it.each([
    ['Launch', 'launch_action', /starts a program/, '<< /S /Launch /F (calc.exe) >>'],
    ['GoToR', 'other_file_action', /opens or imports another file/, '<< /S /GoToR /F (other.pdf) /D [0 /Fit] >>'],
    ['GoToE', 'other_file_action', /opens or imports another file/, '<< /S /GoToE /T << /R /C /N (a.pdf) >> >>'],
    ['ImportData', 'other_file_action', /opens or imports another file/, '<< /S /ImportData /F (data.fdf) >>'],
    [
      'SubmitForm',
      'submit_action',
      /sends its data/,
      '<< /S /SubmitForm /F << /FS /URL /F (https://collector.example/) >> >>',
    ],
    ['Rendition', 'media', /rich media/, '<< /S /Rendition /OP 0 >>'],
  ] as const)('refuses a %s action', async (_kind, reason, message, action) => {
    await expectRefused(
      onePage({ page: '/Annots [4 0 R]', more: [`<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A ${action} >>`] }),
      reason,
      422,
      message,
    );
  });

  it('reads an action type given by reference or written with # escapes, as readers do', async () => {
    const launch = (type: string, more: TBody[] = []) =>
      onePage({ catalog: `/OpenAction << /S ${type} /F (calc.exe) >>`, more });
    await expectRefused(launch('4 0 R', ['/Launch']), 'launch_action', 422, /starts a program/);
    await expectRefused(launch('/Laun#63h'), 'launch_action', 422, /starts a program/);
  });

  it.each([['javascript:alert(1)'], ['file:///etc/passwd'], ['\\\\\\\\host\\\\share\\\\x.exe']])(
    'refuses a link to %s',
    async (uri) => {
      const bytes = onePage({
        page: '/Annots [4 0 R]',
        more: [`<< /Type /Annot /Subtype /Link /Rect [0 0 9 9] /A << /S /URI /URI (${uri}) >> >>`],
      });
      await expectRefused(bytes, 'unsafe_link', 422, /not a web or email address/);
    },
  );

  it('refuses embedded files and file attachment annotations', async () => {
    const file = { dict: '/Type /EmbeddedFile', data: enc.encode('MZ') };
    await expectRefused(
      onePage({
        catalog: '/Names << /EmbeddedFiles << /Names [(a.exe) 4 0 R] >> >>',
        more: ['<< /Type /Filespec /F (a.exe) /EF << /F 5 0 R >> >>', file],
      }),
      'embedded_files',
      422,
      /attached or embedded files/,
    );
    await expectRefused(
      onePage({
        page: '/Annots [4 0 R]',
        more: ['<< /Type /Annot /Subtype /FileAttachment /Rect [0 0 9 9] /FS << /Type /Filespec /F (a.txt) >> >>'],
      }),
      'embedded_files',
      422,
      /attached or embedded files/,
    );
  });

  it('refuses rich media annotations', async () => {
    const bytes = onePage({
      page: '/Annots [4 0 R]',
      more: ['<< /Type /Annot /Subtype /RichMedia /Rect [0 0 9 9] >>'],
    });
    await expectRefused(bytes, 'media', 422, /rich media/);
  });

  it('refuses an XFA form', async () => {
    const bytes = onePage({
      catalog: '/AcroForm << /Fields [] /XFA 4 0 R >>',
      more: [{ dict: '', data: enc.encode('<xdp:xdp/>') }],
    });
    await expectRefused(bytes, 'xfa', 422, /XFA form/);
  });

  it('refuses too many objects', async () => {
    const count = 200_001;
    const objects: TBody[] = [
      '<< /Type /Catalog /Pages 2 0 R /Extra 4 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
      `[${Array.from({ length: count }, (_, i) => `${i + 5} 0 R`).join(' ')}]`,
      ...Array.from({ length: count }, () => 'null'),
    ];
    await expectRefused(handPdf(objects), 'too_many_objects', 422, /more than 200,000 objects/);
  });

  it('refuses deep nesting, whether the parser or the walk meets it', async () => {
    const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
    await expectRefused(onePage({ page: `/Deep ${nested(100)}` }), 'too_deep', 422, /nests its contents too deeply/);
    // Past the parser's own limit (500) the lenient reader drops the page; the strict one says why.
    await expectRefused(
      onePage({ page: `/Deep ${nested(200_000)}` }),
      'too_deep',
      422,
      /nests its contents too deeply/,
    );
  });

  it.each([
    ['wider than 200 inches', '[0 0 14401 792]', /14401 \/ 72|200\.01 × 11 inches/],
    ['smaller than an inch', '[0 0 50 792]', /0\.69 × 11 inches/],
    ['with no area', '[0 0 0 0]', /0 × 0 inches/],
  ])('refuses a page %s', async (_what, mediaBox, message) => {
    await expectRefused(onePage({ mediaBox }), 'page_size', 422, message);
  });
});

/**
 * A zlib stream of `megabytes` of zeros per kilobyte or so: the same fully flushed deflate block
 * repeated, then an empty final block and the Adler-32, built without ever holding the zeros.
 */
function zeroBomb(gigabytes: number): Uint8Array {
  const chunkSize = 1024 * 1024;
  const flushed = deflateSync(Buffer.alloc(chunkSize), { level: 9, finishFlush: zlibConstants.Z_FULL_FLUSH });
  const header = flushed.subarray(0, 2);
  const block = flushed.subarray(2);
  const chunks = Math.ceil((gigabytes * 1024 ** 3) / chunkSize);
  const total = chunks * chunkSize;
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([header, ...Array.from({ length: chunks }, () => block), Buffer.from([0x03, 0x00]), adler]);
}

describe('inspectPdf: decompression bombs', () => {
  it('refuses a page content stream that inflates to 10 GB, without inflating it', async () => {
    const bomb = zeroBomb(10);
    expect(bomb.length).toBeGreaterThan(9 * 1024 * 1024);
    const bytes = onePage({ page: '/Contents 4 0 R', more: [{ dict: '/Filter /FlateDecode', data: bomb }] });
    const before = process.memoryUsage();
    let peak = 0;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.rss - before.rss, now.arrayBuffers - before.arrayBuffers);
    }, 5);
    try {
      await expectRefused(bytes, 'decompression_bomb', 422, /unpacks to more than 128 MB/);
    } finally {
      clearInterval(sampler);
    }
    const after = process.memoryUsage();
    peak = Math.max(peak, after.rss - before.rss, after.arrayBuffers - before.arrayBuffers);
    // Counted as it inflates and never kept: far from the 10 GB it asks for.
    expect(peak).toBeLessThan(256 * 1024 ** 2);
  });

  it('refuses many streams that each stay under the cap but together pass 512 MB', async () => {
    const bomb = zeroBomb(0.1);
    const streams = Array.from({ length: 6 }, () => ({ dict: '/Filter /FlateDecode', data: bomb }));
    const bytes = onePage({ page: `/Contents [${streams.map((_, i) => `${i + 4} 0 R`).join(' ')}]`, more: streams });
    await expectRefused(bytes, 'decompression_bomb', 422, /whole file to more than 512 MB/);
  });

  it('refuses a bomb in an object stream, which the parser itself would inflate', async () => {
    // The catalog lives in object stream 4, reached through a cross-reference stream.
    const objStm = { dict: '/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode', data: zeroBomb(2) };
    const head = enc.encode('%PDF-1.7\n');
    const bodies = [
      null,
      null,
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ];
    const parts: Uint8Array[] = [head];
    let length = head.length;
    const offsets = new Map<number, number>();
    const add = (bytes: Uint8Array) => {
      parts.push(bytes);
      length += bytes.length;
    };
    for (const n of [2, 3]) {
      offsets.set(n, length);
      add(enc.encode(`${n} 0 obj\n${bodies[n]}\nendobj\n`));
    }
    offsets.set(4, length);
    add(enc.encode(`4 0 obj\n<< /Length ${objStm.data.length} ${objStm.dict} >>\nstream\n`));
    add(objStm.data);
    add(enc.encode('\nendstream\nendobj\n'));
    const xrefAt = length;
    const row = (type: number, a: number, b: number) => {
      const r = Buffer.alloc(7);
      r.writeUInt8(type, 0);
      r.writeUInt32BE(a, 1);
      r.writeUInt16BE(b, 5);
      return r;
    };
    const rows = Buffer.concat([
      row(0, 0, 65535),
      row(2, 4, 0),
      row(1, offsets.get(2)!, 0),
      row(1, offsets.get(3)!, 0),
      row(1, offsets.get(4)!, 0),
      row(1, xrefAt, 0),
    ]);
    add(enc.encode(`5 0 obj\n<< /Type /XRef /Size 6 /W [1 4 2] /Root 1 0 R /Length ${rows.length} >>\nstream\n`));
    add(rows);
    add(enc.encode(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`));
    await expectRefused(Buffer.concat(parts), 'decompression_bomb', 422, /unpacks to more than 128 MB/);
  });
});

/** LZW codes for a run of zeros: 0, then each new code (one zero longer), then the longest again. */
function lzwZeros(codes: number): Uint8Array {
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  const write = (code: number, width: number) => {
    buffer = (buffer << width) | code;
    bits += width;
    while (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
      buffer &= (1 << bits) - 1;
    }
  };
  let width = 9;
  let next = 258;
  for (let i = 0; i < codes; i++) {
    write(i === 0 ? 0 : Math.min(next, 4095), width);
    if (i > 0 && next < 4096) {
      next++;
      // EarlyChange 1, where @libpdf/core's decoder widens its codes.
      if (next === 512 || next === 1024 || next === 2048) width++;
    }
  }
  write(257, width);
  if (bits > 0) write(0, 8 - bits);
  return new Uint8Array(out);
}

describe('bounded decoding: the sizes counted without decoding', () => {
  const stream = (filter: string, data: Uint8Array) => new PdfStream([['Filter', PdfName.of(filter)]], data);

  it('counts RunLength and LZW exactly as the library decodes them', async () => {
    const runs = new Uint8Array([2, 65, 66, 67, 129, 0, 255, 7, 128]);
    const lzw = lzwZeros(3000);
    for (const s of [stream('RunLengthDecode', runs), stream('LZWDecode', lzw)]) {
      const decoded = decodeWithLibrary(s).length;
      expect(decoded).toBeGreaterThan(100);
      expect(await decodedSize(s, MAX_STREAM_DECODED_BYTES, decodeWithLibrary)).toBe(decoded);
    }
  });

  it.each([
    // 64 times its size: 2.2 MB of RunLength pairs makes 140 MB.
    ['RunLengthDecode', () => new Uint8Array(2.2 * 1024 * 1024).map((_, i) => (i % 2 === 0 ? 129 : 0))],
    // About 2,500 times its size: 100 KB of LZW codes makes 250 MB.
    ['LZWDecode', () => lzwZeros(70_000)],
  ])('refuses a %s bomb without decoding it', async (filter, data) => {
    const bytes = onePage({ page: '/Contents 4 0 R', more: [{ dict: `/Filter /${filter}`, data: data() }] });
    await expectRefused(bytes, 'decompression_bomb', 422, /unpacks to more than 128 MB/);
  });
});
