import type { I18n } from '@lingui/core';
import type {
  TBlock,
  TDocument,
  TInlineNode,
  TMilestone,
  TPricingLine,
  TRichTextNode,
  TVariableName,
} from '../document/schema';
import { messages as englishContent } from '../i18n/catalogs/content/en';
import { createI18n } from '../i18n/keyed-i18n';
import { CLIENT_COMPANY, CLIENT_NAME, VALID_UNTIL, rich } from './message-nodes';

/**
 * The built-in starter templates: real, ready-to-send proposals a user adapts rather than
 * writes from nothing, in the language of the `i18n` they are written with (the content catalog:
 * the app's six languages). Amounts are minor units (cents in a two-decimal currency), quantities
 * thousandths; the proposal's currency comes from the user's business profile.
 */

export type TStarterTemplate = {
  /** Stable forever: the API and saved links use it. */
  id: `starter-${string}`;
  name: string;
  description: string;
  category: string;
  document: TDocument;
};

// ---------------------------------------------------------------- builders

export type TInline = string | TInlineNode;

export const variable = (name: TVariableName): TInlineNode => ({ type: 'variable', attrs: { name } });
export const bold = (text: string): TInlineNode => ({ type: 'text', text, marks: [{ type: 'bold' }] });

export function inline(parts: TInline[]): TInlineNode[] {
  return parts.map((part) => (typeof part === 'string' ? { type: 'text', text: part } : part));
}

export const p = (...parts: TInline[]): TRichTextNode => ({ type: 'paragraph', content: inline(parts) });
/** A paragraph of one message: its `<0>…</0>` bold, its variables' tokens variables (message-nodes.ts). */
export const rp = (message: string): TRichTextNode => ({ type: 'paragraph', content: rich(message) });
export const h = (level: 1 | 2 | 3, text: string): TRichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: inline([text]),
});
export const ul = (...items: TInline[][]): TRichTextNode => ({
  type: 'bulletList',
  content: items.map((parts) => ({ type: 'listItem', content: [p(...parts)] })),
});
/** A bulleted list, an item per message (rich: markup and variables). */
export const rul = (...items: string[]): TRichTextNode => ul(...items.map(rich));

export const section = (id: string, ...content: TRichTextNode[]): TBlock => ({
  id,
  type: 'rich_text',
  content: { type: 'doc', content },
});

type TLineOptions = Partial<
  Pick<TPricingLine, 'billing' | 'optional' | 'selected' | 'discountPercent' | 'quantityRange'>
>;

/** quantity in whole (or decimal) units, unitPrice in minor units. */
function line(
  id: string,
  description: string,
  quantity: number,
  unit: string,
  unitPrice: number,
  options: TLineOptions = {},
): TPricingLine {
  return {
    id,
    description,
    quantity: Math.round(quantity * 1000),
    unit,
    unitPrice,
    discountPercent: options.discountPercent ?? 0,
    taxPercent: 0,
    billing: options.billing ?? 'one_off',
    optional: options.optional ?? false,
    selected: options.selected ?? !options.optional,
    ...(options.quantityRange ? { quantityRange: options.quantityRange } : {}),
  };
}

const pricing = (id: string, title: string, kind: 'lines' | 'choice', lines: TPricingLine[]): TBlock => ({
  id,
  type: 'pricing_table',
  title,
  kind,
  lines,
});

export function milestone(
  id: string,
  title: string,
  description: string,
  value: number,
  unit: 'days' | 'weeks' | 'months',
): TMilestone {
  return { id, title, description, when: { kind: 'duration', value, unit } };
}

export const timeline = (id: string, milestones: TMilestone[]): TBlock => ({ id, type: 'timeline', milestones });

export const signature = (id: string, senderRole: string, clientRole: string): TBlock => ({
  id,
  type: 'signature',
  sender: { role: senderRole },
  client: { role: clientRole },
});

const greeting = (i18n: I18n): TRichTextNode => rp(i18n._('Dear {clientName},', { clientName: CLIENT_NAME }));

