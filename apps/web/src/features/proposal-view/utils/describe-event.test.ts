import type { TProposalEvent } from '@draftwell/shared/share/share-api';
import { describe, expect, it } from 'vitest';
import { describeEvent, nameList, visitsBy } from './describe-event';

const event = (patch: Partial<TProposalEvent>): TProposalEvent => ({
  seq: 1,
  proposalId: 'p',
  type: 'created',
  actor: 'owner',
  at: '2026-05-03T10:00:00.000Z',
  revisionNumber: null,
  data: {},
  ipAddress: null,
  userAgent: null,
  ...patch,
});

describe('describeEvent', () => {
  it('credits a visit or a download to the signer whose link it was, not to the first signer (issue 24)', () => {
    const ben = { signerId: 's2', name: 'Ben Second' };
    expect(
      describeEvent(event({ type: 'opened', actor: 'client', data: { seconds: 0, ...ben } }), 'Ann First'),
    ).toEqual({
      title: 'Ben Second opened it',
      detail: null,
    });
    expect(
      describeEvent(event({ type: 'downloaded', actor: 'client', data: { by: 'client', ...ben } }), 'Ann First').title,
    ).toBe('Ben Second downloaded the PDF');
    expect(
      describeEvent(event({ type: 'downloaded', data: { by: 'client', sealed: true, ...ben } }), 'Ann First').title,
    ).toBe('Ben Second downloaded the signed PDF');
    // An event that names nobody (older downloads) falls back to the client.
    expect(describeEvent(event({ type: 'downloaded', data: { by: 'client' } }), 'Ann First').title).toBe(
      'Ann First downloaded the PDF',
    );
  });

  it('counts visits by whose they were', () => {
    expect(visitsBy(['Ben Second'])).toEqual({ count: 1, by: 'by Ben Second' });
    expect(visitsBy(['Ben Second', 'Ann First', 'Ben Second'])).toEqual({
      count: 3,
      by: 'by Ben Second (2) and Ann First (1)',
    });
    expect(visitsBy([null, 'Ann First', 'Cleo Third'])).toEqual({
      count: 3,
      by: 'by your client (1), Ann First (1) and Cleo Third (1)',
    });
    expect(nameList(['Ann'])).toBe('Ann');
    expect(nameList([])).toBe('');
  });

  it('says what happened, with the revision, the time on page, the name and the reason', () => {
    expect(
      describeEvent(event({ type: 'sent', revisionNumber: 2, data: { to: 'dana@example.com', message: 'Hi' } })),
    ).toEqual({ title: 'You sent revision 2 to dana@example.com', detail: 'Hi' });
    expect(describeEvent(event({ type: 'opened', actor: 'client', data: { seconds: 185 } }), 'Dana Reyes')).toEqual({
      title: 'Dana Reyes opened it',
      detail: '3 min 5 s on the page',
    });
    expect(describeEvent(event({ type: 'opened', data: { seconds: 0 } }))).toEqual({
      title: 'Your client opened it',
      detail: null,
    });
    // The sections read longest, two at most, by name (issue 16, analytics per section).
    const sections = [
      { index: 0, title: 'About us', seconds: 12 },
      { index: 2, title: 'Pricing', seconds: 125 },
      { index: 1, title: 'Scope', seconds: 40 },
    ];
    expect(describeEvent(event({ type: 'opened', data: { seconds: 190, sections } }), 'Dana')).toEqual({
      title: 'Dana opened it',
      detail: '3 min 10 s on the page · read Pricing for 2 min 5 s, Scope for 40 s',
    });
    // Stored data that is not a list of sections says nothing more.
    expect(describeEvent(event({ type: 'opened', data: { seconds: 20, sections: 'Pricing' } })).detail).toBe(
      '20 s on the page',
    );
    expect(
      describeEvent(event({ type: 'commented', data: { author: 'client', authorName: 'Dana', excerpt: 'March?' } })),
    ).toEqual({ title: 'Dana commented', detail: 'March?' });
    expect(describeEvent(event({ type: 'commented', data: { author: 'owner', excerpt: 'Yes' } })).title).toBe(
      'You replied',
    );
    expect(describeEvent(event({ type: 'accepted', data: { name: 'Dana Reyes', email: 'd@x.test' } })).title).toBe(
      'Accepted by Dana Reyes (d@x.test)',
    );
    expect(describeEvent(event({ type: 'declined', data: { reason: 'Too late' } }), 'Dana')).toEqual({
      title: 'Dana declined it',
      detail: 'Reason: Too late',
    });
    expect(describeEvent(event({ type: 'declined' })).detail).toBe('No reason given');
    expect(describeEvent(event({ type: 'extended', data: { validUntil: '2027-03-03' } })).title).toBe(
      'You extended it to March 3, 2027',
    );
    expect(describeEvent(event({ type: 'withdrawn' })).title).toMatch(/^You withdrew it/);
    expect(describeEvent(event({ type: 'expired' })).title).toMatch(/^Expired/);
  });

  it('several signers: signatures, changes to a signer, and whom a reminder went to', () => {
    expect(
      describeEvent(event({ type: 'signed', data: { name: 'Frank', email: 'f@x.test', waitingFor: ['Olivia'] } })),
    ).toEqual({ title: 'Signed by Frank (f@x.test)', detail: 'Still to sign: Olivia' });
    expect(describeEvent(event({ type: 'signed', data: { name: 'Olivia', party: 'owner' } })).title).toBe(
      'You signed as Olivia',
    );
    expect(
      describeEvent(
        event({ type: 'signer_changed', data: { action: 'corrected', name: 'Hal', email: 'h@x', from: 'x@x' } }),
      ),
    ).toEqual({ title: 'You corrected Hal’s details', detail: 'Was x@x; now h@x' });
    expect(describeEvent(event({ type: 'signer_changed', data: { action: 'revoked', name: 'Hal' } })).title).toBe(
      'You revoked Hal’s link',
    );
    expect(
      describeEvent(event({ type: 'reminder_sent', data: { to: 'd@x', names: ['Dana Reyes'] } }), 'Dana').title,
    ).toBe('A reminder was emailed to Dana Reyes');
    expect(describeEvent(event({ type: 'reminder_sent', data: { to: 'd@x' } }), 'Dana').title).toBe(
      'A reminder was emailed to Dana',
    );
  });

  it('tells the sealed PDF apart: its downloads, its seal, and a failure with its reason', () => {
    expect(describeEvent(event({ type: 'downloaded', data: { by: 'owner' } })).title).toBe('You downloaded the PDF');
    expect(describeEvent(event({ type: 'downloaded', data: { by: 'client', sealed: true } }), 'Dana').title).toBe(
      'Dana downloaded the signed PDF',
    );
    expect(describeEvent(event({ type: 'sealed', actor: 'system' }))).toEqual({
      title: 'The signed PDF was sealed with the server’s certificate',
      detail: null,
    });
    expect(
      describeEvent(event({ type: 'seal_failed', actor: 'system', data: { reason: 'The PDF service was busy.' } })),
    ).toEqual({ title: 'The signed PDF could not be made', detail: 'The PDF service was busy.' });
  });

  it('tells automatic follow-up apart: reminders with their number, expiry warnings, a stop', () => {
    expect(
      describeEvent(
        event({
          type: 'reminder_sent',
          actor: 'system',
          data: { automatic: true, step: 2, of: 5, names: ['Dana', 'Eli'] },
        }),
      ).title,
    ).toBe('Automatic reminder 2 of 5 emailed to Dana, Eli');
    expect(
      describeEvent(
        event({
          type: 'expiry_warning_sent',
          actor: 'system',
          data: { audience: 'client', daysLeft: 3, names: ['Dana'] },
        }),
      ).title,
    ).toBe('Dana was emailed that it closes in 3 days');
    expect(
      describeEvent(event({ type: 'expiry_warning_sent', actor: 'system', data: { audience: 'owner', daysLeft: 1 } }))
        .title,
    ).toBe('You were emailed that it closes tomorrow');
    expect(describeEvent(event({ type: 'follow_up_stopped', actor: 'client', data: { name: 'Dana' } })).title).toBe(
      'Dana stopped the automatic emails',
    );
  });

  it('says who paid what and how, a failed attempt, a refund, and a payment marked by hand', () => {
    const paid = { amount: 100_000, currency: 'USD' };
    expect(
      describeEvent(
        event({ type: 'paid', actor: 'system', data: { ...paid, name: 'Dana Reyes', paymentIntentId: 'pi_1' } }),
      ),
    ).toEqual({ title: 'Dana Reyes paid $1,000 through Stripe', detail: 'Stripe payment pi_1' });
    expect(describeEvent(event({ type: 'paid', data: { ...paid, again: true } }), 'Dana').detail).toMatch(
      /second payment/,
    );
    expect(describeEvent(event({ type: 'marked_paid', data: { ...paid, by: 'Olivia', note: 'Wire 4411' } }))).toEqual({
      title: 'Olivia marked $1,000 as paid',
      detail: 'Wire 4411',
    });
    expect(
      describeEvent(event({ type: 'payment_failed', data: { ...paid, message: 'Your card was declined.' } })),
    ).toEqual({ title: 'A payment of $1,000 did not go through', detail: 'Your card was declined.' });
    expect(
      describeEvent(event({ type: 'refunded', data: { amount: 30_000, currency: 'EUR', full: false } })).title,
    ).toBe('€300 refunded so far');
    expect(describeEvent(event({ type: 'refunded', data: { ...paid, full: true } })).title).toBe(
      'Refunded in full ($1,000)',
    );
  });
});
