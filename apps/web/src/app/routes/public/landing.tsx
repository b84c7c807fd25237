import {
  Building2,
  FileSignature,
  FileText,
  GitCompareArrows,
  HardDriveDownload,
  Link2,
  ListChecks,
  PiggyBank,
  Save,
  ShieldCheck,
  Store,
  Timer,
  UserRound,
} from 'lucide-react';
import { Trans, useLingui } from '@lingui/react';
import { type ReactNode } from 'react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Link } from '@/lib/navigation';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PlanCards } from '@/components/plans/plan-cards';
import { ProposalIllustration } from '@/features/marketing/components/proposal-illustration';
import { usePageTitle } from '@/lib/page-title';

const audiences = (i18n: I18n) => [
  {
    icon: UserRound,
    title: i18n._('Freelancers'),
    text: i18n._(
      'Designers, developers, photographers and consultants who win work one proposal at a time and would rather spend the evening on the work than on formatting a Word file.',
    ),
  },
  {
    icon: Building2,
    title: i18n._('Agencies'),
    text: i18n._(
      'Small studios that send the same kinds of proposals every week: keep your own templates and price catalogue, and let clients choose between packages.',
    ),
  },
  {
    icon: Store,
    title: i18n._('Small B2B sellers'),
    text: i18n._(
      'Companies selling services or subscriptions to other businesses, who need one-off and recurring prices on one page and a signature they can stand behind.',
    ),
  },
];

const steps = (i18n: I18n) => [
  {
    icon: FileText,
    title: i18n._('Draft'),
    text: i18n._(
      'Start from a starter template, one of your own, or a short brief: who the client is, what they need, budget and deadline. You get a complete first draft with sections and a pricing table to edit.',
    ),
  },
  {
    icon: Link2,
    title: i18n._('Send a link'),
    text: i18n._(
      'Send the proposal by email or share its link. It reads well on a phone, carries your branding, and you see when it is opened.',
    ),
  },
  {
    icon: ListChecks,
    title: i18n._('Your client decides'),
    text: i18n._(
      'They tick optional items, adjust quantities within the range you allow or pick one package, and the totals update as they go. Then they accept by typing their full name, or decline with a reason.',
    ),
  },
  {
    icon: FileSignature,
    title: i18n._('Keep the certificate'),
    text: i18n._(
      'The accepted version is frozen and fingerprinted. You both get a certificate with who accepted, when, from where, and the document’s SHA-256 hash, and a PDF to download.',
    ),
  },
];

const reasons = (i18n: I18n) => [
  {
    icon: ShieldCheck,
    title: i18n._('Evidence-grade acceptance on every plan'),
    text: i18n._(
      'Every acceptance points at a frozen revision and its SHA-256 hash and records name, email, time, IP address, browser and the consent text. Anyone can check a downloaded PDF or a certificate’s hash on the public verify page. The free plan gets the same evidence as the paid ones.',
    ),
  },
  {
    icon: ListChecks,
    title: i18n._('Pricing tables your client can use'),
    text: i18n._(
      'Optional items, quantity ranges, choose-one packages, discounts and taxes, with one-off, monthly and yearly totals kept apart. Amounts are stored as whole cents and rounded per line, so the total always matches the lines. On every plan.',
    ),
  },
  {
    icon: Save,
    title: i18n._('Work is never lost'),
    text: i18n._(
      'Every change saves as you type. Offline, your changes stay on the device and are sent when you reconnect. Edit the same draft in two tabs and you are shown the conflict instead of having one version silently overwrite the other.',
    ),
  },
  {
    icon: GitCompareArrows,
    title: i18n._('Revision history with diffs'),
    text: i18n._(
      'Each time you send, a snapshot is kept. You and your client can see exactly what changed between two versions, in plain words, instead of comparing two PDFs by eye.',
    ),
  },
  {
    icon: Timer,
    title: i18n._('Fast to a first draft'),
    text: i18n._(
      'A short brief becomes a structured draft, priced from your own saved items. A built-in drafter works with no setup; connect an AI model if you want richer prose.',
    ),
  },
  {
    icon: HardDriveDownload,
    title: i18n._('No lock-in'),
    text: i18n._(
      'Export everything you have stored as JSON at any time. Links to accepted proposals keep working after a downgrade. The code is open source and runs on your own server with two commands.',
    ),
  },
  {
    icon: PiggyBank,
    title: i18n._('Fair pricing'),
    text: i18n._(
      'A free plan that includes e-signature, certificates and the interactive pricing table; flat monthly prices; no per-document charges.',
    ),
  },
];

