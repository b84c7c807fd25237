import type { TApiAcceptance } from '@draftwell/shared/public-api/schemas';
import type { TProposalSummary } from '@draftwell/shared/workspace/proposals';
import { readAcceptances } from '../revisions/acceptances';
import type { TDb } from '../../db/client';

/**
 * The public API's proposals carry what was accepted (issue 24): `acceptance`, and as `totals`
 * the accepted ones, so that a CRM syncing deals records what the client took, not what the draft
 * offered by default. Only accepted proposals are read for it, a page at a time.
 */
export async function withAcceptances<P extends TProposalSummary>(
  db: TDb,
  ownerId: string,
  items: P[],
): Promise<Array<P & { acceptance: TApiAcceptance | null }>> {
  const accepted = await readAcceptances(
    db,
    ownerId,
    items.filter((p) => p.status === 'accepted').map((p) => p.id),
  );
  return items.map((p) => {
    const acceptance = accepted.get(p.id) ?? null;
    return acceptance ? { ...p, totals: acceptance.breakdown, acceptance } : { ...p, acceptance };
  });
}

export async function withAcceptance<P extends TProposalSummary>(
  db: TDb,
  ownerId: string,
  proposal: P,
): Promise<P & { acceptance: TApiAcceptance | null }> {
  const [one] = await withAcceptances(db, ownerId, [proposal]);
  return one!;
}
