import type { TInlineNode } from '@draftwell/shared/document';
import type { TDraftTone } from '@draftwell/shared/drafting/brief';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import {
  CLIENT_COMPANY,
  CLIENT_NAME,
  VALID_UNTIL,
  messageNodes,
  rich,
} from '@draftwell/shared/templates/message-nodes';

/**
 * The built-in drafter's wording, one phrasebook per tone, in the language of the `i18n` it is
 * written with (the content catalog: the app's six languages). Each tone is written as a whole,
 * not a word swapped here and there: formal is measured and precise, friendly is warm and plain,
 * persuasive leads with outcomes and confidence. Every entry is a whole message: a sentence, a
 * paragraph or a run-in heading with its text (`<0>…</0>` is bold), its placeholders where each
 * language puts them.
 */

export type TPhrasebook = {
  headline: (who: string) => string;
  greeting: TInlineNode[];
  /** The opening paragraph, naming the client's company or not; it ends with the validity. */
  opening: (withCompany: boolean) => TInlineNode[];
  understandingHeading: string;
  understandingLead: string;
  goalsLead: string;
  noGoals: string;
  /**
   * `count` deliverables, `words` the same number as the sentence writes it ("three" in English,
   * "3" elsewhere); `by` a date in the proposal's language ("March 14, 2027"), or null.
   */
  understandingClose: (count: number, words: string, by: string | null) => string;
  approachHeading: string;
  /** `phases` as the sentence writes the number (`words` above): always three or more. */
  approachLead: (phases: string) => string;
  /** The first phase's paragraph, its name in bold. */
  discovery: TInlineNode[];
  /** A delivery phase's paragraph: its name in bold, then `list`, the deliverables it makes. */
  phase: (title: string, list: string) => TInlineNode[];
  groupTitle: (index: number) => string;
  /** The last phase's paragraph, its name in bold. */
  review: TInlineNode[];
  deliverablesHeading: string;
  deliverablesLead: string;
  timelineHeading: string;
  timelineLead: (deadline: string | null) => string;
  kickoffMilestone: { title: string; description: string };
  phaseMilestone: (title: string) => string;
  phaseMilestoneDescription: (list: string) => string;
  handoverMilestone: { title: string; description: string };
  investmentHeading: string;
  /**
   * The investment paragraph: the prices are before tax; with a budget, how the total with tax
   * compares with it (`over`: the matched items alone exceed it).
   */
  investment: (budget: { amount: string; over: boolean } | null) => string;
  pricingTitle: string;
  termsHeading: string;
  payment: string;
  recurring: string;
  /** The validity's term, with the proposal.valid_until variable. */
  validity: (days: number) => TInlineNode[];
  revisions: string;
  confidentiality: string;
  ownership: string;
  nextStepsHeading: string;
  nextSteps: (kickoff: string | null) => string[];
  closing: string;
  signOff: string;
};

