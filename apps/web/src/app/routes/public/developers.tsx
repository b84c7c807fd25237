import { Trans, useLingui } from '@lingui/react';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { ApiReference } from '@/features/developers/components/api-reference';
import { usePageTitle } from '@/lib/page-title';

const code = <code />;

const basics = (i18n: I18n) => [
  {
    title: i18n._('Authenticate'),
    text: (
      <Trans
        id="Create a key in Profile → Developers and send it as <0>{header}</0>. A key acts as you, sees only your records and does only what its scopes allow."
        values={{ header: 'Authorization: Bearer dw_…' }}
        components={{ 0: code }}
      />
    ),
  },
  {
    title: i18n._('Retry safely'),
    text: (
      <Trans
        id="Send an <0>Idempotency-Key</0> with a POST: the same key within 24 hours gets the first answer again instead of doing the work twice. Every answer carries <1>RateLimit-*</1> headers; a 429 says when to come back in <2>Retry-After</2>."
        components={{ 0: code, 1: code, 2: code }}
      />
    ),
  },
  {
    title: i18n._('Hear about changes'),
    text: (
      <Trans
        id="Webhooks tell your endpoint when a proposal is sent, viewed, signed, accepted or paid. Each delivery is signed with your endpoint’s secret by the Standard Webhooks scheme (<0>{header}</0>), which official libraries verify in most languages; the README gives the recipes and test vectors."
        values={{ header: 'webhook-signature' }}
        components={{ 0: code }}
      />
    ),
  },
];

export default function DevelopersPage() {
  const { i18n } = useLingui();
  usePageTitle(
    i18n._('API reference — Draftwell'),
    i18n._(
      'The Draftwell REST API and webhooks, on every plan: authentication, limits, idempotency and every route with its schemas.',
    ),
  );

  return (
    <div className="mx-auto max-w-6xl px-4 py-14 sm:py-20">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{i18n._('Draftwell API')}</h1>
        <p className="text-muted-foreground mt-5 text-lg">
          {i18n._(
            'Everything you do in the app, from your own code: create proposals from templates, send them, follow their signatures and payments. On every plan, described by an OpenAPI 3.1 document.',
          )}
        </p>
        <div className="mt-6 flex flex-wrap gap-3 text-sm">
          <Link
            to={paths.developerSettings}
            className="bg-primary text-primary-foreground hover:bg-primary/90 rounded-md px-4 py-2 font-medium"
          >
            {i18n._('Create an API key')}
          </Link>
          <a
            href={paths.openApiDocument}
            download="draftwell-openapi.json"
            className="hover:bg-accent rounded-md border px-4 py-2 font-medium"
          >
            {i18n._('Download openapi.json')}
          </a>
        </div>
      </header>

      <ul className="mt-12 grid gap-4 sm:grid-cols-3">
        {basics(i18n).map((item) => (
          <li
            key={item.title}
            className="bg-card [&_code]:bg-muted rounded-lg border p-5 text-sm leading-relaxed [&_code]:rounded [&_code]:px-1 [&_code]:py-0.5"
          >
            <h2 className="text-base font-semibold">{item.title}</h2>
            <p className="text-muted-foreground mt-2">{item.text}</p>
          </li>
        ))}
      </ul>

      <section aria-labelledby="reference" className="mt-14">
        <h2 id="reference" className="text-2xl font-semibold tracking-tight">
          {i18n._('Reference')}
        </h2>
        <ApiReference />
      </section>
    </div>
  );
}
