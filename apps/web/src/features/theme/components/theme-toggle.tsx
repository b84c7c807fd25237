import { Monitor, Moon, Sun } from 'lucide-react';
import { useTheme } from 'next-themes';
import { DropdownMenu } from 'radix-ui';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

export const THEME_OPTIONS = [
  { value: 'light', label: 'Light', Icon: Sun },
  { value: 'dark', label: 'Dark', Icon: Moon },
  { value: 'system', label: 'System', Icon: Monitor },
] as const;

/** The header's theme control: light, dark or system (S7). */
export function ThemeToggle() {
  const { theme: stored = 'light', setTheme } = useTheme();
  // The prerendered header says "Light" like the server; the stored choice shows once hydrated.
  const hydrated = useHydrated();
  const theme = hydrated ? stored : 'light';
  const current = THEME_OPTIONS.find((o) => o.value === theme) ?? THEME_OPTIONS[0];
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <Button
          variant="ghost"
          size="icon"
          aria-label={`Theme: ${current.label}. Change theme`}
          aria-disabled={hydrated ? undefined : true}
        >
          <current.Icon aria-hidden="true" />
        </Button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="bg-card text-card-foreground z-50 min-w-36 rounded-md border p-1 shadow-md"
        >
          <DropdownMenu.RadioGroup value={theme} onValueChange={setTheme}>
            {THEME_OPTIONS.map(({ value, label, Icon }) => (
              <DropdownMenu.RadioItem
                key={value}
                value={value}
                className="data-[highlighted]:bg-accent flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm outline-none data-[state=checked]:font-semibold"
              >
                <Icon className="size-4" aria-hidden="true" />
                {label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The same choice as a row of buttons, for the profile page. */
export function ThemeChoice() {
  const { theme = 'light', setTheme } = useTheme();
  return (
    <div role="radiogroup" aria-label="Theme" className="flex flex-wrap gap-2">
      {THEME_OPTIONS.map(({ value, label, Icon }) => (
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
