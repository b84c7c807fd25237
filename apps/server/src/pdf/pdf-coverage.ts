import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { coverageFiles, fontCoverage } from './pdf-font-files';
import { unshownCharacters } from './pdf-text';

/**
 * Which characters of a proposal's text the PDF cannot draw, asked before sending (issue 25: no
 * character is dropped silently). Outside the PDF worker, so it reads the fonts' character maps
 * itself, once per process, a file at a time with the event loop free between them, and keeps
 * only each font's set of code points (the fonts themselves are let go).
 */

/** fontkit, react-pdf's font engine (it has no types of its own): a font file's characters. */
const { create } = createRequire(import.meta.url)('fontkit') as {
  create(buffer: Buffer): { characterSet: number[] };
};

let coverage: Promise<(codePoint: number) => boolean> | null = null;

/** Each file's characters, read one at a time with the event loop free between them. */
async function characterSets(files: string[]): Promise<Array<(codePoint: number) => boolean>> {
  const sets: Array<(codePoint: number) => boolean> = [];
  for (const file of files) {
    const set = new Set(create(await readFile(file)).characterSet);
    sets.push((cp) => set.has(cp));
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sets;
}

async function loadCoverage(): Promise<(codePoint: number) => boolean> {
  const { dejavu, others } = coverageFiles();
  return fontCoverage(await characterSets(dejavu), await characterSets(others));
}

/** Every string inside a value (an object's, an array's), in order. */
function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsIn(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsIn(item, out);
  return out;
}

/** The characters no PDF font has in any string of `value`, each once, in the order met (at most 40). */
export async function pdfUnshownCharacters(value: unknown): Promise<string[]> {
  const texts = stringsIn(value);
  // Printable ASCII is always drawn: most proposals need no font loaded at all.
  if (texts.every((text) => /^[\x20-\x7e\n\t]*$/.test(text))) return [];
  coverage ??= loadCoverage().catch((error: unknown) => {
    coverage = null;
    throw error;
  });
  const covered = await coverage;
  return unshownCharacters(texts, (cp) => cp <= 0x7e || covered(cp)).slice(0, 40);
}
