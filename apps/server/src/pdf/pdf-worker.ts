import { parentPort } from 'node:worker_threads';
import { PdfRenderError } from './pdf-error';
import { renderProposalPdfInThread } from './pdf-render';
import type { TPdfWorkerRequest, TPdfWorkerResponse } from './pdf-types';

/**
 * The PDF worker's entry: one render at a time, as the pool sends them. Built on its own to
 * apps/server/dist/pdf-worker.mjs; run from source through tsx in development and tests.
 */
if (!parentPort) throw new Error('pdf-worker runs only as a worker thread of the server.');
const port = parentPort;

port.on('message', (request: TPdfWorkerRequest) => {
  renderProposalPdfInThread(request.input).then(
    (pdf) => {
      const response: TPdfWorkerResponse = { id: request.id, ok: true, pdf };
      port.postMessage(response, [pdf.buffer as ArrayBuffer]);
    },
    (error: unknown) => {
      const response: TPdfWorkerResponse = {
        id: request.id,
        ok: false,
        reason: error instanceof PdfRenderError && error.reason === 'invalid' ? 'invalid' : 'failed',
        message: error instanceof Error ? error.message : String(error),
      };
      port.postMessage(response);
    },
  );
});
