import type { TDraftTone } from '@draftwell/shared/drafting/brief';

/**
 * The built-in drafter's wording, one phrasebook per tone. Each tone is written as a whole, not
 * a word swapped here and there: formal is measured and precise, friendly is warm and plain,
 * persuasive leads with outcomes and confidence.
 */

export type TPhrasebook = {
  headline: (who: string) => string;
  greeting: string;
  /** The opening paragraph, before and after the client's company (or without one). */
  opening: { withCompany: [string, string]; withoutCompany: string; validUntil: [string, string] };
  understandingHeading: string;
  understandingLead: string;
  goalsLead: string;
  noGoals: string;
  /** `count` is in words ("three"); `by` a date in the account's format ("March 14, 2027"), or null. */
  understandingClose: (count: string, plural: boolean, by: string | null) => string;
  approachHeading: string;
  approachLead: (phases: string) => string;
  discovery: { title: string; text: string };
  /** `list` names the deliverables of the phase. */
  phase: (list: string) => string;
  groupTitle: (index: number) => string;
  review: { title: string; text: string };
  deliverablesHeading: string;
  deliverablesLead: string;
  timelineHeading: string;
  timelineLead: (deadline: string | null) => string;
  kickoffMilestone: { title: string; description: string };
  phaseMilestone: (title: string) => string;
  phaseMilestoneDescription: (list: string) => string;
  handoverMilestone: { title: string; description: string };
  investmentHeading: string;
  investmentLead: string;
  /** After the lead, which says the prices are before tax: the budget is compared with tax added. */
  withinBudget: (budget: string) => string;
  overBudget: (budget: string) => string;
  pricingTitle: string;
  termsHeading: string;
  payment: string;
  recurring: string;
  validity: (days: number) => [string, string];
  revisions: string;
  confidentiality: string;
  ownership: string;
  nextStepsHeading: string;
  nextSteps: (kickoff: string | null) => string[];
  closing: string;
  signOff: string;
};

const formal: TPhrasebook = {
  headline: (who) => `Proposal for ${who}`,
  greeting: 'Dear ',
  opening: {
    withCompany: [
      'Thank you for the opportunity to submit this proposal to ',
      '. It sets out our understanding of your requirements, the approach we recommend, the deliverables and timetable, and the associated fees.',
    ],
    withoutCompany:
      'Thank you for the opportunity to submit this proposal. It sets out our understanding of your requirements, the approach we recommend, the deliverables and timetable, and the associated fees.',
    validUntil: [' The proposal is valid until ', '.'],
  },
  understandingHeading: 'Our understanding of your need',
  understandingLead: 'Based on our discussions, we understand the requirement as follows.',
  goalsLead: 'The work is intended to achieve the following objectives:',
  noGoals:
    'At the outset we will agree measurable objectives with you, so that progress can be assessed objectively throughout the engagement.',
  understandingClose: (count, plural, by) =>
    `To meet this requirement we propose ${count} ${plural ? 'deliverables' : 'deliverable'}, described below, ${
      by ? `to be completed by ${by}` : 'on a timetable agreed with you at the outset'
    }.`,
  approachHeading: 'Approach',
  approachLead: (phases) =>
    `We propose to carry out the work in ${phases} phases, each concluding with a review, so that you retain full control over the direction and quality of the work.`,
  discovery: {
    title: 'Discovery and planning',
    text: 'We begin by confirming the scope, objectives and constraints with your team, reviewing any existing material, and agreeing a detailed plan and points of contact.',
  },
  phase: (list) => `We will produce ${list}, presenting work in progress for your review before it is finalised.`,
  groupTitle: (index) => `Delivery stage ${index}`,
  review: {
    title: 'Review and handover',
    text: 'We will review every deliverable with you against the agreed scope, make any final corrections and hand over all materials, together with the information your team needs to use them.',
  },
  deliverablesHeading: 'Deliverables',
  deliverablesLead: 'On completion of the engagement you will receive:',
  timelineHeading: 'Timeline',
  timelineLead: (deadline) =>
    deadline
      ? `The timetable below works back from your deadline of ${deadline}. The dates assume that feedback is provided within five working days at each review.`
      : 'The timetable below gives the expected duration of each phase. Calendar dates will be fixed when the proposal is accepted.',
  kickoffMilestone: { title: 'Project initiation', description: 'Scope, objectives, plan and contacts confirmed.' },
  phaseMilestone: (title) => `${title} completed`,
  phaseMilestoneDescription: (list) => `Submitted for your review: ${list}.`,
  handoverMilestone: {
    title: 'Final delivery and handover',
    description: 'All deliverables approved and handed over.',
  },
  investmentHeading: 'Investment',
  investmentLead:
    'The fees below are fixed for the scope described in this proposal. They are stated excluding tax, which is shown separately.',
  withinBudget: (budget) => ` With tax, they have been set within the budget of ${budget} that you indicated.`,
  overBudget: (budget) =>
    ` With tax, they exceed the budget of ${budget} that you indicated; we would be glad to discuss how the scope could be adjusted to meet it.`,
  pricingTitle: 'Fees',
  termsHeading: 'Terms',
  payment:
    'Fifty per cent of the one-off fees is invoiced on acceptance and the balance on final delivery. Invoices are payable within 14 days.',
  recurring: 'Recurring fees are invoiced in advance at the start of each period.',
  validity: (days) => [`This proposal is valid for ${days} ${days === 1 ? 'day' : 'days'}, until `, '.'],
  revisions:
    'Two rounds of revisions are included for each deliverable. Further changes are estimated and agreed with you before any work is carried out.',
  confidentiality:
    'All information you share with us is treated as confidential and used solely for the purposes of this engagement.',
  ownership: 'Ownership of the deliverables passes to you once the final invoice has been paid.',
  nextStepsHeading: 'Next steps',
  nextSteps: (kickoff) => [
    'Review this proposal and let us know of any questions or changes you would like to discuss.',
    'Sign below to accept the proposal.',
    kickoff
      ? `We will confirm the project initiation meeting for ${kickoff} and send you the detailed plan.`
      : 'We will confirm a start date with you within five working days and send you the detailed plan.',
  ],
  closing: 'We look forward to working with you.',
  signOff: 'Yours sincerely,',
};

