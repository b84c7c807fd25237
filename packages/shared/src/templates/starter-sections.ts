import type { I18n } from '@lingui/core';
import type { TDocument, TRichTextNode } from '../document/schema';
import { CLIENT_COMPANY, CLIENT_NAME, SENDER_COMPANY, VALID_UNTIL, rich } from './message-nodes';
import { englishContentI18n, milestone, rp, rul, section, timeline } from './starter-templates';

/**
 * The example sections every new account finds in its library: the parts most proposals repeat
 * (who you are, how you work, your terms, a past result), written to be adapted rather than
 * typed from nothing, in the language of the `i18n` they are written with. They are copied into
 * the account (`saved_sections`, with the key below), so the user edits or deletes them like any
 * section of their own.
 */
export type TStarterSection = {
  /** Stable forever: an account holds each example at most once under this key. */
  key: string;
  name: string;
  category: string;
  content: TDocument;
};

const heading = (level: 2 | 3, message: string): TRichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: rich(message),
});

const ol = (...items: string[]): TRichTextNode => ({
  type: 'orderedList',
  content: items.map((message) => ({ type: 'listItem', content: [rp(message)] })),
});

const quote = (message: string): TRichTextNode => ({ type: 'blockquote', content: [rp(message)] });

const aboutUs = (i18n: I18n): TStarterSection => ({
  key: 'about-us',
  name: i18n._('About us'),
  category: i18n._('About us'),
  content: {
    version: 1,
    blocks: [
      section(
        'about-us',
        heading(2, i18n._('About {senderCompany}', { senderCompany: SENDER_COMPANY })),
        rp(
          i18n._(
            '{senderCompany} is a small, senior team. The people you meet in the first conversation are the people who do the work: no hand-offs to juniors, no layers of account management between you and the result.',
            { senderCompany: SENDER_COMPANY },
          ),
        ),
        rp(
          i18n._(
            'We work with a handful of clients at a time, so each one gets our full attention. Most of our work comes from referrals and from clients who return for their next project, and we intend {clientCompany} to be one of them.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
        rul(
          i18n._('<0>Clear from the start.</0> Fixed scope, fixed prices and a named contact for every question.'),
          i18n._('<0>Honest about trade-offs.</0> If something will not pay off for you, we say so before you buy it.'),
          i18n._('<0>Yours to keep.</0> Everything we make for you is handed over, documented and owned by you.'),
        ),
      ),
    ],
  },
});

const ourProcess = (i18n: I18n): TStarterSection => ({
  key: 'process',
  name: i18n._('Our process'),
  category: i18n._('Process'),
  content: {
    version: 1,
    blocks: [
      section(
        'process',
        heading(2, i18n._('How we will work together')),
        rp(
          i18n._(
            'Our work with {clientCompany} follows the same four steps as every engagement, so you always know what is happening, what we need from you and what comes next.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
        ol(
          i18n._(
            '<0>Discovery.</0> A working session with your team to agree goals, constraints and how we will measure success.',
          ),
          i18n._('<0>Plan.</0> A written plan with milestones and dates, which you approve before any work starts.'),
          i18n._(
            '<0>Delivery.</0> Work in short stages, each ending with a review, so feedback arrives early and nothing surprises you at the end.',
          ),
          i18n._(
            '<0>Handover.</0> Final files, documentation and a session with your team, followed by two weeks of support.',
          ),
        ),
      ),
      timeline('process-timeline', [
        milestone(
          'process-discovery',
          i18n._('Discovery session'),
          i18n._('Goals, constraints and success measures agreed.'),
          1,
          'weeks',
        ),
        milestone(
          'process-plan',
          i18n._('Plan approved'),
          i18n._('Milestones and dates signed off by you.'),
          1,
          'weeks',
        ),
        milestone(
          'process-delivery',
          i18n._('Delivery in stages'),
          i18n._('Reviews at the end of each stage.'),
          6,
          'weeks',
        ),
        milestone(
          'process-handover',
          i18n._('Handover'),
          i18n._('Files, documentation, training and two weeks of support.'),
          1,
          'weeks',
        ),
      ]),
    ],
  },
});

const terms = (i18n: I18n): TStarterSection => ({
  key: 'terms',
  name: i18n._('Terms and conditions'),
  category: i18n._('Terms'),
  content: {
    version: 1,
    blocks: [
      section(
        'terms',
        heading(2, i18n._('Terms')),
        rul(
          i18n._('50 % of the one-off fees are invoiced on acceptance and 50 % on completion.'),
          i18n._('Recurring fees are invoiced at the start of each period and may be cancelled with 30 days’ notice.'),
          i18n._('Invoices are payable within 14 days of their date.'),
          i18n._(
            'Work outside the scope described in this proposal is quoted separately and starts only once {clientCompany} has approved it in writing.',
            { clientCompany: CLIENT_COMPANY },
          ),
          i18n._(
            'Both parties keep confidential anything the other shares in the course of the work, during the engagement and after it.',
          ),
          i18n._('You own everything delivered under this proposal once the final invoice is paid.'),
          i18n._('This proposal is valid until {validUntil}. Prices and dates are confirmed once it is signed.', {
            validUntil: VALID_UNTIL,
          }),
        ),
      ),
    ],
  },
});

const caseStudy = (i18n: I18n): TStarterSection => ({
  key: 'case-study',
  name: i18n._('Case study'),
  category: i18n._('Case studies'),
  content: {
    version: 1,
    blocks: [
      section(
        'case-study',
        heading(2, i18n._('Case study: a regional retailer doubles its online orders')),
        rp(
          i18n._(
            '<0>The challenge.</0> A family-owned retailer with twelve shops was losing online sales to national chains. Its website was slow on phones, hard to update and did not show what was in stock nearby.',
          ),
        ),
        rp(
          i18n._(
            '<0>What we did.</0> We rebuilt the site around the questions customers actually asked, connected it to the shops’ stock system and trained the team to publish offers themselves in minutes.',
          ),
        ),
        rp(
          i18n._(
            '<0>The result.</0> Within six months online orders had doubled, half of them collected in a shop, and the time spent updating the site fell from days to minutes a week.',
          ),
        ),
        quote(
          i18n._(
            '“They understood our business before they touched the website, and it shows in the numbers.” — Managing director',
          ),
        ),
        rp(
          i18n._(
            'We would be glad to put {clientName} in touch with this client, or to share other examples closer to your sector.',
            { clientName: CLIENT_NAME },
          ),
        ),
      ),
    ],
  },
});

const SECTIONS = [aboutUs, ourProcess, terms, caseStudy];

const written = new WeakMap<I18n, readonly TStarterSection[]>();

/** The example sections written in `i18n`'s language (once per instance; never change what it returns). */
export function starterSections(i18n: I18n): readonly TStarterSection[] {
  let sections = written.get(i18n);
  if (!sections) {
    sections = SECTIONS.map((write) => write(i18n));
    written.set(i18n, sections);
  }
  return sections;
}

/** The example sections in English, as tests read them. */
export const STARTER_SECTIONS: readonly TStarterSection[] = starterSections(englishContentI18n);