// ---------------------------------------------------------------- the templates

const webDesign = (i18n: I18n): TStarterTemplate => ({
  id: 'starter-web-design',
  name: i18n._('Website design and build'),
  description: i18n._(
    'A complete proposal for designing and building a marketing website: discovery, design, development, launch and optional care plan.',
  ),
  category: i18n._('Web design'),
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, i18n._('A new website that works as hard as you do')),
        greeting(i18n),
        rp(
          i18n._(
            'Thank you for inviting us to propose a new website for {clientCompany}. This proposal sets out how we understand the project, how we will work together, what you will receive and what it will cost. It is valid until {validUntil}.',
            { clientCompany: CLIENT_COMPANY, validUntil: VALID_UNTIL },
          ),
        ),
      ),
      section(
        'need',
        h(2, i18n._('What we heard')),
        rp(
          i18n._(
            'Your current site no longer reflects the quality of your work. It is hard to update, slow on phones, and visitors leave before they find what they came for. You want a site that explains clearly what you offer, earns trust quickly and turns interested visitors into enquiries.',
          ),
        ),
        rul(
          i18n._('A clear, modern design that reflects your brand'),
          i18n._('Pages your team can edit without calling a developer'),
          i18n._('Fast loading on every device, and sound foundations for search engines'),
          i18n._('A simple path from first visit to a booked call or an enquiry'),
        ),
      ),
      section(
        'approach',
        h(2, i18n._('Our approach')),
        rp(
          i18n._(
            '<0>Discovery.</0> We start with a workshop to agree goals, audiences and the few actions that matter most, then review your analytics and competitors.',
          ),
        ),
        rp(
          i18n._(
            '<0>Design.</0> We map the site structure, design the key pages for desktop and mobile, and refine them with you over two rounds of feedback.',
          ),
        ),
        rp(
          i18n._(
            '<0>Build.</0> We develop the site on a content management system your team will find easy to use, with accessibility and performance built in from the first line.',
          ),
        ),
        rp(
          i18n._(
            '<0>Launch.</0> We test across browsers and devices, set up redirects from your old pages, connect analytics and train your team before going live.',
          ),
        ),
      ),
      section(
        'deliverables',
        h(2, i18n._('Deliverables')),
        rul(
          i18n._('Site map and wireframes for up to 10 page templates'),
          i18n._('Visual design for desktop and mobile, with a small style guide'),
          i18n._('A responsive website on a content management system, meeting WCAG 2.1 AA'),
          i18n._('On-page search engine basics: titles, descriptions, sitemap and redirects'),
          i18n._('A one-hour training session and a short written editing guide'),
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-discovery',
          i18n._('Discovery workshop and site map'),
          i18n._('Goals, audiences, structure and content plan agreed.'),
          2,
          'weeks',
        ),
        milestone(
          'm-design',
          i18n._('Design approved'),
          i18n._('Key page designs for desktop and mobile, two rounds of feedback.'),
          3,
          'weeks',
        ),
        milestone(
          'm-build',
          i18n._('Website built'),
          i18n._('Development, content entry and testing on a private preview link.'),
          4,
          'weeks',
        ),
        milestone(
          'm-launch',
          i18n._('Launch and training'),
          i18n._('Go live, redirects, analytics and team training.'),
          1,
          'weeks',
        ),
      ]),
      pricing('pricing', i18n._('Investment'), 'lines', [
        line('wd-discovery', i18n._('Discovery workshop, research and site map'), 1, i18n._('project'), 180_000),
        line('wd-design', i18n._('Visual design of key pages (desktop and mobile)'), 1, i18n._('project'), 420_000),
        line('wd-build', i18n._('Development on a content management system'), 1, i18n._('project'), 640_000),
        line('wd-launch', i18n._('Testing, launch, redirects and training'), 1, i18n._('project'), 110_000),
        line('wd-copy', i18n._('Copywriting for up to 8 pages'), 8, i18n._('page'), 25_000, { optional: true }),
        line(
          'wd-care',
          i18n._('Care plan: updates, backups, monitoring and 2 hours of changes'),
          1,
          i18n._('month'),
          19_500,
          { billing: 'monthly', optional: true },
        ),
      ]),
      section(
        'terms',
        h(2, i18n._('Terms')),
        rul(
          i18n._('40 % of the one-off fees on acceptance, 40 % when the design is approved and 20 % at launch.'),
          i18n._('Invoices are payable within 14 days.'),
          i18n._('Two rounds of design feedback are included; further rounds are billed at our hourly rate.'),
          i18n._('You own the design and the website once the final invoice is paid.'),
          i18n._('The care plan runs month to month and may be cancelled with 30 days’ notice.'),
        ),
        rp(
          i18n._(
            'We would be glad to answer any question. When you are ready, sign below and we will schedule the discovery workshop.',
          ),
        ),
      ),
      signature('signature', i18n._('Project lead'), i18n._('Authorised signatory')),
    ],
  },
});

