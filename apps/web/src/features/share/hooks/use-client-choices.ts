import type { TDocument, TPricingSelection } from '@draftwell/shared/document/schema';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { clearChoices, loadChoices, saveChoices } from '../utils/stored-choices';

const NO_CHOICES: TPricingSelection = {};
const noSubscription = () => () => undefined;

/**
 * The client's unsent choices on an open proposal, kept on this device per revision
 * (utils/stored-choices.ts): restored on a reload, started afresh for a new revision, and
 * forgotten once the proposal is answered (or otherwise no longer open). The server cannot read
 * them: a page it rendered shows the sender's defaults until hydrated, then these.
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
  // While hydrating (and on the server), the sender's defaults; then what is kept. Whether anything
  // is kept is what is compared, so a visit with nothing kept (most) does not draw the whole
  // proposal again once hydrated.
  const kept = Object.keys(current.selection).length > 0;
  const showKept = useSyncExternalStore(
    noSubscription,
    () => kept,
    () => false,
  );
  return [showKept ? current.selection : NO_CHOICES, choose];
}
