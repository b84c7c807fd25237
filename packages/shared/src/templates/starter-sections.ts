import type { TDocument, TRichTextNode } from '../document/schema';
import { bold, inline, milestone, p, section, timeline, ul, variable, type TInline } from './starter-templates';

/**
 * The example sections every new account finds in its library: the parts most proposals repeat
 * (who you are, how you work, your terms, a past result), written to be adapted rather than
 * typed from nothing. They are copied into the account (`saved_sections`, with the key below),
 * so the user edits or deletes them like any section of their own.
 */
export type TStarterSection = {
  /** Stable forever: an account holds each example at most once under this key. */
  key: string;
  name: string;
  category: string;
  content: TDocument;
};

const heading = (level: 2 | 3, ...parts: TInline[]): TRichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: inline(parts),
});

const ol = (...items: TInline[][]): TRichTextNode => ({
  type: 'orderedList',
  content: items.map((parts) => ({ type: 'listItem', content: [p(...parts)] })),
});

const quote = (...parts: TInline[]): TRichTextNode => ({ type: 'blockquote', content: [p(...parts)] });

const aboutUs: TStarterSection = {
  key: 'about-us',
  name: 'About us',
  category: 'About us',
  content: {
    version: 1,
    blocks: [
      section(
        'about-us',
        heading(2, 'About ', variable('sender.company')),
        p(
          variable('sender.company'),
          ' is a small, senior team. The people you meet in the first conversation are the people who do the work: no hand-offs to juniors, no layers of account management between you and the result.',
        ),
        p(
          'We work with a handful of clients at a time, so each one gets our full attention. Most of our work comes from referrals and from clients who return for their next project, and we intend ',
          variable('client.company'),
          ' to be one of them.',
        ),
        ul(
          [bold('Clear from the start. '), 'Fixed scope, fixed prices and a named contact for every question.'],
          [bold('Honest about trade-offs. '), 'If something will not pay off for you, we say so before you buy it.'],
          [bold('Yours to keep. '), 'Everything we make for you is handed over, documented and owned by you.'],
        ),
      ),
    ],
  },
};

const ourProcess: TStarterSection = {
  key: 'process',
  name: 'Our process',
  category: 'Process',
  content: {
    version: 1,
    blocks: [
      section(
        'process',
        heading(2, 'How we will work together'),
        p(
          'Our work with ',
          variable('client.company'),
          ' follows the same four steps as every engagement, so you always know what is happening, what we need from you and what comes next.',
        ),
        ol(
          [
            bold('Discovery. '),
            'A working session with your team to agree goals, constraints and how we will measure success.',
          ],
          [bold('Plan. '), 'A written plan with milestones and dates, which you approve before any work starts.'],
          [
            bold('Delivery. '),
            'Work in short stages, each ending with a review, so feedback arrives early and nothing surprises you at the end.',
          ],
          [
            bold('Handover. '),
            'Final files, documentation and a session with your team, followed by two weeks of support.',
          ],
        ),
      ),
      timeline('process-timeline', [
        milestone(
          'process-discovery',
          'Discovery session',
          'Goals, constraints and success measures agreed.',
          1,
          'weeks',
        ),
        milestone('process-plan', 'Plan approved', 'Milestones and dates signed off by you.', 1, 'weeks'),
        milestone('process-delivery', 'Delivery in stages', 'Reviews at the end of each stage.', 6, 'weeks'),
        milestone(
          'process-handover',
          'Handover',
          'Files, documentation, training and two weeks of support.',
          1,
          'weeks',
        ),
      ]),
    ],
  },
};

const terms: TStarterSection = {
  key: 'terms',
  name: 'Terms and conditions',
  category: 'Terms',
  content: {
    version: 1,
    blocks: [
      section(
        'terms',
        heading(2, 'Terms'),
        ul(
          ['50 % of the one-off fees are invoiced on acceptance and 50 % on completion.'],
          ['Recurring fees are invoiced at the start of each period and may be cancelled with 30 days’ notice.'],
          ['Invoices are payable within 14 days of their date.'],
          [
            'Work outside the scope described in this proposal is quoted separately and starts only once ',
            variable('client.company'),
            ' has approved it in writing.',
          ],
          [
            'Both parties keep confidential anything the other shares in the course of the work, during the engagement and after it.',
          ],
          ['You own everything delivered under this proposal once the final invoice is paid.'],
          [
            'This proposal is valid until ',
            variable('proposal.valid_until'),
            '. Prices and dates are confirmed once it is signed.',
          ],
        ),
      ),
    ],
  },
};

const caseStudy: TStarterSection = {
  key: 'case-study',
  name: 'Case study',
  category: 'Case studies',
  content: {
    version: 1,
    blocks: [
      section(
        'case-study',
        heading(2, 'Case study: a regional retailer doubles its online orders'),
        p(
          bold('The challenge. '),
          'A family-owned retailer with twelve shops was losing online sales to national chains. Its website was slow on phones, hard to update and did not show what was in stock nearby.',
        ),
        p(
          bold('What we did. '),
          'We rebuilt the site around the questions customers actually asked, connected it to the shops’ stock system and trained the team to publish offers themselves in minutes.',
        ),
        p(
          bold('The result. '),
          'Within six months online orders had doubled, half of them collected in a shop, and the time spent updating the site fell from days to minutes a week.',
        ),
        quote(
          '“They understood our business before they touched the website, and it shows in the numbers.” — Managing director',
        ),
        p(
          'We would be glad to put ',
          variable('client.name'),
          ' in touch with this client, or to share other examples closer to your sector.',
        ),
      ),
    ],
  },
};

export const STARTER_SECTIONS: readonly TStarterSection[] = [aboutUs, ourProcess, terms, caseStudy];
