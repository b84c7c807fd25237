import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Tabs without a component library (the public pages' JavaScript budget, P8), as the WAI-ARIA
 * tabs pattern has them: one tab in the Tab order, arrow keys (and Home, End) move to and show
 * another, each panel named by its tab. Looks like components/ui/tabs.tsx.
 */
export function LightTabs<T extends string>({
  label,
  value,
  onChange,
  tabs,
  className,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  tabs: { value: T; label: string; panel: ReactNode }[];
  className?: string;
}) {
  const id = useId();
  const list = useRef<HTMLDivElement>(null);
  const tabId = (v: T) => `${id}-tab-${v}`;
  const panelId = (v: T) => `${id}-panel-${v}`;

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.value === value);
    const next =
      event.key === 'ArrowRight'
        ? (index + 1) % tabs.length
        : event.key === 'ArrowLeft'
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    onChange(tabs[next]!.value);
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(tabs[next]!.value))}`)?.focus();
  };

  return (
    <div className={className}>
      <div
        ref={list}
        role="tablist"
        aria-label={label}
        className="bg-muted mb-6 inline-flex h-10 w-full items-center rounded-md p-1"
      >
        {tabs.map((tab) => {
          const selected = tab.value === value;
          return (
            <button
              key={tab.value}
              id={tabId(tab.value)}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={panelId(tab.value)}
              tabIndex={selected ? 0 : -1}
              data-state={selected ? 'active' : 'inactive'}
              onClick={() => onChange(tab.value)}
              onKeyDown={onKeyDown}
              className={cn(
                'text-muted-foreground inline-flex flex-1 items-center justify-center rounded-sm px-3 py-1.5 text-sm font-medium transition-colors',
                selected && 'bg-card text-foreground shadow-sm',
              )}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) =>
        tab.value === value ? (
          <div key={tab.value} id={panelId(tab.value)} role="tabpanel" aria-labelledby={tabId(tab.value)} tabIndex={0}>
            {tab.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
