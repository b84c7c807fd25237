import type { TDocument, TPricingSelection, TPricingTotals } from '@draftwell/shared/document';
import type { TApiAcceptance, TApiSignature } from '@draftwell/shared/public-api/schemas';
import { acceptedLines, acceptedValue } from '@draftwell/shared/share/accepted';
import { sql } from 'drizzle-orm';
import type { TDb } from '../../db/client';

/**
 * What was accepted, as the public API and the `proposal.accepted` webhook tell it (issue 24):
 * every signature on the accepted revision, the client's choices and what they come to. Read in
 * one statement for any number of proposals (a page of the list), without the revision's text or
 * the signatures' images: only its pricing tables and each signature's method leave the database.
 */

type TRow = {
  proposal_id: string;
  id: string;
  accepted_at: string;
  revision_id: string;
  revision_number: number;
  revision_hash: string;
  currency: string;
  tables: TDocument['blocks'];
  selection: TPricingSelection;
  totals: TPricingTotals;
  /** The acceptance row's own signer: the evidence of acceptances older than one row per signature. */
  name: string;
  email: string;
  signatures: Array<TApiSignature & { party: 'client' | 'owner' }>;
};

const utc = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The acceptances of the owner's proposals among `proposalIds`, by proposal id (absent: not accepted). */
export async function readAcceptances(
  db: TDb,
  ownerId: string,
  proposalIds: readonly string[],
): Promise<Map<string, TApiAcceptance>> {
  const found = new Map<string, TApiAcceptance>();
  if (proposalIds.length === 0) return found;
  const result = (await db.execute(sql`
    select a.proposal_id, a.id, ${utc('a.accepted_at')} as accepted_at, r.id as revision_id,
      r.number as revision_number, r.hash as revision_hash, r.snapshot->>'currency' as currency,
      jsonb_path_query_array(r.snapshot->'document'->'blocks', '$[*] ? (@.type == "pricing_table")') as tables,
      a.selection, a.totals, a.name, a.email,
      coalesce((
        select jsonb_agg(jsonb_build_object(
          'name', s.name, 'email', s.email, 'role', s.role, 'party', s.party,
          'signedAt', ${utc('s.signed_at')}, 'method', s.mark->>'kind', 'emailProof', s.email_proof,
          'language', s.language
        ) order by s.signed_at, s.position)
        from signatures s where s.revision_id = r.id
      ), '[]'::jsonb) as signatures
    from acceptances a
    join proposal_revisions r on r.id = a.revision_id
    where a.owner_id = ${ownerId}
      and a.proposal_id in (${sql.join(
        proposalIds.map((id) => sql`${id}`),
        sql`, `,
      )})`)) as unknown as { rows: TRow[] };
  for (const row of result.rows) found.set(row.proposal_id, toAcceptance(row));
  return found;
}

function toAcceptance(row: TRow): TApiAcceptance {
  const signature = ({ party: _party, ...s }: TRow['signatures'][number]): TApiSignature => s;
  const clients = row.signatures.filter((s) => s.party === 'client').map(signature);
  const owner = row.signatures.find((s) => s.party === 'owner');
  return {
    id: row.id,
    acceptedAt: row.accepted_at,
    revision: { id: row.revision_id, number: row.revision_number, hash: row.revision_hash },
    // An acceptance from before one row per signature names its one signer on its own row.
    signers:
      row.signatures.length > 0
        ? clients
        : [
            {
              name: row.name,
              email: row.email,
              role: '',
              signedAt: row.accepted_at,
              method: null,
              emailProof: 'link',
              language: null,
            },
          ],
    countersignature: owner ? signature(owner) : null,
    selection: row.selection,
    lines: acceptedLines({ blocks: row.tables }, row.selection),
    totals: acceptedValue(row.totals, row.currency),
    breakdown: row.totals,
  };
}

/** One proposal's acceptance, or null when it is not accepted. */
export async function readAcceptance(db: TDb, ownerId: string, proposalId: string): Promise<TApiAcceptance | null> {
  return (await readAcceptances(db, ownerId, [proposalId])).get(proposalId) ?? null;
}
