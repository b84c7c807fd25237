import { PLANS } from '@draftwell/shared/plans';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useBilling } from '@/lib/api/billing-state';
import { BRANDING_PLANS } from '@/lib/use-shown-branding';

/**
 * Beside a branding setting (the logo, the colour): says when the owner's plan does not show it
 * to clients, and what they see instead. Nothing while the plan loads or when it shows it.
 */
export function PlanBrandingNote({ what, id, className }: { what: string; id?: string; className?: string }) {
  const billing = useBilling();
  const plan = billing.data ? PLANS[billing.data.plan] : null;
  if (!plan || plan.features.ownBranding) return null;
  return (
    <p id={id} className={cn('text-muted-foreground text-xs', className)} data-plan-branding-note>
      Your {plan.name} plan does not show {what} to clients: your proposals and their PDF use Draftwell’s look with a
      “Made with Draftwell” footer. {BRANDING_PLANS} show it.{' '}
      <Link to={paths.plan} className="text-foreground font-medium underline underline-offset-2">
        See plans
      </Link>
    </p>
  );
}