function formal(i18n: I18n): TPhrasebook {
  return {
    headline: (who) => i18n._('Proposal for {who}', { who }),
    greeting: rich(i18n._('Dear {clientName},', { clientName: CLIENT_NAME })),
    opening: (withCompany) =>
      rich(
        withCompany
          ? i18n._(
              'Thank you for the opportunity to submit this proposal to {clientCompany}. It sets out our understanding of your requirements, the approach we recommend, the deliverables and timetable, and the associated fees. The proposal is valid until {validUntil}.',
              { clientCompany: CLIENT_COMPANY, validUntil: VALID_UNTIL },
            )
          : i18n._(
              'Thank you for the opportunity to submit this proposal. It sets out our understanding of your requirements, the approach we recommend, the deliverables and timetable, and the associated fees. The proposal is valid until {validUntil}.',
              { validUntil: VALID_UNTIL },
            ),
      ),
    understandingHeading: i18n._('Our understanding of your need'),
    understandingLead: i18n._('Based on our discussions, we understand the requirement as follows.'),
    goalsLead: i18n._('The work is intended to achieve the following objectives:'),
    noGoals: i18n._(
      'At the outset we will agree measurable objectives with you, so that progress can be assessed objectively throughout the engagement.',
    ),
    understandingClose: (count, words, date) =>
      date
        ? i18n._(
            '{count, plural, one {To meet this requirement we propose {words} deliverable, described below, to be completed by {date}.} other {To meet this requirement we propose {words} deliverables, described below, to be completed by {date}.}}',
            { count, words, date },
          )
        : i18n._(
            '{count, plural, one {To meet this requirement we propose {words} deliverable, described below, on a timetable agreed with you at the outset.} other {To meet this requirement we propose {words} deliverables, described below, on a timetable agreed with you at the outset.}}',
            { count, words },
          ),
    approachHeading: i18n._('Approach'),
    approachLead: (phases) =>
      i18n._(
        'We propose to carry out the work in {phases} phases, each concluding with a review, so that you retain full control over the direction and quality of the work.',
        { phases },
      ),
    discovery: rich(
      i18n._(
        '<0>Discovery and planning.</0> We begin by confirming the scope, objectives and constraints with your team, reviewing any existing material, and agreeing a detailed plan and points of contact.',
      ),
    ),
    phase: (title, list) =>
      messageNodes((slot) =>
        i18n._(
          '<0>{title}.</0> We will produce {list}, presenting work in progress for your review before it is finalised.',
          { title: slot(title), list: slot(list) },
        ),
      ),
    groupTitle: (index) => i18n._('Delivery stage {index}', { index }),
    review: rich(
      i18n._(
        '<0>Review and handover.</0> We will review every deliverable with you against the agreed scope, make any final corrections and hand over all materials, together with the information your team needs to use them.',
      ),
    ),
    deliverablesHeading: i18n._('Deliverables'),
    deliverablesLead: i18n._('On completion of the engagement you will receive:'),
    timelineHeading: i18n._('Timeline'),
    timelineLead: (deadline) =>
      deadline
        ? i18n._(
            'The timetable below works back from your deadline of {deadline}. The dates assume that feedback is provided within five working days at each review.',
            { deadline },
          )
        : i18n._(
            'The timetable below gives the expected duration of each phase. Calendar dates will be fixed when the proposal is accepted.',
          ),
    kickoffMilestone: {
      title: i18n._('Project initiation'),
      description: i18n._('Scope, objectives, plan and contacts confirmed.'),
    },
    phaseMilestone: (title) => i18n._('{title} completed', { title }),
    phaseMilestoneDescription: (list) => i18n._('Submitted for your review: {list}.', { list }),
    handoverMilestone: {
      title: i18n._('Final delivery and handover'),
      description: i18n._('All deliverables approved and handed over.'),
    },
    investmentHeading: i18n._('Investment'),
    investment: (budget) =>
      !budget
        ? i18n._(
            'The fees below are fixed for the scope described in this proposal. They are stated excluding tax, which is shown separately.',
          )
        : budget.over
          ? i18n._(
              'The fees below are fixed for the scope described in this proposal. They are stated excluding tax, which is shown separately. With tax, they exceed the budget of {budget} that you indicated; we would be glad to discuss how the scope could be adjusted to meet it.',
              { budget: budget.amount },
            )
          : i18n._(
              'The fees below are fixed for the scope described in this proposal. They are stated excluding tax, which is shown separately. With tax, they have been set within the budget of {budget} that you indicated.',
              { budget: budget.amount },
            ),
    pricingTitle: i18n._('Fees'),
    termsHeading: i18n._('Terms'),
    payment: i18n._(
      'Fifty per cent of the one-off fees is invoiced on acceptance and the balance on final delivery. Invoices are payable within 14 days.',
    ),
    recurring: i18n._('Recurring fees are invoiced in advance at the start of each period.'),
    validity: (days) =>
      rich(
        i18n._(
          '{days, plural, one {This proposal is valid for # day, until {validUntil}.} other {This proposal is valid for # days, until {validUntil}.}}',
          { days, validUntil: VALID_UNTIL },
        ),
      ),
    revisions: i18n._(
      'Two rounds of revisions are included for each deliverable. Further changes are estimated and agreed with you before any work is carried out.',
    ),
    confidentiality: i18n._(
      'All information you share with us is treated as confidential and used solely for the purposes of this engagement.',
    ),
    ownership: i18n._('Ownership of the deliverables passes to you once the final invoice has been paid.'),
    nextStepsHeading: i18n._('Next steps'),
    nextSteps: (kickoff) => [
      i18n._('Review this proposal and let us know of any questions or changes you would like to discuss.'),
      i18n._('Sign below to accept the proposal.'),
      kickoff
        ? i18n._('We will confirm the project initiation meeting for {date} and send you the detailed plan.', {
            date: kickoff,
          })
        : i18n._('We will confirm a start date with you within five working days and send you the detailed plan.'),
    ],
    closing: i18n._('We look forward to working with you.'),
    signOff: i18n._('Yours sincerely,'),
  };
}

