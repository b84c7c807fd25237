import type { TFileStorage } from './file-storage';

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

export type TCopyResult = { copied: number; copiedBytes: number; present: number; replaced: number };

/** 1536 → "1.5 kB": sizes for the operator. */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = -1;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/**
 * Copies every stored file of `from` that `to` lacks, streamed one at a time (`npm run admin --
 * copy-files-to-s3`). A key already in `to` with the same size is left as it is (keys are never
 * reused for other bytes, and a put is whole or nothing), so running it again copies only what is
 * new; one of another size (an interrupted copy by other means) is copied again. `say` gets a
 * line per file copied.
 */
export async function copyStoredFiles(args: {
  from: TFileStorage;
  to: TFileStorage;
  say: (line: string) => void;
}): Promise<TCopyResult> {
  const { from, to, say } = args;
  const result: TCopyResult = { copied: 0, copiedBytes: 0, present: 0, replaced: 0 };
  for await (const { key } of from.list()) {
    const file = await from.get(key);
    // Deleted since it was listed (a server still runs on the disk): nothing to copy.
    if (!file) continue;
    const there = await to.stat(key);
    if (there && there.size === file.size) {
      file.stream.destroy();
      result.present += 1;
      continue;
    }
    const ext = key.slice(key.lastIndexOf('.') + 1);
    const contentType = CONTENT_TYPES[ext];
    try {
      await to.put(key, { stream: file.stream, size: file.size }, contentType ? { contentType } : {});
    } finally {
      file.stream.destroy();
    }
    result.copied += 1;
    result.copiedBytes += file.size;
    if (there) result.replaced += 1;
    say(`copied ${key} (${formatBytes(file.size)})${there ? `, replacing one of ${formatBytes(there.size)}` : ''}`);
  }
  return result;
}