const friendly: TPhrasebook = {
  headline: (who) => `A proposal for ${who}`,
  greeting: 'Hi ',
  opening: {
    withCompany: [
      'Thanks so much for telling us what you have in mind for ',
      '. We’ve put this proposal together to show how we’d help: what we heard, how we’d work together, what you’ll get and when, and what it costs.',
    ],
    withoutCompany:
      'Thanks so much for telling us what you have in mind. We’ve put this proposal together to show how we’d help: what we heard, how we’d work together, what you’ll get and when, and what it costs.',
    validUntil: [' It’s open until ', '.'],
  },
  understandingHeading: 'What we heard',
  understandingLead: 'Here’s the need in our own words, so you can check we’ve got it right:',
  goalsLead: 'And here’s what you’d like it to achieve:',
  noGoals:
    'We’ll work out together what success looks like in our first conversation, so we both know what we’re aiming for.',
  understandingClose: (count, plural, by) =>
    `To get you there, we’ll deliver ${plural ? `the ${count} pieces of work` : 'the piece of work'} listed below${
      by ? ` and have everything wrapped up by ${by}` : ', on a schedule that suits you'
    }.`,
  approachHeading: 'How we’ll work together',
  approachLead: (phases) =>
    `We’ll work in ${phases} simple steps. At the end of each one you’ll see what we’ve done and tell us what you think, so there are no surprises.`,
  discovery: {
    title: 'Getting started',
    text: 'We’ll kick off with a relaxed conversation about your goals, anything you already have, and who we should talk to. Then we’ll share a short plan.',
  },
  phase: (list) =>
    `Next, we’ll create ${list}. We’ll show you work in progress early, so your feedback shapes it while it’s still easy to change.`,
  groupTitle: (index) => `Making it, part ${index}`,
  review: {
    title: 'Wrapping up',
    text: 'We’ll go through everything with you, make the final tweaks and hand it all over, with a quick walkthrough so you’re comfortable using it.',
  },
  deliverablesHeading: 'What you’ll get',
  deliverablesLead: 'By the end of the project you’ll have:',
  timelineHeading: 'When it happens',
  timelineLead: (deadline) =>
    deadline
      ? `We’ve planned backwards from your deadline of ${deadline}. The dates hold as long as we hear back from you within about a week at each step.`
      : 'Here’s roughly how long each step takes. We’ll set real dates together once you’re ready to go.',
  kickoffMilestone: { title: 'Kick-off', description: 'We agree the plan and get going.' },
  phaseMilestone: (title) => `${title}: ready for you`,
  phaseMilestoneDescription: (list) => `Ready for you to look at: ${list}.`,
  handoverMilestone: { title: 'All done and handed over', description: 'Everything signed off and in your hands.' },
  investmentHeading: 'What it costs',
  investmentLead: 'Here’s the cost of each piece of work. Prices don’t include tax, which is added on each line.',
  withinBudget: (budget) => ` With tax, together they fit the budget of ${budget} you mentioned.`,
  overBudget: (budget) =>
    ` With tax, together they come to more than the ${budget} you mentioned, so we’re happy to talk through ways to trim the scope.`,
  pricingTitle: 'Costs',
  termsHeading: 'The small print',
  payment:
    'We ask for half of the one-off fees when you accept, and the rest when everything’s delivered. Invoices are due within 14 days.',
  recurring: 'Monthly or yearly fees are billed at the start of each period.',
  validity: (days) => [`This proposal is open for ${days} ${days === 1 ? 'day' : 'days'}, until `, '.'],
  revisions:
    'Two rounds of changes are included for each piece of work. If you’d like more, we’ll tell you what it costs before doing anything.',
  confidentiality: 'Anything you share with us stays between us and is only used for this project.',
  ownership: 'Everything we make for you is yours once the final invoice is paid.',
  nextStepsHeading: 'What happens next',
  nextSteps: (kickoff) => [
    'Have a read and send us any questions. Nothing here is set in stone.',
    'When you’re happy, sign below.',
    kickoff
      ? `We’ll get in touch to confirm the kick-off on ${kickoff}.`
      : 'We’ll get in touch within a couple of days to book the kick-off.',
  ],
  closing: 'We’d love to work on this with you.',
  signOff: 'Best wishes,',
};