function friendly(i18n: I18n): TPhrasebook {
  return {
    headline: (who) => i18n._('A proposal for {who}', { who }),
    greeting: rich(i18n._('Hi {clientName},', { clientName: CLIENT_NAME })),
    opening: (withCompany) =>
      rich(
        withCompany
          ? i18n._(
              'Thanks so much for telling us what you have in mind for {clientCompany}. We’ve put this proposal together to show how we’d help: what we heard, how we’d work together, what you’ll get and when, and what it costs. It’s open until {validUntil}.',
              { clientCompany: CLIENT_COMPANY, validUntil: VALID_UNTIL },
            )
          : i18n._(
              'Thanks so much for telling us what you have in mind. We’ve put this proposal together to show how we’d help: what we heard, how we’d work together, what you’ll get and when, and what it costs. It’s open until {validUntil}.',
              { validUntil: VALID_UNTIL },
            ),
      ),
    understandingHeading: i18n._('What we heard'),
    understandingLead: i18n._('Here’s the need in our own words, so you can check we’ve got it right:'),
    goalsLead: i18n._('And here’s what you’d like it to achieve:'),
    noGoals: i18n._(
      'We’ll work out together what success looks like in our first conversation, so we both know what we’re aiming for.',
    ),
    understandingClose: (count, words, date) =>
      date
        ? i18n._(
            '{count, plural, one {To get you there, we’ll deliver the piece of work listed below and have everything wrapped up by {date}.} other {To get you there, we’ll deliver the {words} pieces of work listed below and have everything wrapped up by {date}.}}',
            { count, words, date },
          )
        : i18n._(
            '{count, plural, one {To get you there, we’ll deliver the piece of work listed below, on a schedule that suits you.} other {To get you there, we’ll deliver the {words} pieces of work listed below, on a schedule that suits you.}}',
            { count, words },
          ),
    approachHeading: i18n._('How we’ll work together'),
    approachLead: (phases) =>
      i18n._(
        'We’ll work in {phases} simple steps. At the end of each one you’ll see what we’ve done and tell us what you think, so there are no surprises.',
        { phases },
      ),
    discovery: rich(
      i18n._(
        '<0>Getting started.</0> We’ll kick off with a relaxed conversation about your goals, anything you already have, and who we should talk to. Then we’ll share a short plan.',
      ),
    ),
    phase: (title, list) =>
      messageNodes((slot) =>
        i18n._(
          '<0>{title}.</0> Next, we’ll create {list}. We’ll show you work in progress early, so your feedback shapes it while it’s still easy to change.',
          { title: slot(title), list: slot(list) },
        ),
      ),
    groupTitle: (index) => i18n._('Making it, part {index}', { index }),
    review: rich(
      i18n._(
        '<0>Wrapping up.</0> We’ll go through everything with you, make the final tweaks and hand it all over, with a quick walkthrough so you’re comfortable using it.',
      ),
    ),
    deliverablesHeading: i18n._('What you’ll get'),
    deliverablesLead: i18n._('By the end of the project you’ll have:'),
    timelineHeading: i18n._('When it happens'),
    timelineLead: (deadline) =>
      deadline
        ? i18n._(
            'We’ve planned backwards from your deadline of {deadline}. The dates hold as long as we hear back from you within about a week at each step.',
            { deadline },
          )
        : i18n._('Here’s roughly how long each step takes. We’ll set real dates together once you’re ready to go.'),
    kickoffMilestone: { title: i18n._('Kick-off'), description: i18n._('We agree the plan and get going.') },
    phaseMilestone: (title) => i18n._('{title}: ready for you', { title }),
    phaseMilestoneDescription: (list) => i18n._('Ready for you to look at: {list}.', { list }),
    handoverMilestone: {
      title: i18n._('All done and handed over'),
      description: i18n._('Everything signed off and in your hands.'),
    },
    investmentHeading: i18n._('What it costs'),
    investment: (budget) =>
      !budget
        ? i18n._('Here’s the cost of each piece of work. Prices don’t include tax, which is added on each line.')
        : budget.over
          ? i18n._(
              'Here’s the cost of each piece of work. Prices don’t include tax, which is added on each line. With tax, together they come to more than the {budget} you mentioned, so we’re happy to talk through ways to trim the scope.',
              { budget: budget.amount },
            )
          : i18n._(
              'Here’s the cost of each piece of work. Prices don’t include tax, which is added on each line. With tax, together they fit the budget of {budget} you mentioned.',
              { budget: budget.amount },
            ),
    pricingTitle: i18n._('Costs'),
    termsHeading: i18n._('The small print'),
    payment: i18n._(
      'We ask for half of the one-off fees when you accept, and the rest when everything’s delivered. Invoices are due within 14 days.',
    ),
    recurring: i18n._('Monthly or yearly fees are billed at the start of each period.'),
    validity: (days) =>
      rich(
        i18n._(
          '{days, plural, one {This proposal is open for # day, until {validUntil}.} other {This proposal is open for # days, until {validUntil}.}}',
          { days, validUntil: VALID_UNTIL },
        ),
      ),
    revisions: i18n._(
      'Two rounds of changes are included for each piece of work. If you’d like more, we’ll tell you what it costs before doing anything.',
    ),
    confidentiality: i18n._('Anything you share with us stays between us and is only used for this project.'),
    ownership: i18n._('Everything we make for you is yours once the final invoice is paid.'),
    nextStepsHeading: i18n._('What happens next'),
    nextSteps: (kickoff) => [
      i18n._('Have a read and send us any questions. Nothing here is set in stone.'),
      i18n._('When you’re happy, sign below.'),
      kickoff
        ? i18n._('We’ll get in touch to confirm the kick-off on {date}.', { date: kickoff })
        : i18n._('We’ll get in touch within a couple of days to book the kick-off.'),
    ],
    closing: i18n._('We’d love to work on this with you.'),
    signOff: i18n._('Best wishes,'),
  };
}

