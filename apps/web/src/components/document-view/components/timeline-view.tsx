import { useLingui } from '@lingui/react';
import type { TTimelineBlock } from '@draftwell/shared/document/schema';
import { formatMilestoneWhen } from '@draftwell/shared/document/display';

/** `locale`: the document's (TDocumentContext.locale), which writes the milestones' dates. */
export function TimelineView({ block, locale }: { block: TTimelineBlock; locale: string }) {
  const { i18n } = useLingui();
  if (block.milestones.length === 0) {
    return (
      <p className="text-muted-foreground my-8 rounded-lg border border-dashed px-4 py-6 text-center text-sm">
        {i18n._('No milestones yet.')}
      </p>
    );
  }
  return (
    <ol className="my-10 space-y-0" data-block="timeline">
      {block.milestones.map((milestone, i) => {
        const last = i === block.milestones.length - 1;
        return (
          <li key={milestone.id} className="relative grid grid-cols-[1.75rem_1fr] gap-x-4 break-inside-avoid">
            <span aria-hidden="true" className="relative flex justify-center">
              <span className="mt-1 flex size-7 items-center justify-center rounded-full border-2 border-(--dv-accent) bg-(--background) text-xs font-semibold text-(--dv-accent) tabular-nums print:bg-white">
                {i + 1}
              </span>
              {last ? null : <span className="absolute top-9 bottom-1 w-px bg-(--border)" />}
            </span>
            <div className={last ? 'pb-0' : 'pb-7'}>
              <p className="text-(--dv-accent) text-xs font-semibold tracking-wide uppercase">
                {formatMilestoneWhen(i18n, milestone.when, locale)}
              </p>
              <h3 className="mt-0.5 text-base font-semibold">{milestone.title.trim() || i18n._('Milestone')}</h3>
              {milestone.description?.trim() ? (
                <p className="text-muted-foreground mt-1 whitespace-pre-line">{milestone.description}</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
