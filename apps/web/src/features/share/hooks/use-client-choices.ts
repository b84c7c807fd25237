import type { TDocument, TPricingSelection } from '@draftwell/shared/document/schema';
import { useCallback, useEffect, useState } from 'react';
import { clearChoices, loadChoices, saveChoices } from '../utils/stored-choices';

/**
 * The client's unsent choices on an open proposal, kept on this device per revision
 * (utils/stored-choices.ts): restored on a reload, started afresh for a new revision, and
 * forgotten once the proposal is answered (or otherwise no longer open).
 */
export function useClientChoices({
  proposalId,
  revisionHash,
  document,
  open,
}: {
  proposalId: string;
  revisionHash: string;
  document: TDocument;
  open: boolean;
}): [TPricingSelection, (next: TPricingSelection) => void] {
  const read = () => ({ of: revisionHash, selection: open ? loadChoices(proposalId, revisionHash, document) : {} });
  const [state, setState] = useState(read);
  let current = state;
  if (state.of !== revisionHash) {
    current = read();
    setState(current);
  }

  useEffect(() => {
    clearChoices(proposalId, open ? revisionHash : undefined);
  }, [proposalId, revisionHash, open]);

  const choose = useCallback(
    (selection: TPricingSelection) => {
      setState({ of: revisionHash, selection });
      saveChoices(proposalId, revisionHash, selection);
    },
    [proposalId, revisionHash],
  );
  return [current.selection, choose];
}
