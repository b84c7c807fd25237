import { AlertTriangle, Loader2, Square, Wand2 } from 'lucide-react';
import type { TBlock, TDocumentContext } from '@draftwell/shared/document';
import { Button } from '@/components/ui/button';
import { DocumentView } from '@/features/document-view/document-view';
import type { TStreamHeading } from '../api/stream-draft';

export type TStreamState =
  | { status: 'writing'; heading: TStreamHeading | null; blocks: TBlock[] }
  | { status: 'saving'; heading: TStreamHeading | null; blocks: TBlock[] }
  | { status: 'failed'; heading: TStreamHeading | null; blocks: TBlock[]; message: string; fallback: boolean };

/** About what a model writes for a brief: text sections, a timeline, prices and a signature. */
const EXPECTED_BLOCKS = 9;

const sectionsWord = (n: number) => (n === 1 ? '1 part' : `${n} parts`);

/**
 * A draft as the model writes it: the parts that have arrived, rendered as the client will see
 * them, a progress bar, and Stop (which keeps what arrived). On a failure nothing is kept; the
 * user can write the draft with the built-in drafter instead, or go back to the brief.
 */
export function DraftStreamView({
  state,
  context,
  onStop,
  onBuiltin,
  onBack,
  builtinPending,
}: {
  state: TStreamState;
  context: TDocumentContext;
  onStop: () => void;
  onBuiltin: () => void;
  onBack: () => void;
  builtinPending: boolean;
}) {
  const arrived = state.blocks.length;
  const progress = Math.min(95, Math.round((arrived / EXPECTED_BLOCKS) * 100));
  return (
    <div className="grid gap-4">
      {state.status === 'failed' ? (
        <div role="alert" className="border-destructive/40 bg-destructive/10 grid gap-3 rounded-md border p-4 text-sm">
          <p className="flex items-start gap-2 font-medium">
            <AlertTriangle className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {state.message}
          </p>
          <div className="flex flex-wrap gap-2">
            {state.fallback ? (
              <Button
                type="button"
                size="sm"
                onClick={onBuiltin}
                disabled={builtinPending}
                aria-busy={builtinPending || undefined}
              >
                <Wand2 aria-hidden="true" />
                {builtinPending ? 'Drafting…' : 'Use the built-in drafter'}
              </Button>
            ) : null}
            <Button type="button" size="sm" variant="outline" onClick={onBack}>
              Back to the brief
            </Button>
          </div>
        </div>
      ) : (
        <div className="grid gap-2">
          <div className="flex items-center justify-between gap-3 text-sm">
            <p role="status" aria-live="polite" className="flex items-center gap-2">
              <Loader2 className="text-primary size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              {state.status === 'saving'
                ? 'Saving your draft…'
                : arrived === 0
                  ? 'The AI model is reading your brief…'
                  : `Writing… ${sectionsWord(arrived)} so far`}
            </p>
            <Button type="button" size="sm" variant="outline" onClick={onStop} disabled={state.status === 'saving'}>
              <Square aria-hidden="true" />
              Stop
            </Button>
          </div>
          <div
            role="progressbar"
            aria-label="Draft progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.status === 'saving' ? 100 : progress}
            className="bg-muted h-1.5 overflow-hidden rounded-full"
          >
            <div
              className="bg-primary h-full rounded-full transition-[width] duration-300"
              style={{ width: `${state.status === 'saving' ? 100 : Math.max(5, progress)}%` }}
            />
          </div>
        </div>
      )}
      {state.heading ? <h3 className="text-lg font-semibold tracking-tight">{state.heading.title}</h3> : null}
      {/* No scroll box of its own: the dialog scrolls, so keyboard and screen-reader users can reach every part. */}
      <div role="region" aria-label="Draft so far" className="rounded-md border" data-testid="draft-stream">
        {arrived > 0 ? (
          <DocumentView
            document={{ version: 1, blocks: state.blocks }}
            context={context}
            titleLevel={2}
            className="border-t-0"
          />
        ) : (
          <p className="text-muted-foreground p-6 text-center text-sm">
            {state.status === 'failed'
              ? 'Nothing was written.'
              : 'The first section appears here as soon as it is written.'}
          </p>
        )}
      </div>
    </div>
  );
}
