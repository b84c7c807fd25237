import { useLingui } from '@lingui/react';
import { Link } from '@/lib/navigation';

/** The product's name: the same in every language. */
const PRODUCT_NAME = 'Draftwell';

export function Logo({ to }: { to: string }) {
  const { i18n } = useLingui();
  return (
    <Link
      to={to}
      className="flex items-center gap-2 text-lg font-semibold tracking-tight"
      aria-label={i18n._('Draftwell home')}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path d="M9 8h8.5a7.5 7.5 0 0 1 0 15H9z" fill="none" className="stroke-primary-foreground" strokeWidth="3" />
        <path d="M13 27h10" className="stroke-primary-foreground/60" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{PRODUCT_NAME}</span>
    </Link>
  );
}
