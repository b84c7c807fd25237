import { createHash } from 'node:crypto';

/** SHA-256 as lowercase hex: revision and consent hashes, share-token lookups, stored files, issued PDFs. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
