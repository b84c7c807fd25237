import { useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Link } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { ProsePage, ProseSection } from '@/features/marketing/components/prose-page';
import { usePageTitle } from '@/lib/page-title';

const principles = (i18n: I18n) => [
  {
    title: i18n._('Never lose work'),
    text: i18n._(
      'Every change is saved as you type. When the connection drops, your changes stay on your device and are sent when it comes back. When the same draft is edited in two tabs, you see the conflict and choose; nothing is silently overwritten.',
    ),
  },
  {
    title: i18n._('Evidence-grade acceptance, on every plan'),
    text: i18n._(
      'A signature is only useful if you can show what was signed. Each time you send, the document is frozen as a revision with a SHA-256 hash. An acceptance records who, when, from which address and browser, with which consent text, and points at that exact revision. The certificate and PDF can be checked by anyone, and none of this depends on the plan you pay for.',
    ),
  },
  {
    title: i18n._('Open and self-hostable'),
    text: i18n._(
      'The code is open source. You can read it, change it and run it yourself. Everything you store can be exported as JSON, and links to accepted proposals keep working whatever happens to your plan.',
    ),
  },
  {
    title: i18n._('Fair pricing'),
    text: i18n._(
      'A free plan that is useful on its own, flat prices for more volume and your own branding, and no charge per document, per signature or per client.',
    ),
  },
];

export default function AboutPage() {
  const { i18n } = useLingui();
  usePageTitle(
    i18n._('About — Draftwell'),
    i18n._(
      'Who makes Draftwell and why: an open-source, self-hostable proposal tool for freelancers, agencies and small B2B sellers.',
    ),
  );

  return (
    <ProsePage
      title={i18n._('About Draftwell')}
      lead={i18n._(
        'Draftwell is a proposal tool for freelancers, agencies and small B2B sellers: draft a proposal, send it as a link, and get it accepted and signed, without giving up your data or paying per document.',
      )}
    >
      <ProseSection id="why" title={i18n._('Why it exists')}>
        <p>
          {i18n._(
            'Most small businesses write proposals in a word processor, export a PDF, email it, and then wait. The client replies with questions about which options are included, someone edits the wrong copy, and the “signature” is an email that says “looks good”. When there is a disagreement months later, nobody can say exactly which version was agreed.',
          )}
        </p>
        <p>
          {i18n._(
            'The dedicated proposal tools solve part of this, but they are often priced for sales teams, reserve some of the features that matter most for higher tiers, and make it hard to take your work elsewhere. Draftwell is our answer: the whole path from draft to signed agreement, done carefully, on every plan, in software you can run yourself.',
          )}
        </p>
      </ProseSection>

      <ProseSection id="principles" title={i18n._('Principles')}>
        <div className="grid gap-6">
          {principles(i18n).map((principle) => (
            <div key={principle.title} className="bg-card rounded-lg border p-5">
              <h3>{principle.title}</h3>
              <p className="text-muted-foreground mt-2">{principle.text}</p>
            </div>
          ))}
        </div>
      </ProseSection>

      <ProseSection id="how-it-is-built" title={i18n._('How it is built')}>
        <p>
          {i18n._(
            'Draftwell is open source under the MIT licence. It is one Node.js process that serves the web app, the API and live updates, with its data in PostgreSQL and uploaded files such as logos on disk or in S3-compatible storage. On a machine with Node.js 20.19 or newer, two commands start it:',
          )}
        </p>
        <pre className="bg-muted overflow-x-auto rounded-lg border p-4 text-sm">
          <code className="!bg-transparent !p-0">npm ci &amp;&amp; npm start</code>
        </pre>
        <p>
          {i18n._(
            'Out of the box it uses an embedded PostgreSQL, so no other service is needed. Point it at your own PostgreSQL server to run several instances behind a load balancer. Email goes through your SMTP server when you set one, and billing through Stripe only if you configure it; without Stripe, the operator sets each user’s plan.',
          )}
        </p>
        <p>
          {i18n._(
            'The web app is React and TypeScript; the server is Hono, with better-auth for accounts and Drizzle for the database. There are no third-party trackers or analytics anywhere in it.',
          )}
        </p>
      </ProseSection>

      <ProseSection id="talk-to-us" title={i18n._('Talk to us')}>
        <p>
          {i18n._(
            'Questions, a bug, a feature you need, or help with self-hosting: we read every message and reply within two working days.',
          )}
        </p>
        <div>
          <Button asChild>
            <Link to={paths.contact} className="!text-primary-foreground !no-underline">
              {i18n._('Contact us')}
            </Link>
          </Button>
        </div>
      </ProseSection>
    </ProsePage>
  );
}
