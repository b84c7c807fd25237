import { useLingui } from '@lingui/react';
import { Moon, Sun } from 'lucide-react';
import { useTheme } from '@/lib/theme';
import { Button } from '@/components/ui/button';
import { useHydrated } from '@/lib/use-hydrated';

/** Light or dark for the client's page: one button, no menu to load (QUALITY P8). */
export function ShareThemeToggle() {
  const { i18n } = useLingui();
  const { resolvedTheme, setTheme } = useTheme();
  const dark = resolvedTheme === 'dark';
  // It works once a page the server rendered is hydrated; until then it shows the light theme's label.
  const hydrated = useHydrated();
  return (
    <Button
      variant="ghost"
      size="icon"
      aria-label={dark ? i18n._('Switch to the light theme') : i18n._('Switch to the dark theme')}
      aria-disabled={hydrated ? undefined : true}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      className="print:hidden"
    >
      {dark ? <Sun aria-hidden="true" /> : <Moon aria-hidden="true" />}
    </Button>
  );
}
