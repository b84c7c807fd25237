import { Trans, useLingui } from '@lingui/react';
import { Link } from '@/lib/navigation';
import { paths } from '@/config/paths';
import { ProsePage, ProseSection } from '@/features/marketing/components/prose-page';
import { usePageTitle } from '@/lib/page-title';

const code = <code />;

export default function PrivacyPage() {
  const { i18n } = useLingui();
  usePageTitle(
    i18n._('Privacy — Draftwell'),
    i18n._('What Draftwell stores about you and your clients, why, for how long, and how to export or delete it.'),
  );

  return (
    <ProsePage
      title={i18n._('Privacy')}
      lead={i18n._(
        'What Draftwell stores, why, for how long, and how you take it with you or delete it. In short: only what the app needs to work, no trackers, no analytics, no ads.',
      )}
    >
      <ProseSection id="what-we-store" title={i18n._('What we store')}>
        <h3>{i18n._('Your account')}</h3>
        <p>
          {i18n._(
            'Your name and email address, and your password, which is stored only as a hash: nobody, including us, can read it back. We also record whether you have confirmed your email address.',
          )}
        </p>

        <h3>{i18n._('Sessions')}</h3>
        <p>
          <Trans
            id="When you sign in, we set a session cookie, <0>draftwell.session_token</0> (on HTTPS its name starts with <1>__Secure-</1>). It is <2>httpOnly</2>, so scripts in the page cannot read it, and it only identifies your session. For each session we keep the IP address and browser (user agent) it was started from, for security. A session lasts 30 days and is renewed while you use it; signing out ends it."
            components={{ 0: code, 1: code, 2: code }}
          />
        </p>

        <h3>{i18n._('Your work')}</h3>
        <p>
          {i18n._(
            'The proposals you create and their documents, the clients you save, the templates, saved items and saved sections of your library (a new account starts with a few example sections, which are yours to change or delete), and the business profile you fill in (such as your company name, contact details, logo and defaults). It is kept for as long as your account exists, so you can work with it and send it; nothing in it is used for advertising.',
          )}
        </p>

        <h3>{i18n._('Proposals you send, and what your clients do with them')}</h3>
        <p>
          {i18n._(
            'Each time you send a proposal, a copy of it as sent (a revision) is kept with its SHA-256 fingerprint, so you and your client can always see exactly what was agreed. When your client opens the link, comments, accepts or declines, we record when, and the IP address and browser it came from. For each signer you list (name, email and role, also remembered on the client’s record for your next proposal), a signature keeps the name they signed with, their email, the time, the IP address and browser, the consent they gave, the signature itself (typed, drawn or an uploaded image) and how they showed the address was theirs; a code emailed before signing is kept only as a fingerprint, for ten minutes. This is the evidence of the agreement: it stays for as long as your account exists, and an accepted proposal stays readable by its link for that long. While your client reads, the page also counts the seconds spent on each section (each top heading of the document): only these numbers are sent, with no cookie and nothing about what they typed or clicked. On the paid plans you see how long each visit lasted, on which sections, and from where; on the free plan we keep it but only show that a visit happened.',
          )}
        </p>
        <p>
          {i18n._(
            'When a proposal is accepted, its final PDF (the proposal, your client’s choices and the certificate of acceptance with the details above) is digitally signed by this server and stored, with its SHA-256 fingerprint, so that you and your client download the very same file and anyone can check it on the verification page. It is kept with the proposal, for as long as your account exists.',
          )}
        </p>

        <h3>{i18n._('Automatic follow-up')}</h3>
        <p>
          {i18n._(
            'On the paid plans, if you turn them on: your follow-up settings (when reminders go and how many, whether expiry warnings go) as defaults and for each proposal, and your time zone, which decides when a day starts for them. For each automatic email we keep which proposal, signer and step it was for and when it was queued, so none goes twice. When a client follows the link in one to stop them, we record that they did, when, and the IP address and browser it came from, and show it on your proposal’s timeline. All of this is kept with the proposal, for as long as your account exists; the link itself is not stored, it is signed by this server.',
          )}
        </p>

        <h3>{i18n._('Your plan and billing')}</h3>
        <p>
          {i18n._(
            'Your plan, and how many proposals you sent and drafts you asked for this month, counted against it. If you pay through Stripe, we also keep Stripe’s identifiers for your customer account and subscription, its status and its renewal date. Your card details go to Stripe only: they never reach our server. Invoices are Stripe’s; we fetch them from Stripe when you open Profile → Plan.',
          )}
        </p>

        <h3>{i18n._('Payments from your clients')}</h3>
        <p>
          {i18n._(
            'Only if you connect your own Stripe account (Profile → Payments) and ask for a payment when sending. With Stripe Connect we keep your Stripe account’s identifier and business name, never a key. With a restricted key we keep the key encrypted (AES-256-GCM, under a key derived from this server’s secret), its last four characters to show you, and the signing secret of the webhook endpoint made on your account, encrypted the same way; the key is never shown again or sent to a browser. For each proposal that asks for a payment we keep what it asks (a deposit or the full amount), the amount due, and Stripe’s word on it: the Checkout sessions made, whether and when it was paid, the amount, Stripe’s payment identifier and receipt link, refunds, and the message of a failed attempt; or, when you mark it paid by hand, who did and your note. Your client’s card or bank details go to Stripe only and never reach our server; Stripe receives the client’s email address, the proposal’s number and title and the link back to it. Disconnecting forgets the account and removes this server’s access at Stripe; the payments of your proposals stay on them, for as long as your account exists.',
          )}
        </p>

        <h3>{i18n._('Drafting with an AI model')}</h3>
        <p>
          {i18n._(
            'Only if the operator of this server has configured an AI model: when you draft from a brief or rewrite a section, the brief or the section, your business profile, the template you chose and the titles, structure and prices of up to three of your accepted proposals are sent to that model’s provider to write the draft. The clients of those accepted proposals are not named to it. Without a configured model, drafts are written on this server and nothing leaves it.',
          )}
        </p>

        <h3>{i18n._('Contact form messages')}</h3>
        <p>
          <Trans
            id="When you write to us through the <0>contact form</0>, we store your name, email address, message and the IP address it came from, and email it to the team. We keep it so we can answer and follow up on support questions."
            components={{ 0: <Link to={paths.contact} /> }}
          />
        </p>

        <h3>{i18n._('Rate-limit counters')}</h3>
        <p>
          {i18n._(
            'To slow down password guessing and spam, we count recent requests to the account endpoints (sign-in, sign-up, password reset and the like) and to the contact form, keyed by IP address (and, for sign-in attempts, by the email address tried). These counters are short-lived: each one only covers a window of minutes to an hour and then starts over.',
          )}
        </p>

        <h3>{i18n._('Your theme choice')}</h3>
        <p>
          <Trans
            id="Light, dark or system is saved in your browser’s <0>localStorage</0> under the key <1>theme</1>. It never leaves your device."
            components={{ 0: code, 1: code }}
          />
        </p>

        <h3>{i18n._('A client’s choices on a proposal')}</h3>
        <p>
          <Trans
            id="While a client reads a proposal sent to them, the options, packages and quantities they pick are kept in their browser’s <0>localStorage</0> for that version of the proposal, so a reload does not lose them. They are forgotten there once the proposal is accepted or declined, and only reach us when the client accepts."
            components={{ 0: code }}
          />
        </p>
      </ProseSection>

      <ProseSection id="what-we-do-not-do" title={i18n._('What we do not do')}>
        <ul>
          <li>{i18n._('No third-party trackers, analytics or tracking pixels, and no tracking cookies.')}</li>
          <li>{i18n._('No advertising, and we do not sell or rent your data.')}</li>
        </ul>
      </ProseSection>

      <ProseSection id="emails" title={i18n._('Emails we send you')}>
        <p>{i18n._('Only the emails your account and your proposals need:')}</p>
        <ul>
          <li>{i18n._('a link to confirm your email address, when you sign up;')}</li>
          <li>{i18n._('a link to choose a new password, when you ask for one;')}</li>
          <li>{i18n._('a note when a client opens, comments on, accepts or declines one of your proposals;')}</li>
          <li>
            {i18n._(
              'if you turned on expiry warnings, a note the day before a proposal still waiting for signatures closes; and a note when a client pays, or a payment fails, or cannot be made because your Stripe account needs you.',
            )}
          </li>
        </ul>
        <p>
          {i18n._(
            'Your clients get the proposals you send them (and your reminders), your replies to their comments, a receipt when they accept, and one when they pay online. If you turned on automatic follow-up, they also get its reminders and expiry warnings, each with a link that stops them for that proposal.',
          )}
        </p>
        <p>{i18n._('No newsletters or marketing emails.')}</p>
      </ProseSection>

      <ProseSection id="your-data" title={i18n._('Export and delete your data')}>
        <p>
          <Trans
            id="<0>Export:</0> in Profile, choose <1>Export my data</1> to download everything stored in your account as a JSON file, at any time and on every plan."
            components={{ 0: <strong />, 1: <em /> }}
          />
        </p>
        <p>
          <Trans
            id="<0>Delete:</0> in Profile, choose <1>Delete account</1>. This removes your account and all its data at once: your sessions, proposals, documents, clients, library and business profile. It cannot be undone, so export first if you want a copy."
            components={{ 0: <strong />, 1: <em /> }}
          />
        </p>
      </ProseSection>

      <ProseSection id="self-hosted" title={i18n._('Self-hosted installations')}>
        <p>
          {i18n._(
            'Draftwell is open source and anyone can run it. On an installation you do not run yourself, the person or organisation operating it is the controller of your data and decides where it is stored and who can reach it; ask them about their own policy. This page describes what the software stores, which is the same everywhere.',
          )}
        </p>
      </ProseSection>

      <ProseSection id="questions" title={i18n._('Questions')}>
        <p>
          <Trans
            id="For anything about your data, <0>contact us</0> and we will answer within two working days."
            components={{ 0: <Link to={paths.contact} /> }}
          />
        </p>
      </ProseSection>
    </ProsePage>
  );
}