const softwareDevelopment = (i18n: I18n): TStarterTemplate => ({
  id: 'starter-software-development',
  name: i18n._('Custom software development'),
  description: i18n._(
    'A phased proposal for designing, building and launching a custom web application, with optional support and hosting.',
  ),
  category: i18n._('Software development'),
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, i18n._('Building the software your business runs on')),
        greeting(i18n),
        rp(
          i18n._(
            'Thank you for the conversations about the application {clientCompany} needs. This proposal describes how we will turn your requirements into working software, in short, visible steps, with a fixed price for each phase.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
      ),
      section(
        'need',
        h(2, i18n._('Understanding the need')),
        rp(
          i18n._(
            'Today the work depends on spreadsheets, email and manual copying between systems. It is slow, errors are hard to spot, and nobody has a reliable picture of what is happening. You need one application that holds the data, guides people through the process and reports on it.',
          ),
        ),
        rul(
          i18n._('A secure web application for staff, with roles and permissions'),
          i18n._('The core workflow automated from request to completion'),
          i18n._('Integration with the tools you already use, through their APIs'),
          i18n._('Dashboards and exports that management can rely on'),
        ),
      ),
      section(
        'approach',
        h(2, i18n._('How we will work')),
        rp(
          i18n._(
            'We work in two-week iterations. At the end of each one you see working software on a staging environment, and together we decide what comes next. Nothing is a surprise at launch.',
          ),
        ),
        rul(
          i18n._(
            '<0>Discovery and specification:</0> workshops with your team, user stories, data model and architecture.',
          ),
          i18n._('<0>Design:</0> clickable prototypes of the main screens, tested with real users.'),
          i18n._('<0>Development:</0> iterations with automated tests, code review and continuous deployment.'),
          i18n._('<0>Launch:</0> data migration, security review, training and a calm go-live.'),
        ),
      ),
      section(
        'deliverables',
        h(2, i18n._('Deliverables')),
        rul(
          i18n._('Written specification and architecture overview'),
          i18n._('Interactive prototype of the main screens'),
          i18n._('The application, deployed to your cloud account, with its full source code'),
          i18n._('Automated test suite and deployment pipeline'),
          i18n._('Administrator documentation and a training session'),
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-spec',
          i18n._('Specification signed off'),
          i18n._('User stories, data model and architecture agreed.'),
          3,
          'weeks',
        ),
        milestone(
          'm-prototype',
          i18n._('Prototype approved'),
          i18n._('Clickable prototype tested with your team.'),
          2,
          'weeks',
        ),
        milestone(
          'm-beta',
          i18n._('Beta release'),
          i18n._('Core workflow usable on staging by a pilot group.'),
          8,
          'weeks',
        ),
        milestone(
          'm-launch',
          i18n._('Production launch'),
          i18n._('Data migrated, team trained, application live.'),
          3,
          'weeks',
        ),
      ]),
      pricing('pricing', i18n._('Investment'), 'lines', [
        line('sd-discovery', i18n._('Discovery, specification and architecture'), 1, i18n._('phase'), 850_000),
        line('sd-design', i18n._('User experience design and prototype'), 1, i18n._('phase'), 620_000),
        line('sd-build', i18n._('Development iterations (2 weeks each)'), 4, i18n._('iteration'), 960_000),
        line('sd-launch', i18n._('Data migration, security review and launch'), 1, i18n._('phase'), 540_000),
        line('sd-integration', i18n._('Additional third-party integration'), 1, i18n._('integration'), 280_000, {
          optional: true,
          quantityRange: { min: 1000, max: 5000 },
        }),
        line(
          'sd-support',
          i18n._('Support and maintenance: monitoring, updates, 8 hours of changes'),
          1,
          i18n._('month'),
          150_000,
          { billing: 'monthly', optional: true },
        ),
        line('sd-hosting', i18n._('Managed hosting and backups'), 1, i18n._('year'), 360_000, {
          billing: 'yearly',
          optional: true,
        }),
      ]),
      section(
        'terms',
        h(2, i18n._('Terms')),
        rul(
          i18n._('Each phase is invoiced when it starts; development iterations are invoiced every two weeks.'),
          i18n._('Invoices are payable within 14 days.'),
          i18n._(
            'Changes in scope are welcome: we estimate them before any work begins, and nothing is billed without your approval.',
          ),
          i18n._('You own the source code and all intellectual property once each invoice is paid.'),
          i18n._('We keep your data confidential and will sign your non-disclosure agreement on request.'),
        ),
      ),
      signature('signature', i18n._('Technical lead'), i18n._('Authorised signatory')),
    ],
  },
});

