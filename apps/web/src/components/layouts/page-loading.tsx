import { useLingui } from '@lingui/react';

/** What a screen shows while its code loads (S5). */
export function PageLoading() {
  const { i18n } = useLingui();
  return (
    <div
      className="text-muted-foreground flex min-h-[40vh] items-center justify-center"
      role="status"
      aria-live="polite"
    >
      {i18n._('Loading...')}
    </div>
  );
}
