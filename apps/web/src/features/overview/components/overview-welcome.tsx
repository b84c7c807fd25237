import { useLingui } from '@lingui/react';
import { FilePlus2, LayoutTemplate, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

function Way({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <li className="bg-background rounded-lg border p-4">
      <span aria-hidden="true" className="bg-accent text-accent-foreground inline-flex rounded-full p-2 [&_svg]:size-5">
        {icon}
      </span>
      <h3 className="mt-3 font-semibold">{title}</h3>
      <p className="text-muted-foreground mt-1 text-sm">{children}</p>
    </li>
  );
}

/** What a user with no proposals yet sees instead of empty figures. */
export function OverviewWelcome({ newProposal }: { newProposal: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Card className="p-6 sm:p-8">
      <h2 className="text-xl font-semibold tracking-tight">{i18n._('Welcome to Draftwell')}</h2>
      <p className="text-muted-foreground mt-2 max-w-prose">
        {i18n._(
          'Once you send proposals, this page shows how they are doing: what awaits a reply, your win rate, the value accepted this month and what happened lately. Start your first proposal in one of three ways.',
        )}
      </p>
      <ol className="mt-6 grid gap-4 md:grid-cols-3">
        <Way icon={<FilePlus2 />} title={i18n._('Blank')}>
          {i18n._(
            'An empty proposal with your business details filled in. Add the client, the scope and a pricing table.',
          )}
        </Way>
        <Way icon={<LayoutTemplate />} title={i18n._('From a template')}>
          {i18n._('Pick a ready-made structure for web design, consulting, marketing and more, then make it yours.')}
        </Way>
        <Way icon={<Sparkles />} title={i18n._('From a brief')}>
          {i18n._(
            'Describe the client, what they need, the budget and the deadline, and get a complete first draft to refine.',
          )}
        </Way>
      </ol>
      <div className="mt-6 flex flex-wrap gap-3">
        {newProposal}
        <Button variant="outline" asChild>
          <Link to={paths.templates}>
            <LayoutTemplate aria-hidden="true" />
            {i18n._('Browse templates')}
          </Link>
        </Button>
      </div>
    </Card>
  );
}
