import type { TPricingSelection } from '@draftwell/shared/document/schema';
import type { TAcceptanceCertificate, TRevisionSnapshot } from '@draftwell/shared/share/revision';

export type TPdfImage = { contentType: 'image/png' | 'image/jpeg' | 'image/webp'; data: Uint8Array };

export type TPdfInput = {
  /** The frozen proposal. */
  snapshot: TRevisionSnapshot;
  revision: { number: number; hash: string };
  /** The client's choices (optional lines, quantities, package); absent: the accepted choices when a certificate is given, else the sender's defaults. */
  selection?: TPricingSelection;
  /** When accepted: a final certificate page. */
  certificate?: TAcceptanceCertificate | null;
  /** The certificate page's link and QR code to /verify (with the revision hash), when it has one. */
  verifyUrl?: string;
  /** Free plan: "Made with Draftwell" on every page. */
  showMadeWithFooter: boolean;
  /** By stored file id: the only images that may be drawn (QUALITY A15). */
  images: Record<string, TPdfImage>;
};

export type TPdfRenderOptions = {
  /** Wall-clock cap of one render, from the moment a worker takes it. Default 20 000. */
  timeoutMs?: number;
  /** The worker's V8 old-generation heap cap. Default 256. */
  maxMemoryMb?: number;
  /** Whose work this is (the proposal's owner): workers and places in line are capped per owner. */
  owner: string;
  /** Who waits for it: a client's share-link PDF goes ahead of the owner's own exports. Default 'owner'. */
  by?: 'client' | 'owner';
  /**
   * What is drawn, when the same input always gives the same PDF (a revision and its variant):
   * requests for one key at once share one render, and a key that hit a cap fails fast for a while.
   */
  key?: string;
};

export type TPdfFailureReason = 'timeout' | 'memory' | 'invalid' | 'busy' | 'failed';

/** An image as the worker receives it: PNG or JPEG bytes, checked and where needed re-encoded on the main thread. */
export type TPdfWorkerImage = { data: Uint8Array };

export type TPdfWorkerInput = Omit<TPdfInput, 'images'> & { images: Record<string, TPdfWorkerImage> };

export type TPdfWorkerRequest = { id: number; input: TPdfWorkerInput };

export type TPdfWorkerResponse =
  { id: number; ok: true; pdf: Uint8Array } | { id: number; ok: false; reason: 'invalid' | 'failed'; message: string };
