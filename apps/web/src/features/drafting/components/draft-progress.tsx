import { useLingui } from '@lingui/react';
import { AlertTriangle, Loader2, Square, Wand2 } from 'lucide-react';
import { Button } from '@/components/ui/button';

/** About what a model writes for a brief: text sections, a timeline, prices and a signature. */
const EXPECTED_BLOCKS = 9;

/**
 * How far the AI model has got: what it is doing, a progress bar and Stop. The bar is an
 * estimate (drafts have about nine parts); it never reads 100 until the draft is whole.
 */
export function DraftProgress({
  arrived,
  started = false,
  saving,
  onStop,
}: {
  arrived: number;
  /** The model has begun the draft (its title): the first section is on its way. */
  started?: boolean;
  /** Stop was pressed and what arrived is being saved. */
  saving: boolean;
  onStop: () => void;
}) {
  const { i18n } = useLingui();
  const progress = saving ? 100 : Math.min(95, Math.round((arrived / EXPECTED_BLOCKS) * 100));
  return (
    <div className="grid gap-2" data-testid="draft-progress">
      <div className="flex items-center justify-between gap-3 text-sm">
        <p role="status" aria-live="polite" className="flex items-center gap-2">
          <Loader2 className="text-primary size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {saving
            ? i18n._('Saving what was written…')
            : arrived > 0
              ? i18n._('Writing… {count, plural, one {# part} other {# parts}} so far', { count: arrived })
              : started
                ? i18n._('Writing the first section…')
                : i18n._('The AI model is reading your brief…')}
        </p>
        <Button type="button" size="sm" variant="outline" onClick={onStop} disabled={saving}>
          <Square aria-hidden="true" />
          {i18n._('Stop')}
        </Button>
      </div>
      <div
        role="progressbar"
        aria-label={i18n._('Draft progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="bg-muted h-1.5 overflow-hidden rounded-full"
      >
        <div
          className="bg-primary h-full rounded-full transition-[width] duration-300 motion-reduce:transition-none"
          style={{ width: `${Math.max(5, progress)}%` }}
        />
      </div>
    </div>
  );
}

/**
 * The model failed: why, and the ways on. Nothing it wrote was kept; the built-in drafter can
 * write the draft from the same brief instead.
 */
export function DraftFailure({
  message,
  fallback,
  onBuiltin,
  builtinPending,
  onBack,
}: {
  message: string;
  fallback: boolean;
  onBuiltin: () => void;
  builtinPending: boolean;
  onBack: () => void;
}) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="border-destructive/40 bg-destructive/10 grid gap-3 rounded-md border p-4 text-sm">
      <p className="flex items-start gap-2 font-medium">
        <AlertTriangle className="text-destructive mt-0.5 size-4 shrink-0" aria-hidden="true" />
        {message}
      </p>
      <div className="flex flex-wrap gap-2">
        {fallback ? (
          <Button
            type="button"
            size="sm"
            onClick={onBuiltin}
            disabled={builtinPending}
            aria-busy={builtinPending || undefined}
          >
            <Wand2 aria-hidden="true" />
            {builtinPending ? i18n._('Drafting…') : i18n._('Use the built-in drafter')}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={onBack}>
          {i18n._('Back to the brief')}
        </Button>
      </div>
    </div>
  );
}
