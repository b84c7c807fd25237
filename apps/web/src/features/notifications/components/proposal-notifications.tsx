import { PROPOSAL_ACTIVITY_EVENT, type TProposalNotification } from '@draftwell/shared/share/share-api';
import { userChannel } from '@draftwell/shared/realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { invalidateProposalActivity } from '@/lib/api/query-keys';
import { useRealtime } from '@/lib/realtime/realtime-provider';
import { fetchNotifications } from '../api/get-notifications';
import { NotificationTracker } from '../utils/notification-tracker';
import { notificationToasts, type TNotificationToast } from '../utils/notification-toasts';
import { appI18n } from '@/lib/app-language';
import { useLatest } from '@/lib/use-latest';

const SHOW = { default: toast, success: toast.success } as const;
/** Longer than a confirmation's: these arrive while the owner may be looking elsewhere. */
const DURATION_MS = 8000;

/**
 * Live notifications for the signed-in screens (PRODUCT 6, R10): a toast with *View* for each
 * client action on the user's proposals, the affected queries refreshed, and after every
 * realtime reconnect (or the browser coming back online) whatever was missed meanwhile.
 */
export function ProposalNotifications({ userId }: { userId: string }) {
  const realtime = useRealtime();
  const queryClient = useQueryClient();
  // The toasts' buttons outlive renders: they read the newest navigate.
  const navigateRef = useLatest(useNavigate());

  useEffect(() => {
    const show = (t: TNotificationToast) => {
      const i18n = appI18n();
      SHOW[t.tone](t.title, {
        id: t.id,
        description: t.description,
        duration: DURATION_MS,
        action: {
          label: i18n._('View'),
          onClick: (event) => {
            // Leave the toasts now: sonner hands focus back to where it was when focus next leaves
            // them, and would otherwise take it from the field the user goes on to click.
            event.currentTarget.blur();
            void navigateRef.current(t.proposalId ? paths.proposal(t.proposalId) : paths.dashboard);
          },
        },
      });
    };
    const tracker = new NotificationTracker({
      fetchFeed: (after) => fetchNotifications(after),
      onNotifications: (items, source) => {
        for (const id of new Set(items.map((n) => n.proposalId))) void invalidateProposalActivity(queryClient, id);
        for (const t of notificationToasts(items, source)) show(t);
      },
      onError: (error) => console.warn('[notifications] could not fetch the feed', error),
    });
    void tracker.start();
    const channel = userChannel(userId);
    const offEvent = realtime.subscribe((event) => {
      if (event.channel !== channel || event.event !== PROPOSAL_ACTIVITY_EVENT) return;
      tracker.receive(event.data as TProposalNotification);
    });
    const offReconnect = realtime.onReconnect(() => void tracker.catchUp());
    const onOnline = () => void tracker.catchUp();
    window.addEventListener('online', onOnline);
    return () => {
      tracker.stop();
      offEvent();
      offReconnect();
      window.removeEventListener('online', onOnline);
    };
  }, [realtime, queryClient, userId, navigateRef]);

  return null;
}