const marketingRetainer = (i18n: I18n): TStarterTemplate => ({
  id: 'starter-marketing-retainer',
  name: i18n._('Marketing retainer'),
  description: i18n._(
    'A monthly marketing retainer covering strategy, content, social media and reporting, with an onboarding fee and optional paid advertising management.',
  ),
  category: i18n._('Marketing'),
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, i18n._('A marketing partner, month after month')),
        greeting(i18n),
        rp(
          i18n._(
            'Thank you for considering us as the marketing partner for {clientCompany}. This proposal describes a monthly retainer that gives you a steady flow of content, an active presence where your customers are, and clear reporting on what it achieves.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
      ),
      section(
        'need',
        h(2, i18n._('Where you are today')),
        rp(
          i18n._(
            'You have a strong offer and happy customers, but marketing happens in bursts when there is time. Posting is irregular, there is no shared plan, and it is hard to say which activities bring in business. You want consistency, a plan that ties marketing to sales, and numbers you can trust.',
          ),
        ),
      ),
      section(
        'approach',
        h(2, i18n._('Our approach')),
        rp(
          i18n._(
            'We begin with a one-off onboarding month: an audit of your channels, a review of your audiences and competitors, and a 90-day plan with goals we agree together. From then on, each month follows the same rhythm.',
          ),
        ),
        rul(
          i18n._('<0>Plan:</0> a monthly planning call and a content calendar you approve in advance.'),
          i18n._('<0>Create:</0> articles, newsletters and social posts written in your voice.'),
          i18n._('<0>Publish and engage:</0> scheduling, community replies and monitoring.'),
          i18n._('<0>Measure:</0> a monthly report on reach, engagement, leads and what we will change next.'),
        ),
      ),
      section(
        'deliverables',
        h(2, i18n._('Every month you receive')),
        rul(
          i18n._('2 long-form articles for your website, optimised for search'),
          i18n._('1 email newsletter to your list'),
          i18n._('12 social media posts across two channels, with graphics'),
          i18n._('A monthly report and a one-hour review call'),
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-audit',
          i18n._('Audit and 90-day plan'),
          i18n._('Channel audit, audiences and goals agreed.'),
          2,
          'weeks',
        ),
        milestone(
          'm-first',
          i18n._('First content published'),
          i18n._('Content calendar approved and the first pieces live.'),
          2,
          'weeks',
        ),
        milestone(
          'm-review',
          i18n._('First quarterly review'),
          i18n._('Results against goals and the plan for the next quarter.'),
          3,
          'months',
        ),
      ]),
      pricing('pricing', i18n._('Investment'), 'lines', [
        line('mr-onboarding', i18n._('Onboarding: audit, strategy and 90-day plan'), 1, i18n._('one-off'), 250_000),
        line(
          'mr-retainer',
          i18n._('Monthly retainer: planning, content, social media and reporting'),
          1,
          i18n._('month'),
          450_000,
          { billing: 'monthly' },
        ),
        line(
          'mr-ads',
          i18n._('Paid advertising management (ad spend billed separately)'),
          1,
          i18n._('month'),
          120_000,
          { billing: 'monthly', optional: true },
        ),
        line('mr-video', i18n._('Short-form video: 4 edited clips a month'), 1, i18n._('month'), 90_000, {
          billing: 'monthly',
          optional: true,
        }),
      ]),
      section(
        'terms',
        h(2, i18n._('Terms')),
        rul(
          i18n._('The onboarding fee is invoiced on acceptance; the retainer is invoiced at the start of each month.'),
          i18n._('Invoices are payable within 14 days.'),
          i18n._(
            'The retainer has an initial term of three months, then continues month to month with 30 days’ notice to end it.',
          ),
          i18n._(
            'Hours not used in a month do not roll over, but we will always tell you early if we expect to under- or over-deliver.',
          ),
          i18n._('You own all content we create for you once it is paid for.'),
        ),
      ),
      signature('signature', i18n._('Account director'), i18n._('Authorised signatory')),
    ],
  },
});