function persuasive(i18n: I18n): TPhrasebook {
  return {
    headline: (who) => i18n._('How we will deliver for {who}', { who }),
    greeting: rich(i18n._('Dear {clientName},', { clientName: CLIENT_NAME })),
    opening: (withCompany) =>
      rich(
        withCompany
          ? i18n._(
              'This proposal shows how we will help {clientCompany} get exactly what it needs: a focused plan, concrete deliverables, firm milestones and a transparent price. It is valid until {validUntil}, and we can start as soon as you sign.',
              { clientCompany: CLIENT_COMPANY, validUntil: VALID_UNTIL },
            )
          : i18n._(
              'This proposal shows how we will help you get exactly what you need: a focused plan, concrete deliverables, firm milestones and a transparent price. It is valid until {validUntil}, and we can start as soon as you sign.',
              { validUntil: VALID_UNTIL },
            ),
      ),
    understandingHeading: i18n._('What you need to succeed'),
    understandingLead: i18n._('You came to us with a clear need, and it is one we know how to meet:'),
    goalsLead: i18n._('Success means reaching these goals, and every part of our plan is designed around them:'),
    noGoals: i18n._(
      'Before any work begins we will turn this into measurable goals, so that you can see exactly what your investment returns.',
    ),
    understandingClose: (count, words, date) =>
      date
        ? i18n._(
            '{count, plural, one {We will meet it with {words} focused deliverable, all completed by {date}.} other {We will meet it with {words} focused deliverables, all completed by {date}.}}',
            { count, words, date },
          )
        : i18n._(
            '{count, plural, one {We will meet it with {words} focused deliverable, on a timetable built around your priorities.} other {We will meet it with {words} focused deliverables, on a timetable built around your priorities.}}',
            { count, words },
          ),
    approachHeading: i18n._('Our plan to deliver'),
    approachLead: (phases) =>
      i18n._(
        'Our approach runs in {phases} phases. Each one ends with a checkpoint where you see real results and confirm the direction, so the project never drifts.',
        { phases },
      ),
    discovery: rich(
      i18n._(
        '<0>Discovery.</0> We start by getting to the heart of your goals, your audience and your constraints, so that every hour that follows is spent on what makes the biggest difference.',
      ),
    ),
    phase: (title, list) =>
      messageNodes((slot) =>
        i18n._(
          '<0>{title}.</0> We deliver {list}, sharing progress early so the result matches your ambitions rather than a guess at them.',
          { title: slot(title), list: slot(list) },
        ),
      ),
    groupTitle: (index) => i18n._('Delivery sprint {index}', { index }),
    review: rich(
      i18n._(
        '<0>Launch and handover.</0> We check every deliverable against your goals, polish the details and hand everything over ready to use, so you start seeing the benefit straight away.',
      ),
    ),
    deliverablesHeading: i18n._('What you will receive'),
    deliverablesLead: i18n._('Every item below is included:'),
    timelineHeading: i18n._('Timeline'),
    timelineLead: (deadline) =>
      deadline
        ? i18n._(
            'This plan has everything in place by {deadline}, with checkpoints along the way so you always know where the project stands.',
            { deadline },
          )
        : i18n._(
            'Each phase has a defined length, so you can plan around it with confidence. We will fix the calendar dates together as soon as you give the go-ahead.',
          ),
    kickoffMilestone: { title: i18n._('Kick-off'), description: i18n._('Goals, plan and priorities locked in.') },
    phaseMilestone: (title) => i18n._('{title} delivered', { title }),
    phaseMilestoneDescription: (list) => i18n._('Delivered for your approval: {list}.', { list }),
    handoverMilestone: {
      title: i18n._('Launch and handover'),
      description: i18n._('Everything approved, handed over and ready to use.'),
    },
    investmentHeading: i18n._('Your investment'),
    investment: (budget) =>
      !budget
        ? i18n._(
            'Each line is a fixed price for a defined result, stated before tax, so you know exactly what you are paying for.',
          )
        : budget.over
          ? i18n._(
              'Each line is a fixed price for a defined result, stated before tax, so you know exactly what you are paying for. With tax, the total goes beyond your budget of {budget}; we will gladly show you which items could be phased in later to match it.',
              { budget: budget.amount },
            )
          : i18n._(
              'Each line is a fixed price for a defined result, stated before tax, so you know exactly what you are paying for. With tax, the total sits within your budget of {budget}.',
              { budget: budget.amount },
            ),
    pricingTitle: i18n._('Investment'),
    termsHeading: i18n._('Terms'),
    payment: i18n._(
      'Half of the one-off fees, due on acceptance, secures your place in our schedule; the balance is due on final delivery. Invoices are payable within 14 days.',
    ),
    recurring: i18n._('Recurring fees are invoiced at the start of each period.'),
    validity: (days) =>
      rich(
        i18n._(
          '{days, plural, one {This offer is valid for # day, until {validUntil}.} other {This offer is valid for # days, until {validUntil}.}}',
          { days, validUntil: VALID_UNTIL },
        ),
      ),
    revisions: i18n._(
      'Two rounds of revisions per deliverable are included, so you can refine the results until they are right.',
    ),
    confidentiality: i18n._('Your information stays strictly confidential and is used only to deliver this project.'),
    ownership: i18n._('You own everything we create for you once the final invoice is paid.'),
    nextStepsHeading: i18n._('Next steps'),
    nextSteps: (kickoff) => [
      i18n._('Review the proposal and send us any questions: we answer within one working day.'),
      i18n._('Sign below to reserve your place in our schedule.'),
      kickoff
        ? i18n._('We hold the kick-off on {date} and get straight to work.', { date: kickoff })
        : i18n._('We hold the kick-off within a week of your signature and get straight to work.'),
    ],
    closing: i18n._('We are confident we can deliver this for you, and we are ready to begin.'),
    signOff: i18n._('Kind regards,'),
  };
}

