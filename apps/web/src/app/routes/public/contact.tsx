import { Trans, useLingui } from '@lingui/react';
import { Clock, Inbox, ShieldCheck } from 'lucide-react';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { ContactForm } from '@/features/contact/components/contact-form';
import { usePageTitle } from '@/lib/page-title';

export default function ContactPage() {
  const { i18n } = useLingui();
  usePageTitle(
    i18n._('Contact — Draftwell'),
    i18n._(
      'Write to the Draftwell team about plans, billing, self-hosting or your account. We reply by email within two working days.',
    ),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
      <h1 className="text-4xl font-semibold tracking-tight sm:text-5xl">{i18n._('Contact us')}</h1>
      <p className="text-muted-foreground mt-4 max-w-2xl text-lg">
        {i18n._(
          'A question about plans, a bug, a feature you need, or help running Draftwell on your own server: write to us and a person will answer.',
        )}
      </p>
      <div className="mt-10 grid gap-12 lg:grid-cols-[1fr_20rem]">
        <div className="bg-card rounded-lg border p-5 shadow-sm sm:p-8">
          <ContactForm />
        </div>

        <aside aria-labelledby="what-happens-next">
          <h2 id="what-happens-next" className="text-lg font-semibold">
            {i18n._('What happens next')}
          </h2>
          <ul className="mt-4 grid gap-5 text-sm">
            <li className="flex gap-3">
              <Inbox className="text-primary mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p>
                {i18n._(
                  'Your message is stored and emailed to the team, so it is not lost even if an email goes astray.',
                )}
              </p>
            </li>
            <li className="flex gap-3">
              <Clock className="text-primary mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p>{i18n._('We reply by email within two working days.')}</p>
            </li>
            <li className="flex gap-3">
              <ShieldCheck className="text-primary mt-0.5 size-5 shrink-0" aria-hidden="true" />
              <p>
                <Trans
                  id="We keep your name, email, message and IP address to answer and follow up. Details are in the <0>privacy notice</0>."
                  components={{
                    0: <Link to={paths.privacy} className="text-primary font-medium underline underline-offset-4" />,
                  }}
                />
              </p>
            </li>
          </ul>
          <p className="text-muted-foreground mt-8 text-sm">
            <Trans
              id="Questions about plans are often answered on the <0>pricing page</0>."
              components={{
                0: <Link to={paths.pricing} className="text-primary font-medium underline underline-offset-4" />,
              }}
            />
          </p>
        </aside>
      </div>
    </div>
  );
}