const consulting = (i18n: I18n): TStarterTemplate => ({
  id: 'starter-consulting',
  name: i18n._('Consulting engagement'),
  description: i18n._(
    'A proposal for a focused consulting engagement: diagnosis, recommendations and an implementation roadmap, priced by the day.',
  ),
  category: i18n._('Consulting'),
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, i18n._('Clarity on what to do next')),
        greeting(i18n),
        rp(
          i18n._(
            'Thank you for the time you and your team have given us. This proposal sets out a focused engagement to help {clientCompany} understand what is holding growth back and agree a practical plan to address it.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
      ),
      section(
        'need',
        h(2, i18n._('The situation')),
        rp(
          i18n._(
            'Growth has slowed while costs have risen, and there are several competing views inside the business about why. Decisions are being postponed because the facts are unclear. You need an independent, evidence-based view and a plan the leadership team can commit to.',
          ),
        ),
      ),
      section(
        'approach',
        h(2, i18n._('Our approach')),
        rp(
          i18n._(
            '<0>Diagnose.</0> We interview leaders and front-line staff, analyse your financial and operational data, and speak with a sample of customers.',
          ),
        ),
        rp(
          i18n._(
            '<0>Recommend.</0> We test our findings with you in a working session, then set out clear options with their costs, benefits and risks.',
          ),
        ),
        rp(
          i18n._(
            '<0>Plan.</0> We turn the chosen option into a 12-month roadmap with owners, milestones and the measures that will show progress.',
          ),
        ),
      ),
      section(
        'deliverables',
        h(2, i18n._('Deliverables')),
        rul(
          i18n._('A findings report, with the evidence behind each conclusion'),
          i18n._('A leadership workshop to choose between the options'),
          i18n._('A 12-month implementation roadmap with owners and measures'),
          i18n._('A board-ready summary presentation'),
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-kickoff',
          i18n._('Kick-off and data request'),
          i18n._('Scope confirmed, interviews scheduled, data shared.'),
          1,
          'weeks',
        ),
        milestone(
          'm-findings',
          i18n._('Findings presented'),
          i18n._('Interviews and analysis complete; findings reviewed with you.'),
          3,
          'weeks',
        ),
        milestone(
          'm-workshop',
          i18n._('Leadership workshop'),
          i18n._('Options discussed and a direction chosen.'),
          1,
          'weeks',
        ),
        milestone(
          'm-roadmap',
          i18n._('Roadmap delivered'),
          i18n._('Final roadmap and board summary handed over.'),
          2,
          'weeks',
        ),
      ]),
      pricing('pricing', i18n._('Fees'), 'lines', [
        line(
          'co-diagnosis',
          i18n._('Diagnosis: interviews, data analysis and customer research'),
          8,
          i18n._('day'),
          160_000,
        ),
        line('co-workshop', i18n._('Leadership workshop, preparation and facilitation'), 2, i18n._('day'), 160_000),
        line('co-roadmap', i18n._('Implementation roadmap and board summary'), 3, i18n._('day'), 160_000),
        line('co-support', i18n._('Implementation support during the first quarter'), 6, i18n._('day'), 150_000, {
          optional: true,
          quantityRange: { min: 2000, max: 12_000 },
        }),
      ]),
      section(
        'terms',
        h(2, i18n._('Terms')),
        rul(
          i18n._('Fees are invoiced in two equal parts: on acceptance and on delivery of the roadmap.'),
          i18n._('Invoices are payable within 14 days.'),
          i18n._('Reasonable travel expenses are billed at cost, with your prior approval.'),
          i18n._('Everything you share with us is kept strictly confidential.'),
          i18n._('Either party may end the engagement with 14 days’ notice; work completed until then is billed.'),
        ),
      ),
      signature('signature', i18n._('Principal consultant'), i18n._('Authorised signatory')),
    ],
  },
});

