import { useLingui } from '@lingui/react';
import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { navigate } from '@/lib/navigation';
import { currentToasts, dismissToast, subscribeToasts } from '@/lib/light-toast';
import { cn } from '@/lib/cn';

const none = () => [];
const ICONS = { success: CircleCheck, error: CircleAlert, info: Info } as const;

/** Where the public pages' notifications show (lib/light-toast.ts): bottom right, newest last. */
export function LightToaster() {
  const { i18n } = useLingui();
  const toasts = useSyncExternalStore(subscribeToasts, currentToasts, none);
  return (
    <section
      aria-label={i18n._('Notifications')}
      aria-live="polite"
      className="fixed end-4 bottom-4 z-[60] w-[min(24rem,calc(100vw-2rem))]"
    >
      <ol className="grid gap-2">
        {toasts.map((t) => {
          const Icon = ICONS[t.type];
          return (
            <li
              key={t.id}
              className="bg-card text-card-foreground flex items-start gap-3 rounded-lg border p-4 shadow-lg"
            >
              <Icon
                aria-hidden="true"
                className={cn('mt-0.5 size-5 shrink-0', t.type === 'error' ? 'text-destructive' : 'text-success')}
              />
              <div className="grid min-w-0 flex-1 gap-1 text-sm">
                <p className="font-semibold">{t.title}</p>
                {t.description ? <p className="text-muted-foreground">{t.description}</p> : null}
                {t.action ? (
                  <button
                    type="button"
                    onClick={() => {
                      dismissToast(t.id);
                      navigate(t.action!.to);
                    }}
                    className="text-primary justify-self-start font-medium underline underline-offset-4"
                  >
                    {t.action.label}
                  </button>
                ) : null}
              </div>
              <button
                type="button"
                aria-label={i18n._('Close notification')}
                onClick={() => dismissToast(t.id)}
                className="text-muted-foreground hover:text-foreground -m-1 rounded p-1"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
