import { describe, expect, it } from 'vitest';
import { statusLine, type TStatusLineInput } from './status-line';

const AT = '2026-05-03T10:00:00.000Z';
const client = (name: string, signed = false) => ({ name, party: 'client' as const, signedAt: signed ? AT : null });
const owner = (signed = false) => ({ name: 'Olivia Owner', party: 'owner' as const, signedAt: signed ? AT : null });

const base: TStatusLineInput = {
  status: 'sent',
  everSent: true,
  openedBefore: false,
  clientName: 'Dana Reyes',
  order: 'parallel',
  countersign: 'none',
  signers: [client('Dana Reyes')],
  openedBy: [],
  declinedBy: null,
  payment: null,
};
const line = (patch: Partial<TStatusLineInput>) => statusLine({ ...base, ...patch });

describe('statusLine', () => {
  it('a draft: never sent, or withdrawn', () => {
    expect(line({ status: 'draft', everSent: false })).toBe('Not sent yet: your client has not seen it.');
    expect(line({ status: 'draft' })).toBe('Withdrawn: your client’s link says so until you send it again.');
  });

  it('one signer: sent, sent again, opened', () => {
    expect(line({})).toBe('Sent; Dana Reyes has not opened it yet.');
    expect(line({ openedBefore: true })).toBe('Sent again; Dana Reyes has not opened this revision yet.');
    expect(line({ status: 'viewed', openedBy: ['Dana Reyes'] })).toBe('Dana Reyes opened it; no answer yet.');
    expect(line({ clientName: ' ', signers: [] })).toBe('Sent; Your client has not opened it yet.');
  });

  it('several signers: each visit is the visitor’s, not the first signer’s', () => {
    const signers = [client('Ann First'), client('Ben Second')];
    expect(line({ signers })).toBe('Sent; Ann First and Ben Second have not opened it yet.');
    // In order, only the first has been emailed.
    expect(line({ signers, order: 'sequential' })).toBe('Sent; Ann First has not opened it yet.');
    expect(line({ status: 'viewed', signers, openedBy: ['Ben Second'] })).toBe('Ben Second opened it; no answer yet.');
    expect(line({ status: 'viewed', signers, openedBy: ['Ben Second', 'Ann First'] })).toBe(
      'Ben Second and Ann First opened it; no answer yet.',
    );
  });

  it('in order or all at once, some signed: who signed and who is left, in order', () => {
    const three = [client('Ann First', true), client('Ben Second'), client('Cleo Third')];
    for (const status of ['sent', 'viewed'] as const) {
      expect(line({ status, signers: three, openedBy: ['Ann First'] })).toBe(
        'Signed by Ann First · waiting for Ben Second and Cleo Third',
      );
      expect(line({ status, signers: three, openedBy: ['Ann First'], order: 'sequential' })).toBe(
        'Signed by Ann First · waiting for Ben Second, then Cleo Third',
      );
    }
    expect(line({ signers: [client('Ann First'), client('Ben Second', true), client('Cleo Third', true)] })).toBe(
      'Signed by Ben Second and Cleo Third · waiting for Ann First',
    );
    expect(line({ signers: [client('Ann First', true), client('Ben Second')], order: 'sequential' })).toBe(
      'Signed by Ann First · waiting for Ben Second',
    );
  });

  it('with a countersignature after the clients', () => {
    const after = { countersign: 'after' as const, status: 'viewed' as const, openedBy: ['Ann First'] };
    expect(line({ ...after, signers: [client('Ann First', true), client('Ben Second'), owner()] })).toBe(
      'Signed by Ann First · waiting for Ben Second, then your countersignature',
    );
    expect(
      line({
        ...after,
        order: 'sequential',
        signers: [client('Ann First', true), client('Ben Second'), client('Cleo Third'), owner()],
      }),
    ).toBe('Signed by Ann First · waiting for Ben Second, then Cleo Third, then your countersignature');
    expect(line({ ...after, signers: [client('Ann First', true), client('Ben Second', true), owner()] })).toBe(
      'Signed by both clients · waiting for your countersignature',
    );
    expect(
      line({
        ...after,
        signers: [client('Ann First', true), client('Ben Second', true), client('Cleo', true), owner()],
      }),
    ).toBe('Signed by all 3 clients · waiting for your countersignature');
    expect(line({ ...after, signers: [client('Dana Reyes', true), owner()] })).toBe(
      'Signed by Dana Reyes · waiting for your countersignature',
    );
    // Nobody signed yet: the clients' turn first.
    expect(line({ ...after, signers: [client('Ann First'), client('Ben Second'), owner()] })).toBe(
      'Ann First opened it; no answer yet.',
    );
  });

  it('with the owner’s signature given when sending', () => {
    const before = { countersign: 'before' as const, status: 'viewed' as const, openedBy: ['Ann First'] };
    expect(line({ ...before, signers: [owner(true), client('Ann First'), client('Ben Second')] })).toBe(
      'Ann First opened it; no answer yet.',
    );
    expect(line({ ...before, signers: [owner(true), client('Ann First', true), client('Ben Second')] })).toBe(
      'Signed by Ann First · waiting for Ben Second',
    );
  });

  it('while the signers or the activity load, only what the proposal says', () => {
    expect(line({ status: 'viewed', signers: null, openedBy: null })).toBe('Opened; no answer yet.');
    expect(line({ signers: null, openedBy: null })).toBe('Sent; not opened yet.');
    expect(line({ status: 'viewed', signers: null, openedBy: ['Ben Second'] })).toBe(
      'Ben Second opened it; no answer yet.',
    );
  });

  it('accepted, with the payment asked for at acceptance', () => {
    expect(line({ status: 'accepted' })).toBe(
      'Accepted and signed: it is locked. Duplicate it to start a new one from it.',
    );
    const paying = (status: NonNullable<TStatusLineInput['payment']>['status'], amount: string | null = '$450') =>
      line({ status: 'accepted', payment: { status, amount } });
    expect(paying('awaiting')).toBe('Accepted and signed · payment of $450 due');
    expect(paying('processing')).toBe('Accepted and signed · payment of $450 on its way');
    expect(paying('paid')).toBe('Accepted and signed · $450 paid');
    expect(paying('refunded')).toBe('Accepted and signed · payment refunded');
    expect(paying('not_due')).toBe('Accepted and signed: it is locked. Duplicate it to start a new one from it.');
    expect(paying('none')).toBe('Accepted and signed: it is locked. Duplicate it to start a new one from it.');
    expect(paying('awaiting', null)).toBe('Accepted and signed · payment of the amount asked due');
  });

  it('declined by whoever declined; expired', () => {
    expect(line({ status: 'declined', declinedBy: 'Ben Second' })).toBe(
      'Ben Second declined it. You can change it and send it again.',
    );
    expect(line({ status: 'declined' })).toBe('Dana Reyes declined it. You can change it and send it again.');
    expect(line({ status: 'expired' })).toBe(
      'Expired without an answer. Extend the validity to open it again for your client.',
    );
  });
});
