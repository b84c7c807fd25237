import { useLingui } from '@lingui/react';
import { TriangleAlert } from 'lucide-react';
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/lib/api-client';
import { proposalKeys } from '@/lib/api/query-keys';

type TPdfCheck = { unshown: { character: string; codePoint: string }[] };

/**
 * Before sending: the characters of the proposal no PDF font can draw (issue 25), named so none
 * is lost from the PDF without the owner knowing. It does not stop the send: the client's page
 * shows them, and the owner may choose to send as it is. Nothing while it loads; a short line if
 * the check itself fails, since sending does not depend on it.
 */
export function PdfCharactersNote({ proposalId, enabled }: { proposalId: string; enabled: boolean }) {
  const { i18n } = useLingui();
  const check = useQuery({
    queryKey: proposalKeys.pdfCheck(proposalId),
    queryFn: ({ signal }): Promise<TPdfCheck> =>
      unwrap(api.proposals[':id']['pdf-check'].$get({ param: { id: proposalId } }, { init: { signal } })),
    enabled,
    staleTime: 0,
  });
  if (check.isError) {
    return (
      <p className="text-muted-foreground text-xs">{i18n._('The PDF’s characters could not be checked just now.')}</p>
    );
  }
  const unshown = check.data?.unshown ?? [];
  if (unshown.length === 0) return null;
  return (
    <div
      role="note"
      aria-labelledby={`pdf-characters-${proposalId}`}
      className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3 text-sm"
    >
      <h3 id={`pdf-characters-${proposalId}`} className="flex items-center gap-2 font-semibold">
        <TriangleAlert aria-hidden="true" className="size-4 shrink-0 text-amber-700 dark:text-amber-400" />
        {i18n._('The PDF cannot show: {characters}', { characters: unshown.map((u) => u.character).join(' ') })}
      </h3>
      <p className="text-muted-foreground mt-1 break-words">
        {i18n._(
          '{count, plural, one {The client’s page shows it, but the PDF and its signed copy will show “�” in its place ({codePoints}). Change it in the editor to keep the PDF whole, or send as it is.} other {The client’s page shows them, but the PDF and its signed copy will show “�” in their place ({codePoints}). Change them in the editor to keep the PDF whole, or send as it is.}}',
          { count: unshown.length, codePoints: unshown.map((u) => u.codePoint).join(', ') },
        )}
      </p>
    </div>
  );
}
