import { BILLING_CHANGED_EVENT, PLANS, type TPlanId, type TPlanLimitDetails } from '@draftwell/shared/plans';
import { userChannel } from '@draftwell/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { appI18n } from '@/lib/app-language';
import { useRealtime } from '@/lib/realtime/realtime-provider';
import { isPlanLimitError, type ApiError } from '@/lib/api-client';
import { onPlanLimit } from '@/lib/plan-limit';
import { billingKeys, billingQueryOptions } from '@/lib/api/billing-state';
import { useLatest } from '@/lib/use-latest';

/**
 * Plans, app-wide: a 402 from any action becomes a toast with *Upgrade* (the action's own error
 * handling leaves plan limits to this; on a server without billing, whom to ask and *See your
 * plan*), and a plan changed elsewhere (Stripe, the operator's command, another tab) refreshes
 * the meters in every open tab at once.
 */
export function BillingListener({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const realtime = useRealtime();
  // The toasts' buttons outlive renders: they read the newest navigate.
  const navigateRef = useLatest(useNavigate());

  useEffect(() => {
    const offer = async (error: ApiError) => {
      const details = error.details as TPlanLimitDetails | undefined;
      const next = details?.upgradeTo ? PLANS[details.upgradeTo].name : null;
      // Whether this server bills (the same for the whole run): cached once the Plan tab or an
      // earlier limit read it. Unknown, the toast offers the upgrade as before.
      const billingEnabled = await queryClient
        .ensureQueryData(billingQueryOptions())
        .then((state) => state.billingEnabled)
        .catch(() => true);
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      const i18n = appI18n();
      toast.warning(i18n._('You have reached your plan’s limit'), {
        id: `plan-limit-${details?.action ?? 'any'}`,
        description: billingEnabled
          ? error.message
          : next
            ? i18n._('{message} Billing is not set up on this server: ask whoever runs it to move you to {plan}.', {
                message: error.message,
                plan: next,
              })
            : i18n._(
                '{message} Billing is not set up on this server: ask whoever runs it to move you to another plan.',
                { message: error.message },
              ),
        duration: 12_000,
        action: {
          // Without billing there is nothing to buy: the Plan tab shows the usage and says so.
          label: !billingEnabled
            ? i18n._('See your plan')
            : next
              ? i18n._('Upgrade to {plan}', { plan: next })
              : i18n._('Upgrade'),
          onClick: (e) => {
            e.currentTarget.blur();
            void navigateRef.current(paths.plan);
          },
        },
      });
    };
    const offMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && isPlanLimitError(event.action.error)) {
        void offer(event.action.error);
      }
    });
    const offAnnounced = onPlanLimit((error) => void offer(error));
    const channel = userChannel(userId);
    const offEvent = realtime.subscribe((event) => {
      if (event.channel !== channel || event.event !== BILLING_CHANGED_EVENT) return;
      void queryClient.invalidateQueries({ queryKey: billingKeys.all });
      const plan = PLANS[(event.data as { plan?: TPlanId }).plan ?? 'free'];
      if (plan) {
        const i18n = appI18n();
        toast.success(i18n._('You are on the {plan} plan', { plan: plan.name }), {
          id: 'plan-changed',
          description: i18n._('Your plan’s limits apply from now.'),
        });
      }
    });
    return () => {
      offMutations();
      offAnnounced();
      offEvent();
    };
  }, [queryClient, realtime, userId, navigateRef]);

  return null;
}
