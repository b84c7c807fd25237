import { useLingui } from '@lingui/react';

/** The first focusable element of every layout: straight to the page's main content. */
export function SkipLink() {
  const { i18n } = useLingui();
  return (
    <a
      href="#main"
      className="bg-primary text-primary-foreground sr-only rounded-md px-3 py-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
    >
      {i18n._('Skip to content')}
    </a>
  );
}