const photography = (i18n: I18n): TStarterTemplate => ({
  id: 'starter-photography',
  name: i18n._('Photography package'),
  description: i18n._(
    'A photography proposal with three packages to choose from and optional extras, for brand, commercial or event shoots.',
  ),
  category: i18n._('Photography'),
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, i18n._('Photographs that tell your story')),
        greeting(i18n),
        rp(
          i18n._(
            'Thank you for thinking of us for {clientCompany}. Below you will find how we plan the shoot, what you will receive and three packages to choose from, so you can pick the one that fits.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
      ),
      section(
        'need',
        h(2, i18n._('What you are looking for')),
        rp(
          i18n._(
            'You need a fresh set of professional images: portraits of your team, your space and your work in progress, in a consistent style you can use on your website, social media and printed material for the next year or more.',
          ),
        ),
      ),
      section(
        'approach',
        h(2, i18n._('How the day works')),
        rul(
          i18n._('<0>Planning call:</0> we agree the shot list, locations, wardrobe and schedule.'),
          i18n._(
            '<0>The shoot:</0> relaxed and well organised, with natural direction so people look like themselves.',
          ),
          i18n._('<0>Selection:</0> you choose your favourites from an online proofing gallery.'),
          i18n._('<0>Editing:</0> colour, light and retouching by hand, delivered in web and print sizes.'),
        ),
      ),
      section(
        'deliverables',
        h(2, i18n._('Deliverables')),
        rul(
          i18n._('A private online gallery to view, choose and download your images'),
          i18n._('Edited high-resolution images, in web and print sizes'),
          i18n._('A commercial licence to use the images in your own marketing, without time limit'),
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-plan',
          i18n._('Planning call and shot list'),
          i18n._('Locations, people and schedule confirmed.'),
          1,
          'weeks',
        ),
        milestone('m-shoot', i18n._('Shoot day'), i18n._('Photography on location.'), 2, 'weeks'),
        milestone(
          'm-proofs',
          i18n._('Proofing gallery'),
          i18n._('Online gallery ready for your selection.'),
          5,
          'days',
        ),
        milestone(
          'm-delivery',
          i18n._('Final images delivered'),
          i18n._('Edited images delivered in all sizes.'),
          10,
          'days',
        ),
      ]),
      pricing('packages', i18n._('Choose your package'), 'choice', [
        line(
          'ph-essentials',
          i18n._('Essentials: half day (4 hours), one location, 25 edited images'),
          1,
          i18n._('package'),
          120_000,
          { selected: false },
        ),
        line(
          'ph-signature',
          i18n._('Signature: full day (8 hours), two locations, 60 edited images'),
          1,
          i18n._('package'),
          220_000,
          { selected: true },
        ),
        line(
          'ph-complete',
          i18n._(
            'Complete: full day with assistant, three locations, 100 edited images and a short behind-the-scenes video',
          ),
          1,
          i18n._('package'),
          340_000,
          { selected: false },
        ),
      ]),
      pricing('extras', i18n._('Optional extras'), 'lines', [
        line('ph-retouch', i18n._('Advanced retouching per image'), 10, i18n._('image'), 2_500, {
          optional: true,
          quantityRange: { min: 1000, max: 50_000 },
        }),
        line('ph-rush', i18n._('Express delivery within 3 working days'), 1, i18n._('order'), 35_000, {
          optional: true,
        }),
        line('ph-prints', i18n._('Framed fine-art print, 50 × 70 cm'), 1, i18n._('print'), 18_000, { optional: true }),
      ]),
      section(
        'terms',
        h(2, i18n._('Terms')),
        rul(
          i18n._('A 30 % deposit secures the date; the balance is due on delivery of the final images.'),
          i18n._('The deposit is non-refundable, but one change of date is free with at least 7 days’ notice.'),
          i18n._('Travel beyond 50 km is billed at cost.'),
          i18n._('The photographer keeps the copyright; you receive a perpetual licence for your own marketing.'),
        ),
      ),
      signature('signature', i18n._('Photographer'), i18n._('Client')),
    ],
  },
});

