import { useLingui } from '@lingui/react';
import { FileQuestion } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { usePageTitle } from '@/lib/page-title';

export default function NotFoundPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Page not found — Draftwell'));

  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      {/* Search engines should not index the address every unknown path is sent to. */}
      <meta name="robots" content="noindex" />
      <span className="bg-accent text-accent-foreground grid size-14 place-items-center rounded-full">
        <FileQuestion className="size-7" aria-hidden="true" />
      </span>
      <p className="text-muted-foreground mt-6 text-sm font-semibold tracking-wide">{i18n._('Error 404')}</p>
      <h1 className="mt-2 text-3xl font-semibold tracking-tight sm:text-4xl">
        {i18n._('We could not find that page')}
      </h1>
      <p className="text-muted-foreground mt-4 text-lg">
        {i18n._(
          'The link may be mistyped, or the page may have moved. If you were looking for a proposal someone sent you, open the link from their email again.',
        )}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild size="lg">
          <Link to={paths.landing}>{i18n._('Go to the home page')}</Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={paths.dashboard}>{i18n._('Open your dashboard')}</Link>
        </Button>
      </div>
    </div>
  );
}
