import { Briefcase, Camera, Code2, FileText, Megaphone, Palette, PartyPopper, type LucideIcon } from 'lucide-react';
import type { CSSProperties } from 'react';
import type { TTemplateSummary } from '@draftwell/shared/workspace/templates';

/** An icon and a hue for each starter's category; any other category gets a hue from its name. */
const CATEGORIES: Record<string, { icon: LucideIcon; hue: number }> = {
  'web design': { icon: Palette, hue: 255 },
  'software development': { icon: Code2, hue: 195 },
  marketing: { icon: Megaphone, hue: 330 },
  consulting: { icon: Briefcase, hue: 150 },
  photography: { icon: Camera, hue: 60 },
  events: { icon: PartyPopper, hue: 20 },
};

/** A stable hue per category, so the same kind of template always looks the same. */
function hueOf(text: string): number {
  let hash = 0;
  for (const char of text) hash = (hash * 31 + char.charCodeAt(0)) % 360;
  return hash;
}

/** A miniature first page: the template's name as its heading, text lines and a price table. */
export function TemplateThumbnail({ template }: { template: TTemplateSummary }) {
  const key = template.category.trim().toLowerCase();
  const known = CATEGORIES[key];
  const Icon = known?.icon ?? FileText;
  const hue = known?.hue ?? hueOf(key || template.name);
  return (
    <div
      aria-hidden="true"
      style={{ '--thumb-hue': hue } as CSSProperties}
      className="bg-muted relative flex h-36 items-end justify-center overflow-hidden rounded-t-lg border-b px-6 pt-5"
    >
      <div className="bg-card relative h-full w-full max-w-52 rounded-t-md px-4 pt-4 shadow-sm ring-1 ring-black/5 dark:ring-white/10">
        <div className="mb-2.5 flex items-center gap-2">
          <span className="flex size-6 items-center justify-center rounded-md bg-[oklch(0.93_0.05_var(--thumb-hue))] text-[oklch(0.42_0.14_var(--thumb-hue))] dark:bg-[oklch(0.35_0.07_var(--thumb-hue))] dark:text-[oklch(0.9_0.08_var(--thumb-hue))]">
            <Icon className="size-3.5" />
          </span>
          <span className="h-1 flex-1 rounded-full bg-[oklch(0.6_0.14_var(--thumb-hue))]" />
        </div>
        <p className="line-clamp-2 text-[0.6875rem] leading-tight font-semibold">{template.name}</p>
        <div className="mt-2 space-y-1">
          <div className="bg-muted h-1 w-full rounded-full" />
          <div className="bg-muted h-1 w-11/12 rounded-full" />
          <div className="bg-muted h-1 w-3/5 rounded-full" />
        </div>
        <div className="mt-2.5 grid grid-cols-[1fr_auto] gap-x-3 gap-y-1">
          <div className="bg-muted h-1 rounded-full" />
          <div className="bg-muted h-1 w-6 rounded-full" />
          <div className="bg-muted h-1 rounded-full" />
          <div className="h-1 w-6 rounded-full bg-[oklch(0.6_0.14_var(--thumb-hue))]" />
        </div>
      </div>
    </div>
  );
}