const persuasive: TPhrasebook = {
  headline: (who) => `How we will deliver for ${who}`,
  greeting: 'Dear ',
  opening: {
    withCompany: [
      'This proposal shows how we will help ',
      ' get exactly what it needs: a focused plan, concrete deliverables, firm milestones and a transparent price.',
    ],
    withoutCompany:
      'This proposal shows how we will help you get exactly what you need: a focused plan, concrete deliverables, firm milestones and a transparent price.',
    validUntil: [' It is valid until ', ', and we can start as soon as you sign.'],
  },
  understandingHeading: 'What you need to succeed',
  understandingLead: 'You came to us with a clear need, and it is one we know how to meet:',
  goalsLead: 'Success means reaching these goals, and every part of our plan is designed around them:',
  noGoals:
    'Before any work begins we will turn this into measurable goals, so that you can see exactly what your investment returns.',
  understandingClose: (count, plural, by) =>
    `We will meet it with ${count} focused ${plural ? 'deliverables' : 'deliverable'}, ${
      by ? `all completed by ${by}` : 'on a timetable built around your priorities'
    }.`,
  approachHeading: 'Our plan to deliver',
  approachLead: (phases) =>
    `Our approach runs in ${phases} phases. Each one ends with a checkpoint where you see real results and confirm the direction, so the project never drifts.`,
  discovery: {
    title: 'Discovery',
    text: 'We start by getting to the heart of your goals, your audience and your constraints, so that every hour that follows is spent on what makes the biggest difference.',
  },
  phase: (list) =>
    `We deliver ${list}, sharing progress early so the result matches your ambitions rather than a guess at them.`,
  groupTitle: (index) => `Delivery sprint ${index}`,
  review: {
    title: 'Launch and handover',
    text: 'We check every deliverable against your goals, polish the details and hand everything over ready to use, so you start seeing the benefit straight away.',
  },
  deliverablesHeading: 'What you will receive',
  deliverablesLead: 'Every item below is included:',
  timelineHeading: 'Timeline',
  timelineLead: (deadline) =>
    deadline
      ? `This plan has everything in place by ${deadline}, with checkpoints along the way so you always know where the project stands.`
      : 'Each phase has a defined length, so you can plan around it with confidence. We will fix the calendar dates together as soon as you give the go-ahead.',
  kickoffMilestone: { title: 'Kick-off', description: 'Goals, plan and priorities locked in.' },
  phaseMilestone: (title) => `${title} delivered`,
  phaseMilestoneDescription: (list) => `Delivered for your approval: ${list}.`,
  handoverMilestone: {
    title: 'Launch and handover',
    description: 'Everything approved, handed over and ready to use.',
  },
  investmentHeading: 'Your investment',
  investmentLead:
    'Each line is a fixed price for a defined result, stated before tax, so you know exactly what you are paying for.',
  withinBudget: (budget) => ` With tax, the total sits within your budget of ${budget}.`,
  overBudget: (budget) =>
    ` With tax, the total goes beyond your budget of ${budget}; we will gladly show you which items could be phased in later to match it.`,
  pricingTitle: 'Investment',
  termsHeading: 'Terms',
  payment:
    'Half of the one-off fees, due on acceptance, secures your place in our schedule; the balance is due on final delivery. Invoices are payable within 14 days.',
  recurring: 'Recurring fees are invoiced at the start of each period.',
  validity: (days) => [`This offer is valid for ${days} ${days === 1 ? 'day' : 'days'}, until `, '.'],
  revisions:
    'Two rounds of revisions per deliverable are included, so you can refine the results until they are right.',
  confidentiality: 'Your information stays strictly confidential and is used only to deliver this project.',
  ownership: 'You own everything we create for you once the final invoice is paid.',
  nextStepsHeading: 'Next steps',
  nextSteps: (kickoff) => [
    'Review the proposal and send us any questions: we answer within one working day.',
    'Sign below to reserve your place in our schedule.',
    kickoff
      ? `We hold the kick-off on ${kickoff} and get straight to work.`
      : 'We hold the kick-off within a week of your signature and get straight to work.',
  ],
  closing: 'We are confident we can deliver this for you, and we are ready to begin.',
  signOff: 'Kind regards,',
};

export const PHRASEBOOKS: Record<TDraftTone, TPhrasebook> = { formal, friendly, persuasive };
