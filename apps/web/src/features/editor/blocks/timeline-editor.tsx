import type { I18n } from '@draftwell/shared/i18n/i18n';
import {
  DOCUMENT_LIMITS,
  ZBlock,
  formatMilestoneWhen,
  type TMilestone,
  type TTimelineBlock,
} from '@draftwell/shared/document';
import { Trans, useLingui } from '@lingui/react';
import { ArrowDown, ArrowUp, CalendarDays, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { appI18n } from '@/lib/app-language';
import { cn } from '@/lib/cn';
import { newBlockId } from './new-block';
import { ParsedInput, type TParse } from './parsed-input';
import { RowIconButton } from './row-icon-button';
import './blocks.css';
import { cutText } from '@draftwell/shared/text';

export type TTimelineEditorProps = {
  value: TTimelineBlock;
  onChange: (next: TTimelineBlock) => void;
  editable: boolean;
};

type TDurationUnit = Extract<TMilestone['when'], { kind: 'duration' }>['unit'];
const unitLabels = (i18n: I18n): Record<TDurationUnit, string> => ({
  days: i18n._('days'),
  weeks: i18n._('weeks'),
  months: i18n._('months'),
});

/** The part of a field's label that only screen readers read (which milestone it is for). */
const srOnly = { 0: <span className="sr-only" /> };

/** The schema's message for milestone `index` of `timeline` (its `field` first), or null. */
export function milestoneError(timeline: TTimelineBlock, index: number, field?: string): string | null {
  const result = ZBlock.safeParse(timeline);
  if (result.success) return null;
  const issues = result.error.issues.filter((issue) => issue.path[0] === 'milestones' && issue.path[1] === index);
  const forField = field ? issues.find((issue) => issue.path.slice(2).join('.') === field) : undefined;
  return (forField ?? issues[0] ?? result.error.issues[0])?.message ?? null;
}

export function newMilestone(): TMilestone {
  return { id: newBlockId('milestone'), title: '', when: { kind: 'duration', value: 1, unit: 'weeks' } };
}

function todayIso(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const parseDurationValue = (text: string): TParse<number> => {
  if (/^\s*\d{1,4}\s*$/.test(text)) return { ok: true, value: Number(text.trim()) };
  const i18n = appI18n();
  return { ok: false, message: i18n._('Enter a whole number.') };
};

/** Where focus goes after an edit that moves or removes the focused control; a new object each time. */
type TFocus = { id: string; target: 'title' | 'up' | 'down' } | { id: null; target: 'add' };

/** Milestones with a title, an optional description and either a date or a duration. */
export function TimelineEditor({ value, onChange, editable }: TTimelineEditorProps) {
  const { i18n } = useLingui();
  const headingId = useId();
  const [focus, setFocus] = useState<TFocus | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focus?.target === 'add') addRef.current?.focus();
  }, [focus]);

  if (!editable) return <TimelineReadOnly value={value} />;

  const emit = (milestones: TMilestone[]) => onChange({ ...value, milestones });
  const replace = (index: number, milestone: TMilestone) =>
    emit(value.milestones.map((m, i) => (i === index ? milestone : m)));
  const atLimit = value.milestones.length >= DOCUMENT_LIMITS.milestones;

  return (
    <section aria-labelledby={headingId} className="draft-block bg-card text-card-foreground rounded-lg border">
      <h3 id={headingId} className="flex items-center gap-2 border-b px-4 py-3 text-base font-semibold">
        <CalendarDays aria-hidden="true" className="text-muted-foreground size-4" />
        {i18n._('Timeline')}
      </h3>
      {value.milestones.length === 0 ? (
        <p className="text-muted-foreground px-4 py-6 text-center text-sm">
          {i18n._('No milestones yet. Add the first step.')}
        </p>
      ) : (
        <ol className="divide-y">
          {value.milestones.map((milestone, index) => (
            <MilestoneFields
              key={milestone.id}
              milestone={milestone}
              index={index}
              count={value.milestones.length}
              timeline={value}
              focus={focus?.id === milestone.id ? focus : null}
              onChange={(next) => replace(index, next)}
              onMove={(direction) => {
                const to = direction === 'up' ? index - 1 : index + 1;
                const milestones = [...value.milestones];
                milestones.splice(index, 1);
                milestones.splice(to, 0, milestone);
                emit(milestones);
                const edge = to === 0 || to === value.milestones.length - 1;
                setFocus({ id: milestone.id, target: edge ? (direction === 'up' ? 'down' : 'up') : direction });
              }}
              onDelete={() => {
                const milestones = value.milestones.filter((_, i) => i !== index);
                emit(milestones);
                const neighbour = milestones[Math.min(index, milestones.length - 1)];
                setFocus(neighbour ? { id: neighbour.id, target: 'title' } : { id: null, target: 'add' });
              }}
            />
          ))}
        </ol>
      )}
      <div className="border-t p-3 sm:p-4">
        <Button
          ref={addRef}
          type="button"
          variant="outline"
          size="sm"
          disabled={atLimit}
          onClick={() => {
            const milestone = newMilestone();
            emit([...value.milestones, milestone]);
            setFocus({ id: milestone.id, target: 'title' });
          }}
        >
          <Plus aria-hidden="true" />
          {i18n._('Add milestone')}
        </Button>
        {atLimit ? (
          <p className="text-muted-foreground mt-2 text-xs">
            {i18n._('A timeline holds at most {max} milestones.', { max: DOCUMENT_LIMITS.milestones })}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function MilestoneFields({
  milestone,
  index,
  count,
  timeline,
  focus,
  onChange,
  onMove,
  onDelete,
}: {
  milestone: TMilestone;
  index: number;
  count: number;
  timeline: TTimelineBlock;
  focus: TFocus | null;
  onChange: (next: TMilestone) => void;
  onMove: (direction: 'up' | 'down') => void;
  onDelete: () => void;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const n = index + 1;
  const titleRef = useRef<HTMLInputElement>(null);
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const target = focus?.target;
    if (target === 'title') titleRef.current?.focus();
    else if (target === 'up') upRef.current?.focus();
    else if (target === 'down') downRef.current?.focus();
  }, [focus]);

  const check = (next: TMilestone, field: string) =>
    milestoneError(
      { ...timeline, milestones: timeline.milestones.map((m, i) => (i === index ? next : m)) },
      index,
      field,
    );
  const when = milestone.when;

  return (
    <li className="grid gap-3 p-3 sm:grid-cols-[auto_1fr] sm:p-4">
      <div className="flex items-center gap-1 sm:flex-col sm:items-center">
        <span
          aria-hidden="true"
          className="bg-primary text-primary-foreground grid size-7 place-items-center rounded-full text-xs font-semibold"
        >
          {n}
        </span>
        <RowIconButton
          ref={upRef}
          icon={ArrowUp}
          label={i18n._('Move milestone {n} up', { n })}
          disabled={index === 0}
          onClick={() => onMove('up')}
        />
        <RowIconButton
          ref={downRef}
          icon={ArrowDown}
          label={i18n._('Move milestone {n} down', { n })}
          disabled={index === count - 1}
          onClick={() => onMove('down')}
        />
        <RowIconButton
          icon={Trash2}
          label={i18n._('Delete milestone {n}', { n })}
          destructive
          className="ml-auto sm:ml-0"
          onClick={onDelete}
        />
      </div>
      <div className="grid min-w-0 gap-3">
        <div className="grid gap-1">
          <label htmlFor={`${id}-title`} className="text-muted-foreground text-xs font-medium">
            <Trans id="Title<0> for milestone {n}</0>" values={{ n }} components={srOnly} />
          </label>
          <Input
            ref={titleRef}
            id={`${id}-title`}
            className="h-9 px-2"
            value={milestone.title}
            maxLength={200}
            placeholder={i18n._('Kick-off workshop')}
            onChange={(event) => onChange({ ...milestone, title: cutText(event.target.value, 200) })}
          />
        </div>
        <div className="grid gap-1">
          <label htmlFor={`${id}-description`} className="text-muted-foreground text-xs font-medium">
            <Trans id="Description (optional)<0> for milestone {n}</0>" values={{ n }} components={srOnly} />
          </label>
          <Textarea
            id={`${id}-description`}
            className="min-h-16 px-2"
            rows={2}
            value={milestone.description ?? ''}
            maxLength={2000}
            placeholder={i18n._('What happens, what the client receives')}
            onChange={(event) => {
              const { description: _old, ...rest } = milestone;
              const description = cutText(event.target.value, 2000);
              onChange(description ? { ...rest, description } : rest);
            }}
          />
        </div>
        <div className="flex flex-wrap items-start gap-3">
          <fieldset className="grid gap-1">
            <legend className="text-muted-foreground mb-1 text-xs font-medium">
              <Trans id="When<0> for milestone {n}</0>" values={{ n }} components={srOnly} />
            </legend>
            <div className="bg-muted inline-flex rounded-md p-1">
              {(['duration', 'date'] as const).map((kind) => (
                <label
                  key={kind}
                  className={cn(
                    'has-focus-visible:ring-ring relative cursor-pointer rounded px-3 py-1 text-sm font-medium has-focus-visible:ring-2',
                    when.kind === kind
                      ? 'bg-card text-foreground shadow-sm'
                      : 'text-muted-foreground hover:text-foreground',
                  )}
                >
                  <input
                    type="radio"
                    className="absolute inset-0 cursor-pointer opacity-0"
                    name={`${id}-when`}
                    checked={when.kind === kind}
                    onChange={() =>
                      onChange({
                        ...milestone,
                        when:
                          kind === 'date'
                            ? { kind: 'date', date: todayIso() }
                            : { kind: 'duration', value: 1, unit: 'weeks' },
                      })
                    }
                  />
                  {kind === 'duration' ? i18n._('Duration') : i18n._('Date')}
                </label>
              ))}
            </div>
          </fieldset>
          {when.kind === 'date' ? (
            <ParsedInput
              type="date"
              label={<Trans id="Date<0> for milestone {n}</0>" values={{ n }} components={srOnly} />}
              wrapperClassName="w-44"
              value={when.date}
              format={(date) => date}
              parse={(text) =>
                text ? { ok: true, value: text } : { ok: false, message: i18n._('Enter the date as yyyy-mm-dd.') }
              }
              validate={(date) => check({ ...milestone, when: { kind: 'date', date } }, 'when.date')}
              onCommit={(date) => onChange({ ...milestone, when: { kind: 'date', date } })}
            />
          ) : (
            <div className="flex items-start gap-2">
              <ParsedInput
                label={<Trans id="Duration<0> for milestone {n}</0>" values={{ n }} components={srOnly} />}
                wrapperClassName="w-20"
                errorClassName="w-max max-w-56"
                inputMode="numeric"
                value={when.value}
                format={String}
                parse={parseDurationValue}
                validate={(durationValue) =>
                  check({ ...milestone, when: { ...when, value: durationValue } }, 'when.value')
                }
                onCommit={(durationValue) => onChange({ ...milestone, when: { ...when, value: durationValue } })}
              />
              <div className="grid w-28 gap-1">
                <label htmlFor={`${id}-unit`} className="text-muted-foreground text-xs font-medium">
                  <Trans id="Unit<0> for milestone {n}</0>" values={{ n }} components={srOnly} />
                </label>
                <Select
                  id={`${id}-unit`}
                  className="[&_select]:h-9"
                  value={when.unit}
                  onChange={(event) =>
                    onChange({ ...milestone, when: { ...when, unit: event.target.value as TDurationUnit } })
                  }
                >
                  {Object.entries(unitLabels(i18n)).map(([unit, label]) => (
                    <option key={unit} value={unit}>
                      {label}
                    </option>
                  ))}
                </Select>
              </div>
            </div>
          )}
        </div>
      </div>
    </li>
  );
}

function TimelineReadOnly({ value }: { value: TTimelineBlock }) {
  const { i18n } = useLingui();
  return (
    <section className="draft-block bg-card text-card-foreground rounded-lg border p-4">
      <h3 className="mb-3 text-base font-semibold">{i18n._('Timeline')}</h3>
      {value.milestones.length === 0 ? (
        <p className="text-muted-foreground text-sm">{i18n._('No milestones yet.')}</p>
      ) : (
        <ol className="grid gap-3">
          {value.milestones.map((milestone, index) => (
            <li key={milestone.id} className="flex gap-3">
              <span
                aria-hidden="true"
                className="bg-primary text-primary-foreground grid size-7 shrink-0 place-items-center rounded-full text-xs font-semibold"
              >
                {index + 1}
              </span>
              <div className="min-w-0">
                <p className="font-medium">
                  {milestone.title || i18n._('Untitled milestone')}
                  <span className="text-muted-foreground ml-2 text-sm font-normal">
                    {formatMilestoneWhen(i18n, milestone.when)}
                  </span>
                </p>
                {milestone.description ? (
                  <p className="text-muted-foreground text-sm whitespace-pre-line">{milestone.description}</p>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