const TONES: Record<TDraftTone, (i18n: I18n) => TPhrasebook> = { formal, friendly, persuasive };

const books = new WeakMap<I18n, Map<TDraftTone, TPhrasebook>>();

/** The phrasebook of a tone in `i18n`'s language (made once per instance and tone). */
export function phrasebook(i18n: I18n, tone: TDraftTone): TPhrasebook {
  let byTone = books.get(i18n);
  if (!byTone) {
    byTone = new Map();
    books.set(i18n, byTone);
  }
  let book = byTone.get(tone);
  if (!book) {
    book = TONES[tone](i18n);
    byTone.set(tone, book);
  }
  return book;
}

/** The words every draft shares, whatever its tone (the AI drafter's too). */
export function draftWords(i18n: I18n) {
  return {
    /** The proposal's title: what the client needs, and whom it is for. */
    title: (need: string, who: string) => i18n._('{need} — proposal for {who}', { need, who }),
    /** Whom the proposal is for when the client has neither a company nor a name. */
    yourTeam: i18n._('your team'),
    /** A signature's role: signing for a company. */
    forCompany: (company: string) => i18n._('For {company}', { company }),
    client: i18n._('Client'),
    /** The unit of a line priced per deliverable. */
    deliverableUnit: i18n._('deliverable'),
    pricingTitle: i18n._('Investment'),
  };
}
