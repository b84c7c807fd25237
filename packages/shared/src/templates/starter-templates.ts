import type {
  TBlock,
  TDocument,
  TInlineNode,
  TMilestone,
  TPricingLine,
  TRichTextNode,
  TVariableName,
} from '../document/schema';

/**
 * The built-in starter templates: real, ready-to-send proposals a user adapts rather than
 * writes from nothing. Amounts are minor units (cents in a two-decimal currency), quantities
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
export const h = (level: 1 | 2 | 3, text: string): TRichTextNode => ({
  type: 'heading',
  attrs: { level },
  content: inline([text]),
});
export const ul = (...items: TInline[][]): TRichTextNode => ({
  type: 'bulletList',
  content: items.map((parts) => ({ type: 'listItem', content: [p(...parts)] })),
});

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

const greeting = (): TRichTextNode => p('Dear ', variable('client.name'), ',');

// ---------------------------------------------------------------- the templates

const webDesign: TStarterTemplate = {
  id: 'starter-web-design',
  name: 'Website design and build',
  description:
    'A complete proposal for designing and building a marketing website: discovery, design, development, launch and optional care plan.',
  category: 'Web design',
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, 'A new website that works as hard as you do'),
        greeting(),
        p(
          'Thank you for inviting us to propose a new website for ',
          variable('client.company'),
          '. This proposal sets out how we understand the project, how we will work together, what you will receive and what it will cost. It is valid until ',
          variable('proposal.valid_until'),
          '.',
        ),
      ),
      section(
        'need',
        h(2, 'What we heard'),
        p(
          'Your current site no longer reflects the quality of your work. It is hard to update, slow on phones, and visitors leave before they find what they came for. You want a site that explains clearly what you offer, earns trust quickly and turns interested visitors into enquiries.',
        ),
        ul(
          ['A clear, modern design that reflects your brand'],
          ['Pages your team can edit without calling a developer'],
          ['Fast loading on every device, and sound foundations for search engines'],
          ['A simple path from first visit to a booked call or an enquiry'],
        ),
      ),
      section(
        'approach',
        h(2, 'Our approach'),
        p(
          bold('Discovery. '),
          'We start with a workshop to agree goals, audiences and the few actions that matter most, then review your analytics and competitors.',
        ),
        p(
          bold('Design. '),
          'We map the site structure, design the key pages for desktop and mobile, and refine them with you over two rounds of feedback.',
        ),
        p(
          bold('Build. '),
          'We develop the site on a content management system your team will find easy to use, with accessibility and performance built in from the first line.',
        ),
        p(
          bold('Launch. '),
          'We test across browsers and devices, set up redirects from your old pages, connect analytics and train your team before going live.',
        ),
      ),
      section(
        'deliverables',
        h(2, 'Deliverables'),
        ul(
          ['Site map and wireframes for up to 10 page templates'],
          ['Visual design for desktop and mobile, with a small style guide'],
          ['A responsive website on a content management system, meeting WCAG 2.1 AA'],
          ['On-page search engine basics: titles, descriptions, sitemap and redirects'],
          ['A one-hour training session and a short written editing guide'],
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-discovery',
          'Discovery workshop and site map',
          'Goals, audiences, structure and content plan agreed.',
          2,
          'weeks',
        ),
        milestone(
          'm-design',
          'Design approved',
          'Key page designs for desktop and mobile, two rounds of feedback.',
          3,
          'weeks',
        ),
        milestone(
          'm-build',
          'Website built',
          'Development, content entry and testing on a private preview link.',
          4,
          'weeks',
        ),
        milestone('m-launch', 'Launch and training', 'Go live, redirects, analytics and team training.', 1, 'weeks'),
      ]),
      pricing('pricing', 'Investment', 'lines', [
        line('wd-discovery', 'Discovery workshop, research and site map', 1, 'project', 180_000),
        line('wd-design', 'Visual design of key pages (desktop and mobile)', 1, 'project', 420_000),
        line('wd-build', 'Development on a content management system', 1, 'project', 640_000),
        line('wd-launch', 'Testing, launch, redirects and training', 1, 'project', 110_000),
        line('wd-copy', 'Copywriting for up to 8 pages', 8, 'page', 25_000, { optional: true }),
        line('wd-care', 'Care plan: updates, backups, monitoring and 2 hours of changes', 1, 'month', 19_500, {
          billing: 'monthly',
          optional: true,
        }),
      ]),
      section(
        'terms',
        h(2, 'Terms'),
        ul(
          ['40 % of the one-off fees on acceptance, 40 % when the design is approved and 20 % at launch.'],
          ['Invoices are payable within 14 days.'],
          ['Two rounds of design feedback are included; further rounds are billed at our hourly rate.'],
          ['You own the design and the website once the final invoice is paid.'],
          ['The care plan runs month to month and may be cancelled with 30 days’ notice.'],
        ),
        p(
          'We would be glad to answer any question. When you are ready, sign below and we will schedule the discovery workshop.',
        ),
      ),
      signature('signature', 'Project lead', 'Authorised signatory'),
    ],
  },
};

const softwareDevelopment: TStarterTemplate = {
  id: 'starter-software-development',
  name: 'Custom software development',
  description:
    'A phased proposal for designing, building and launching a custom web application, with optional support and hosting.',
  category: 'Software development',
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, 'Building the software your business runs on'),
        greeting(),
        p(
          'Thank you for the conversations about the application ',
          variable('client.company'),
          ' needs. This proposal describes how we will turn your requirements into working software, in short, visible steps, with a fixed price for each phase.',
        ),
      ),
      section(
        'need',
        h(2, 'Understanding the need'),
        p(
          'Today the work depends on spreadsheets, email and manual copying between systems. It is slow, errors are hard to spot, and nobody has a reliable picture of what is happening. You need one application that holds the data, guides people through the process and reports on it.',
        ),
        ul(
          ['A secure web application for staff, with roles and permissions'],
          ['The core workflow automated from request to completion'],
          ['Integration with the tools you already use, through their APIs'],
          ['Dashboards and exports that management can rely on'],
        ),
      ),
      section(
        'approach',
        h(2, 'How we will work'),
        p(
          'We work in two-week iterations. At the end of each one you see working software on a staging environment, and together we decide what comes next. Nothing is a surprise at launch.',
        ),
        ul(
          [
            bold('Discovery and specification: '),
            'workshops with your team, user stories, data model and architecture.',
          ],
          [bold('Design: '), 'clickable prototypes of the main screens, tested with real users.'],
          [bold('Development: '), 'iterations with automated tests, code review and continuous deployment.'],
          [bold('Launch: '), 'data migration, security review, training and a calm go-live.'],
        ),
      ),
      section(
        'deliverables',
        h(2, 'Deliverables'),
        ul(
          ['Written specification and architecture overview'],
          ['Interactive prototype of the main screens'],
          ['The application, deployed to your cloud account, with its full source code'],
          ['Automated test suite and deployment pipeline'],
          ['Administrator documentation and a training session'],
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-spec',
          'Specification signed off',
          'User stories, data model and architecture agreed.',
          3,
          'weeks',
        ),
        milestone('m-prototype', 'Prototype approved', 'Clickable prototype tested with your team.', 2, 'weeks'),
        milestone('m-beta', 'Beta release', 'Core workflow usable on staging by a pilot group.', 8, 'weeks'),
        milestone('m-launch', 'Production launch', 'Data migrated, team trained, application live.', 3, 'weeks'),
      ]),
      pricing('pricing', 'Investment', 'lines', [
        line('sd-discovery', 'Discovery, specification and architecture', 1, 'phase', 850_000),
        line('sd-design', 'User experience design and prototype', 1, 'phase', 620_000),
        line('sd-build', 'Development iterations (2 weeks each)', 4, 'iteration', 960_000),
        line('sd-launch', 'Data migration, security review and launch', 1, 'phase', 540_000),
        line('sd-integration', 'Additional third-party integration', 1, 'integration', 280_000, {
          optional: true,
          quantityRange: { min: 1000, max: 5000 },
        }),
        line('sd-support', 'Support and maintenance: monitoring, updates, 8 hours of changes', 1, 'month', 150_000, {
          billing: 'monthly',
          optional: true,
        }),
        line('sd-hosting', 'Managed hosting and backups', 1, 'year', 360_000, { billing: 'yearly', optional: true }),
      ]),
      section(
        'terms',
        h(2, 'Terms'),
        ul(
          ['Each phase is invoiced when it starts; development iterations are invoiced every two weeks.'],
          ['Invoices are payable within 14 days.'],
          [
            'Changes in scope are welcome: we estimate them before any work begins, and nothing is billed without your approval.',
          ],
          ['You own the source code and all intellectual property once each invoice is paid.'],
          ['We keep your data confidential and will sign your non-disclosure agreement on request.'],
        ),
      ),
      signature('signature', 'Technical lead', 'Authorised signatory'),
    ],
  },
};

const marketingRetainer: TStarterTemplate = {
  id: 'starter-marketing-retainer',
  name: 'Marketing retainer',
  description:
    'A monthly marketing retainer covering strategy, content, social media and reporting, with an onboarding fee and optional paid advertising management.',
  category: 'Marketing',
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, 'A marketing partner, month after month'),
        greeting(),
        p(
          'Thank you for considering us as the marketing partner for ',
          variable('client.company'),
          '. This proposal describes a monthly retainer that gives you a steady flow of content, an active presence where your customers are, and clear reporting on what it achieves.',
        ),
      ),
      section(
        'need',
        h(2, 'Where you are today'),
        p(
          'You have a strong offer and happy customers, but marketing happens in bursts when there is time. Posting is irregular, there is no shared plan, and it is hard to say which activities bring in business. You want consistency, a plan that ties marketing to sales, and numbers you can trust.',
        ),
      ),
      section(
        'approach',
        h(2, 'Our approach'),
        p(
          'We begin with a one-off onboarding month: an audit of your channels, a review of your audiences and competitors, and a 90-day plan with goals we agree together. From then on, each month follows the same rhythm.',
        ),
        ul(
          [bold('Plan: '), 'a monthly planning call and a content calendar you approve in advance.'],
          [bold('Create: '), 'articles, newsletters and social posts written in your voice.'],
          [bold('Publish and engage: '), 'scheduling, community replies and monitoring.'],
          [bold('Measure: '), 'a monthly report on reach, engagement, leads and what we will change next.'],
        ),
      ),
      section(
        'deliverables',
        h(2, 'Every month you receive'),
        ul(
          ['2 long-form articles for your website, optimised for search'],
          ['1 email newsletter to your list'],
          ['12 social media posts across two channels, with graphics'],
          ['A monthly report and a one-hour review call'],
        ),
      ),
      timeline('timeline', [
        milestone('m-audit', 'Audit and 90-day plan', 'Channel audit, audiences and goals agreed.', 2, 'weeks'),
        milestone(
          'm-first',
          'First content published',
          'Content calendar approved and the first pieces live.',
          2,
          'weeks',
        ),
        milestone(
          'm-review',
          'First quarterly review',
          'Results against goals and the plan for the next quarter.',
          3,
          'months',
        ),
      ]),
      pricing('pricing', 'Investment', 'lines', [
        line('mr-onboarding', 'Onboarding: audit, strategy and 90-day plan', 1, 'one-off', 250_000),
        line('mr-retainer', 'Monthly retainer: planning, content, social media and reporting', 1, 'month', 450_000, {
          billing: 'monthly',
        }),
        line('mr-ads', 'Paid advertising management (ad spend billed separately)', 1, 'month', 120_000, {
          billing: 'monthly',
          optional: true,
        }),
        line('mr-video', 'Short-form video: 4 edited clips a month', 1, 'month', 90_000, {
          billing: 'monthly',
          optional: true,
        }),
      ]),
      section(
        'terms',
        h(2, 'Terms'),
        ul(
          ['The onboarding fee is invoiced on acceptance; the retainer is invoiced at the start of each month.'],
          ['Invoices are payable within 14 days.'],
          [
            'The retainer has an initial term of three months, then continues month to month with 30 days’ notice to end it.',
          ],
          [
            'Hours not used in a month do not roll over, but we will always tell you early if we expect to under- or over-deliver.',
          ],
          ['You own all content we create for you once it is paid for.'],
        ),
      ),
      signature('signature', 'Account director', 'Authorised signatory'),
    ],
  },
};

const consulting: TStarterTemplate = {
  id: 'starter-consulting',
  name: 'Consulting engagement',
  description:
    'A proposal for a focused consulting engagement: diagnosis, recommendations and an implementation roadmap, priced by the day.',
  category: 'Consulting',
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, 'Clarity on what to do next'),
        greeting(),
        p(
          'Thank you for the time you and your team have given us. This proposal sets out a focused engagement to help ',
          variable('client.company'),
          ' understand what is holding growth back and agree a practical plan to address it.',
        ),
      ),
      section(
        'need',
        h(2, 'The situation'),
        p(
          'Growth has slowed while costs have risen, and there are several competing views inside the business about why. Decisions are being postponed because the facts are unclear. You need an independent, evidence-based view and a plan the leadership team can commit to.',
        ),
      ),
      section(
        'approach',
        h(2, 'Our approach'),
        p(
          bold('Diagnose. '),
          'We interview leaders and front-line staff, analyse your financial and operational data, and speak with a sample of customers.',
        ),
        p(
          bold('Recommend. '),
          'We test our findings with you in a working session, then set out clear options with their costs, benefits and risks.',
        ),
        p(
          bold('Plan. '),
          'We turn the chosen option into a 12-month roadmap with owners, milestones and the measures that will show progress.',
        ),
      ),
      section(
        'deliverables',
        h(2, 'Deliverables'),
        ul(
          ['A findings report, with the evidence behind each conclusion'],
          ['A leadership workshop to choose between the options'],
          ['A 12-month implementation roadmap with owners and measures'],
          ['A board-ready summary presentation'],
        ),
      ),
      timeline('timeline', [
        milestone(
          'm-kickoff',
          'Kick-off and data request',
          'Scope confirmed, interviews scheduled, data shared.',
          1,
          'weeks',
        ),
        milestone(
          'm-findings',
          'Findings presented',
          'Interviews and analysis complete; findings reviewed with you.',
          3,
          'weeks',
        ),
        milestone('m-workshop', 'Leadership workshop', 'Options discussed and a direction chosen.', 1, 'weeks'),
        milestone('m-roadmap', 'Roadmap delivered', 'Final roadmap and board summary handed over.', 2, 'weeks'),
      ]),
      pricing('pricing', 'Fees', 'lines', [
        line('co-diagnosis', 'Diagnosis: interviews, data analysis and customer research', 8, 'day', 160_000),
        line('co-workshop', 'Leadership workshop, preparation and facilitation', 2, 'day', 160_000),
        line('co-roadmap', 'Implementation roadmap and board summary', 3, 'day', 160_000),
        line('co-support', 'Implementation support during the first quarter', 6, 'day', 150_000, {
          optional: true,
          quantityRange: { min: 2000, max: 12_000 },
        }),
      ]),
      section(
        'terms',
        h(2, 'Terms'),
        ul(
          ['Fees are invoiced in two equal parts: on acceptance and on delivery of the roadmap.'],
          ['Invoices are payable within 14 days.'],
          ['Reasonable travel expenses are billed at cost, with your prior approval.'],
          ['Everything you share with us is kept strictly confidential.'],
          ['Either party may end the engagement with 14 days’ notice; work completed until then is billed.'],
        ),
      ),
      signature('signature', 'Principal consultant', 'Authorised signatory'),
    ],
  },
};

const photography: TStarterTemplate = {
  id: 'starter-photography',
  name: 'Photography package',
  description:
    'A photography proposal with three packages to choose from and optional extras, for brand, commercial or event shoots.',
  category: 'Photography',
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, 'Photographs that tell your story'),
        greeting(),
        p(
          'Thank you for thinking of us for ',
          variable('client.company'),
          '. Below you will find how we plan the shoot, what you will receive and three packages to choose from, so you can pick the one that fits.',
        ),
      ),
      section(
        'need',
        h(2, 'What you are looking for'),
        p(
          'You need a fresh set of professional images: portraits of your team, your space and your work in progress, in a consistent style you can use on your website, social media and printed material for the next year or more.',
        ),
      ),
      section(
        'approach',
        h(2, 'How the day works'),
        ul(
          [bold('Planning call: '), 'we agree the shot list, locations, wardrobe and schedule.'],
          [bold('The shoot: '), 'relaxed and well organised, with natural direction so people look like themselves.'],
          [bold('Selection: '), 'you choose your favourites from an online proofing gallery.'],
          [bold('Editing: '), 'colour, light and retouching by hand, delivered in web and print sizes.'],
        ),
      ),
      section(
        'deliverables',
        h(2, 'Deliverables'),
        ul(
          ['A private online gallery to view, choose and download your images'],
          ['Edited high-resolution images, in web and print sizes'],
          ['A commercial licence to use the images in your own marketing, without time limit'],
        ),
      ),
      timeline('timeline', [
        milestone('m-plan', 'Planning call and shot list', 'Locations, people and schedule confirmed.', 1, 'weeks'),
        milestone('m-shoot', 'Shoot day', 'Photography on location.', 2, 'weeks'),
        milestone('m-proofs', 'Proofing gallery', 'Online gallery ready for your selection.', 5, 'days'),
        milestone('m-delivery', 'Final images delivered', 'Edited images delivered in all sizes.', 10, 'days'),
      ]),
      pricing('packages', 'Choose your package', 'choice', [
        line('ph-essentials', 'Essentials: half day (4 hours), one location, 25 edited images', 1, 'package', 120_000, {
          selected: false,
        }),
        line('ph-signature', 'Signature: full day (8 hours), two locations, 60 edited images', 1, 'package', 220_000, {
          selected: true,
        }),
        line(
          'ph-complete',
          'Complete: full day with assistant, three locations, 100 edited images and a short behind-the-scenes video',
          1,
          'package',
          340_000,
          { selected: false },
        ),
      ]),
      pricing('extras', 'Optional extras', 'lines', [
        line('ph-retouch', 'Advanced retouching per image', 10, 'image', 2_500, {
          optional: true,
          quantityRange: { min: 1000, max: 50_000 },
        }),
        line('ph-rush', 'Express delivery within 3 working days', 1, 'order', 35_000, { optional: true }),
        line('ph-prints', 'Framed fine-art print, 50 × 70 cm', 1, 'print', 18_000, { optional: true }),
      ]),
      section(
        'terms',
        h(2, 'Terms'),
        ul(
          ['A 30 % deposit secures the date; the balance is due on delivery of the final images.'],
          ['The deposit is non-refundable, but one change of date is free with at least 7 days’ notice.'],
          ['Travel beyond 50 km is billed at cost.'],
          ['The photographer keeps the copyright; you receive a perpetual licence for your own marketing.'],
        ),
      ),
      signature('signature', 'Photographer', 'Client'),
    ],
  },
};

const eventServices: TStarterTemplate = {
  id: 'starter-event-services',
  name: 'Event planning and services',
  description:
    'A proposal for planning and running a corporate or private event: venue, catering priced per guest, production and on-the-day coordination.',
  category: 'Events',
  document: {
    version: 1,
    blocks: [
      section(
        'intro',
        h(1, 'An event your guests will remember'),
        greeting(),
        p(
          'Thank you for asking us to help plan the next event for ',
          variable('client.company'),
          '. This proposal describes how we will take care of every detail, from the first idea to the last guest leaving, so you can enjoy the day.',
        ),
      ),
      section(
        'need',
        h(2, 'Your event'),
        p(
          'You are planning an evening event for guests, partners and your team, with a welcome reception, a seated dinner, a short programme of speeches and entertainment to close the night. It must feel generous and well run, reflect your brand, and stay within an agreed budget.',
        ),
      ),
      section(
        'approach',
        h(2, 'How we will plan it'),
        ul(
          [bold('Concept: '), 'theme, look and feel, guest experience and a budget you approve.'],
          [bold('Suppliers: '), 'we source, negotiate and manage the venue, catering, audio-visual and entertainment.'],
          [bold('Guests: '), 'invitations, registrations, dietary needs and seating plans.'],
          [bold('On the day: '), 'a dedicated coordinator and crew run the schedule so nothing is left to chance.'],
        ),
      ),
      section(
        'deliverables',
        h(2, 'What is included'),
        ul(
          ['Event concept, budget and a detailed run sheet'],
          ['Venue and supplier booking and management'],
          ['Guest registration, communications and seating plan'],
          ['On-site coordination from set-up to close'],
          ['A short debrief with photographs and guest feedback'],
        ),
      ),
      timeline('timeline', [
        milestone('m-concept', 'Concept and budget approved', 'Theme, guest experience and budget agreed.', 2, 'weeks'),
        milestone(
          'm-suppliers',
          'Venue and suppliers booked',
          'Contracts signed with venue, caterer and production.',
          3,
          'weeks',
        ),
        milestone('m-invites', 'Invitations sent', 'Guest list confirmed and registration open.', 2, 'weeks'),
        milestone('m-final', 'Final details confirmed', 'Numbers, seating, run sheet and rehearsal.', 4, 'weeks'),
        milestone('m-event', 'Event day and debrief', 'The event itself, followed by a debrief.', 1, 'weeks'),
      ]),
      pricing('pricing', 'Investment', 'lines', [
        line('ev-planning', 'Event planning and management fee', 1, 'event', 650_000),
        line('ev-venue', 'Venue hire, evening', 1, 'evening', 480_000),
        line('ev-catering', 'Catering: reception, three-course dinner and drinks, per guest', 120, 'guest', 9_500, {
          quantityRange: { min: 60_000, max: 200_000 },
        }),
        line('ev-av', 'Audio-visual production: stage, sound, lighting and technician', 1, 'event', 320_000),
        line('ev-coordination', 'On-site coordinator and crew', 12, 'hour', 8_500),
        line('ev-entertainment', 'Live band for the evening', 1, 'event', 280_000, { optional: true }),
        line('ev-photo', 'Event photographer, 4 hours with edited images', 1, 'event', 95_000, { optional: true }),
        line('ev-gifts', 'Branded guest gifts', 120, 'gift', 2_800, { optional: true }),
      ]),
      section(
        'terms',
        h(2, 'Terms'),
        ul(
          ['50 % on acceptance, 40 % four weeks before the event and the balance within 14 days after it.'],
          ['Final guest numbers are confirmed 10 days before the event; catering is billed on the confirmed number.'],
          ['Supplier cancellation terms apply to any cancellation; we will share them with you before booking.'],
          ['We hold public liability insurance and will provide certificates to the venue.'],
        ),
      ),
      signature('signature', 'Event director', 'Authorised signatory'),
    ],
  },
};

export const STARTER_TEMPLATES: readonly TStarterTemplate[] = [
  webDesign,
  softwareDevelopment,
  marketingRetainer,
  consulting,
  photography,
  eventServices,
];

/** A starter by its id, or undefined. */
export function findStarterTemplate(id: string): TStarterTemplate | undefined {
  return STARTER_TEMPLATES.find((template) => template.id === id);
}
