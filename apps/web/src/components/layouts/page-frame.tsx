import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';

/** A protected screen's frame: title, optional description and actions, then the content. */
export function PageFrame({
  title,
  description,
  actions,
  children,
  className,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-7xl px-4 py-8', className)}>
      <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          {description ? <p className="text-muted-foreground mt-1">{description}</p> : null}
        </div>
        {actions}
      </div>
      {children}
    </div>
  );
}

/** What an empty part of a screen says: what will be here, and where to go meanwhile. */
export function EmptyState({
  icon,
  title,
  children,
  link,
}: {
  icon?: ReactNode;
  title: string;
  children: ReactNode;
  link?: { to: string; label: string };
}) {
  return (
    <div className="bg-card flex flex-col items-center rounded-lg border border-dashed px-6 py-14 text-center">
      {icon ? (
        <div className="bg-accent text-accent-foreground mb-4 rounded-full p-3 [&_svg]:size-6">{icon}</div>
      ) : null}
      <h2 className="text-lg font-semibold">{title}</h2>
      <div className="text-muted-foreground mt-2 max-w-md text-sm">{children}</div>
      {link ? (
        <Link to={link.to} className="text-primary mt-4 text-sm font-medium underline-offset-4 hover:underline">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}