const eventServices = (i18n: I18n): TStarterTemplate => ({
  id: 'starter-event-services',
  name: i18n._('Event planning and services'),
  description: i18n._(
    'A proposal for planning and running a corporate or private event: venue, catering priced per guest, production and on-the-day coordination.',
  ),
  category: i18n._('Events'),
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, i18n._('An event your guests will remember')),
        greeting(i18n),
        rp(
          i18n._(
            'Thank you for asking us to help plan the next event for {clientCompany}. This proposal describes how we will take care of every detail, from the first idea to the last guest leaving, so you can enjoy the day.',
            { clientCompany: CLIENT_COMPANY },
          ),
        ),
      ),
      section(
        'need',
        h(2, i18n._('Your event')),
        rp(
          i18n._(
            'You are planning an evening event for guests, partners and your team, with a welcome reception, a seated dinner, a short programme of speeches and entertainment to close the night. It must feel generous and well run, reflect your brand, and stay within an agreed budget.',
          ),
        ),
      ),
      section(
        'approach',
        h(2, i18n._('How we will plan it')),
        rul(
          i18n._('<0>Concept:</0> theme, look and feel, guest experience and a budget you approve.'),
          i18n._(
            '<0>Suppliers:</0> we source, negotiate and manage the venue, catering, audio-visual and entertainment.',
          ),
          i18n._('<0>Guests:</0> invitations, registrations, dietary needs and seating plans.'),
          i18n._('<0>On the day:</0> a dedicated coordinator and crew run the schedule so nothing is left to chance.'),
        ),
      ),
      section(
        'deliverables',
        h(2, i18n._('What is included')),
        rul(
          i18n._('Event concept, budget and a detailed run sheet'),
          i18n._('Venue and supplier booking and management'),
          i18n._('Guest registration, communications and seating plan'),
          i18n._('On-site coordination from set-up to close'),
          i18n._('A short debrief with photographs and guest feedback'),
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-concept',
          i18n._('Concept and budget approved'),
          i18n._('Theme, guest experience and budget agreed.'),
          2,
          'weeks',
        ),
        milestone(
          'm-suppliers',
          i18n._('Venue and suppliers booked'),
          i18n._('Contracts signed with venue, caterer and production.'),
          3,
          'weeks',
        ),
        milestone(
          'm-invites',
          i18n._('Invitations sent'),
          i18n._('Guest list confirmed and registration open.'),
          2,
          'weeks',
        ),
        milestone(
          'm-final',
          i18n._('Final details confirmed'),
          i18n._('Numbers, seating, run sheet and rehearsal.'),
          4,
          'weeks',
        ),
        milestone(
          'm-event',
          i18n._('Event day and debrief'),
          i18n._('The event itself, followed by a debrief.'),
          1,
          'weeks',
        ),
      ]),
      pricing('pricing', i18n._('Investment'), 'lines', [
        line('ev-planning', i18n._('Event planning and management fee'), 1, i18n._('event'), 650_000),
        line('ev-venue', i18n._('Venue hire, evening'), 1, i18n._('evening'), 480_000),
        line(
          'ev-catering',
          i18n._('Catering: reception, three-course dinner and drinks, per guest'),
          120,
          i18n._('guest'),
          9_500,
          { quantityRange: { min: 60_000, max: 200_000 } },
        ),
        line(
          'ev-av',
          i18n._('Audio-visual production: stage, sound, lighting and technician'),
          1,
          i18n._('event'),
          320_000,
        ),
        line('ev-coordination', i18n._('On-site coordinator and crew'), 12, i18n._('hour'), 8_500),
        line('ev-entertainment', i18n._('Live band for the evening'), 1, i18n._('event'), 280_000, {
          optional: true,
        }),
        line('ev-photo', i18n._('Event photographer, 4 hours with edited images'), 1, i18n._('event'), 95_000, {
          optional: true,
        }),
        line('ev-gifts', i18n._('Branded guest gifts'), 120, i18n._('gift'), 2_800, { optional: true }),
      ]),
      section(
        'terms',
        h(2, i18n._('Terms')),
        rul(
          i18n._('50 % on acceptance, 40 % four weeks before the event and the balance within 14 days after it.'),
          i18n._(
            'Final guest numbers are confirmed 10 days before the event; catering is billed on the confirmed number.',
          ),
          i18n._('Supplier cancellation terms apply to any cancellation; we will share them with you before booking.'),
          i18n._('We hold public liability insurance and will provide certificates to the venue.'),
        ),
      ),
      signature('signature', i18n._('Event director'), i18n._('Authorised signatory')),
    ],
  },
});

