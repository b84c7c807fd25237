import { englishI18n as i18n } from '../i18n/english';
import { describe, expect, it } from 'vitest';
import { awaitingText, signingProgress } from './signing';

const signer = (id: string, position: number, party: 'client' | 'owner' = 'client') => ({ id, position, party });

describe('signingProgress', () => {
  const a = signer('a', 1);
  const b = signer('b', 2);
  const owner = signer('o', 3, 'owner');

  it('all at once: every unsigned client can sign; the owner only after every client', () => {
    const none = signingProgress({ order: 'parallel' }, [owner, b, a], []);
    expect([...none.canSignNow].sort()).toEqual(['a', 'b']);
    expect(none.awaiting.map((s) => s.id)).toEqual(['a', 'b', 'o']);
    expect(none.complete).toBe(false);
    const clientsDone = signingProgress({ order: 'parallel' }, [a, b, owner], [{ signerId: 'b' }, { signerId: 'a' }]);
    expect([...clientsDone.canSignNow]).toEqual(['o']);
    const all = signingProgress(
      { order: 'parallel' },
      [a, b, owner],
      [{ signerId: 'a' }, { signerId: 'b' }, { signerId: 'o' }],
    );
    expect(all).toMatchObject({ complete: true, awaiting: [] });
    expect(all.canSignNow.size).toBe(0);
  });

  it('in order: only the first unsigned client, by position', () => {
    expect([...signingProgress({ order: 'sequential' }, [b, a], []).canSignNow]).toEqual(['a']);
    expect([...signingProgress({ order: 'sequential' }, [a, b], [{ signerId: 'a' }]).canSignNow]).toEqual(['b']);
  });

  it('the owner signing before sending counts as signed; nobody at all is never complete', () => {
    const first = signer('o', 1, 'owner');
    const p = signingProgress({ order: 'parallel' }, [first, signer('c', 2)], [{ signerId: 'o' }]);
    expect([...p.canSignNow]).toEqual(['c']);
    expect(signingProgress({ order: 'parallel' }, [], []).complete).toBe(false);
  });
});

describe('awaitingText', () => {
  const sent = { status: 'sent', signing: { countersign: 'none' as const } };
  it('says nothing for the one client of a plain proposal, nor once it is answered', () => {
    expect(awaitingText(i18n, { ...sent, awaiting: [{ name: 'Dana', party: 'client' }] })).toBeNull();
    expect(
      awaitingText(i18n, {
        ...sent,
        status: 'accepted',
        awaiting: [
          { name: 'Dana', party: 'client' },
          { name: 'Frank', party: 'client' },
        ],
      }),
    ).toBeNull();
    expect(awaitingText(i18n, { ...sent, awaiting: [] })).toBeNull();
  });
  it('names who is still to sign, the owner as "you"', () => {
    expect(
      awaitingText(i18n, {
        status: 'viewed',
        signing: { countersign: 'after' },
        awaiting: [
          { name: 'Frank', party: 'client' },
          { name: 'Olivia', party: 'owner' },
        ],
      }),
    ).toBe('Waiting for Frank, you (countersign)');
    expect(
      awaitingText(i18n, {
        ...sent,
        signing: { countersign: 'after' },
        awaiting: [{ name: 'Olivia', party: 'owner' }],
      }),
    ).toBe('Waiting for you (countersign)');
  });
});
