import { Trans } from '@lingui/react';
import { PLANS } from '@draftwell/shared/plans';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { useBilling } from '@/lib/api/billing-state';
import { useBrandingPlans } from '@/lib/use-shown-branding';

/** Which branding setting a note sits beside. */
export type TBrandingPart = 'logo' | 'colour' | 'logoAndColour';

/**
 * Beside a branding setting (the logo, the colour): says when the owner's plan does not show it
 * to clients, and what they see instead. Nothing while the plan loads or when it shows it.
 */
export function PlanBrandingNote({ what, id, className }: { what: TBrandingPart; id?: string; className?: string }) {
  const billing = useBilling();
  const plans = useBrandingPlans();
  const plan = billing.data ? PLANS[billing.data.plan] : null;
  if (!plan || plan.features.ownBranding) return null;
  const values = { plan: plan.name, plans };
  const components = {
    0: <Link to={paths.plan} className="text-foreground font-medium underline underline-offset-2" />,
  };
  return (
    <p id={id} className={cn('text-muted-foreground text-xs', className)} data-plan-branding-note>
      {what === 'logo' ? (
        <Trans
          id="Your {plan} plan does not show your logo to clients: your proposals and their PDF use Draftwell’s look with a “Made with Draftwell” footer. {plans} show it. <0>See plans</0>"
          values={values}
          components={components}
        />
      ) : what === 'colour' ? (
        <Trans
          id="Your {plan} plan does not show your colour to clients: your proposals and their PDF use Draftwell’s look with a “Made with Draftwell” footer. {plans} show it. <0>See plans</0>"
          values={values}
          components={components}
        />
      ) : (
        <Trans
          id="Your {plan} plan does not show your logo and colour to clients: your proposals and their PDF use Draftwell’s look with a “Made with Draftwell” footer. {plans} show it. <0>See plans</0>"
          values={values}
          components={components}
        />
      )}
    </p>
  );
}