const TEMPLATES = [webDesign, softwareDevelopment, marketingRetainer, consulting, photography, eventServices];

/** The starters' ids, in the gallery's order: stable forever, whatever the language. */
export const STARTER_TEMPLATE_IDS: readonly TStarterTemplate['id'][] = [
  'starter-web-design',
  'starter-software-development',
  'starter-marketing-retainer',
  'starter-consulting',
  'starter-photography',
  'starter-event-services',
];

const written = new WeakMap<I18n, readonly TStarterTemplate[]>();

/** The starters written in `i18n`'s language (once per instance; never change what it returns). */
export function starterTemplates(i18n: I18n): readonly TStarterTemplate[] {
  let templates = written.get(i18n);
  if (!templates) {
    templates = TEMPLATES.map((write) => write(i18n));
    written.set(i18n, templates);
  }
  return templates;
}

/** A starter by its id in `i18n`'s language, or undefined. */
export function starterTemplate(i18n: I18n, id: string): TStarterTemplate | undefined {
  return starterTemplates(i18n).find((template) => template.id === id);
}

/** English: the starters as tests and English-only callers read them. */
export const englishContentI18n: I18n = createI18n('en', englishContent);

/** The starters in English. */
export const STARTER_TEMPLATES: readonly TStarterTemplate[] = starterTemplates(englishContentI18n);

/** A starter by its id, in English, or undefined. */
export function findStarterTemplate(id: string): TStarterTemplate | undefined {
  return starterTemplate(englishContentI18n, id);
}
