import { useLingui } from '@lingui/react';
import { Monitor, Moon, Sun } from 'lucide-react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useTheme, type TThemeChoice } from '@/lib/theme';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

export const themeOptions = (i18n: I18n) =>
  [
    { value: 'light', label: i18n._('Light'), Icon: Sun },
    { value: 'dark', label: i18n._('Dark'), Icon: Moon },
    { value: 'system', label: i18n._('System'), Icon: Monitor },
  ] as const;

/** The menu button's name: the theme now, and what the button does. */
function toggleLabel(i18n: I18n, theme: TThemeChoice): string {
  switch (theme) {
    case 'dark':
      return i18n._('Theme: Dark. Change theme');
    case 'system':
      return i18n._('Theme: System. Change theme');
    default:
      return i18n._('Theme: Light. Change theme');
  }
}

/**
 * The header's theme control: light, dark or system (S7). A menu button as the WAI-ARIA pattern
 * has it (arrow keys, Home and End move, Enter or Space choose, Escape and a click elsewhere
 * close, focus goes back to the button), written out: the public pages carry no menu library (P8).
 */
export function ThemeToggle() {
  const { i18n } = useLingui();
  const options = themeOptions(i18n);
  const { theme: stored = 'light', setTheme } = useTheme();
  // The prerendered header says "Light" like the server; the stored choice shows once hydrated.
  const hydrated = useHydrated();
  const theme = hydrated ? stored : 'light';
  const current = options.find((o) => o.value === theme) ?? options[0];
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  const items = () => [...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    // The chosen theme's item takes the focus, as in a native menu.
    (items().find((el) => el.getAttribute('aria-checked') === 'true') ?? items()[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!menu.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const move = (index: number) => all[(index + all.length) % all.length]?.focus();
    if (event.key === 'ArrowDown') move(at + 1);
    else if (event.key === 'ArrowUp') move(at - 1);
    else if (event.key === 'Home') move(0);
    else if (event.key === 'End') move(all.length - 1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') setOpen(false);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
  };

  const choose = (value: TThemeChoice) => {
    setTheme(value);
    close(true);
  };

  return (
    <div className="relative">
      <Button
        ref={button}
        variant="ghost"
        size="icon"
        aria-label={toggleLabel(i18n, current.value)}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-disabled={hydrated ? undefined : true}
        onClick={() => hydrated && setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (hydrated && (event.key === 'ArrowDown' || event.key === 'ArrowUp')) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <current.Icon aria-hidden="true" />
      </Button>
      {open ? (
        <div
          ref={menu}
          id={menuId}
          role="menu"
          tabIndex={-1}
          aria-label={i18n._('Theme')}
          onKeyDown={onMenuKeyDown}
          className="bg-card text-card-foreground absolute top-full end-0 z-50 mt-1.5 min-w-36 rounded-md border p-1 shadow-md"
        >
          {options.map(({ value, label, Icon }) => (
            <button
              key={value}
              type="button"
              role="menuitemradio"
              aria-checked={theme === value}
              tabIndex={-1}
              onClick={() => choose(value)}
              className="hover:bg-accent focus:bg-accent flex w-full cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-start text-sm outline-none aria-checked:font-semibold"
            >
              <Icon className="size-4" aria-hidden="true" />
              {label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}

/** The same choice as a row of buttons, for the profile page. */
export function ThemeChoice() {
  const { i18n } = useLingui();
  const { theme = 'light', setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label={i18n._('Theme')} className="flex flex-wrap gap-2">
      {themeOptions(i18n).map(({ value, label, Icon }) => (
        <Button
          key={value}
          role="radio"
          aria-checked={theme === value}
          variant={theme === value ? 'default' : 'outline'}
          onClick={() => setTheme(value)}
        >
          <Icon aria-hidden="true" />
          {label}
        </Button>
      ))}
    </div>
  );
}