function Section({
  id,
  title,
  intro,
  children,
  className,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <div className="mx-auto max-w-6xl px-4 py-16 sm:py-20">
        <div className="max-w-2xl">
          <h2 id={id} className="text-2xl font-semibold tracking-tight sm:text-3xl">
            {title}
          </h2>
          {intro ? <p className="text-muted-foreground mt-3 text-lg">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

export default function LandingPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Draftwell — business proposals your clients can accept and sign'));

  return (
    <>
      <section aria-labelledby="hero-title" className="from-accent/60 to-background border-b bg-linear-to-b">
        <div className="mx-auto grid max-w-6xl grid-cols-1 items-center gap-12 px-4 py-14 sm:py-20 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
          <div>
            <p className="text-primary text-sm font-semibold">
              {i18n._('Proposals, pricing and e-signature in one link')}
            </p>
            <h1 id="hero-title" className="mt-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
              {i18n._('Write the proposal, send a link, get it signed.')}
            </h1>
            <p className="text-muted-foreground mt-5 max-w-xl text-lg">
              {i18n._(
                'Draftwell is where freelancers, agencies and small B2B sellers draft business proposals, send them to clients and get them accepted with a typed signature and a certificate that proves what was agreed.',
              )}
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button asChild size="lg">
                <Link to={paths.signUp()}>{i18n._('Create a free account')}</Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to={paths.pricing}>{i18n._('See plans and pricing')}</Link>
              </Button>
            </div>
            <p className="text-muted-foreground mt-4 text-sm">
              {i18n._('Free plan with e-signature included. No card needed. Open source and self-hostable.')}
            </p>
          </div>
          <ProposalIllustration className="mx-auto w-full max-w-md lg:max-w-none" />
        </div>
      </section>

      <Section
        id="for-whom"
        title={i18n._('Made for people who sell their time and expertise')}
        intro={i18n._(
          'If you write proposals in Word or Google Docs today and then chase the signature by email, Draftwell is for you.',
        )}
      >
        <ul className="grid gap-6 md:grid-cols-3">
          {audiences(i18n).map(({ icon: Icon, title, text }) => (
            <li key={title} className="bg-card rounded-lg border p-6">
              <Icon className="text-primary size-6" aria-hidden="true" />
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground mt-2">{text}</p>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="how-it-works"
        title={i18n._('How it works')}
        intro={i18n._('From a blank page to a signed agreement in four steps.')}
        className="bg-muted/50 border-y"
      >
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps(i18n).map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="bg-card rounded-lg border p-6">
              <div className="flex items-center gap-3">
                <span className="bg-primary text-primary-foreground grid size-8 place-items-center rounded-full text-sm font-semibold">
                  {index + 1}
                </span>
                <Icon className="text-primary size-5" aria-hidden="true" />
              </div>
              <h3 className="mt-4 text-lg font-semibold">{title}</h3>
              <p className="text-muted-foreground mt-2">{text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <Section
        id="why-draftwell"
        title={i18n._('What is different from the tools you know')}
        intro={i18n._(
          'If you have used PandaDoc, Proposify, Qwilr or Better Proposals, these are the things you will notice.',
        )}
      >
        <ul className="grid gap-x-10 gap-y-8 md:grid-cols-2">
          {reasons(i18n).map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4">
              <span className="bg-accent text-accent-foreground grid size-10 shrink-0 place-items-center rounded-lg">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-muted-foreground mt-1">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="plans"
        title={i18n._('Plans')}
        intro={i18n._('Start free. Upgrade when you send more than the free plan covers or want your own branding.')}
        className="bg-muted/50 border-y"
      >
        <PlanCards period="monthly" headingLevel="h3" />
        <p className="text-muted-foreground mt-6 text-center text-sm">
          <Trans
            id="Yearly billing, the full comparison and answers to common questions are on the <0>pricing page</0>."
            components={{
              0: <Link to={paths.pricing} className="text-primary font-medium underline underline-offset-4" />,
            }}
          />
        </p>
      </Section>

      <section aria-labelledby="get-started">
        <div className="mx-auto max-w-3xl px-4 py-20 text-center">
          <h2 id="get-started" className="text-3xl font-semibold tracking-tight text-balance">
            {i18n._('Send your next proposal with Draftwell')}
          </h2>
          <p className="text-muted-foreground mt-4 text-lg">
            {i18n._(
              'Create an account in a minute and write your first draft straight away. Your proposals, clients and templates stay yours, and you can export them whenever you like.',
            )}
          </p>
          <Button asChild size="lg" className="mt-8">
            <Link to={paths.signUp()}>{i18n._('Start free')}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}
