import type { TPricingTotals } from '../document/pricing';
import type { TDocument, TRichTextNode } from '../document/schema';
import type { TDocumentContext } from '../document/variables';
import type { TVariableName } from '../document/variable-names';
import type { TRevisionSnapshot } from './revision';

/** What a sent revision's variables are filled from; `totals` with the client's choices when given. */
export function snapshotContext(
  snapshot: TRevisionSnapshot,
  totals: TPricingTotals = snapshot.totals,
): TDocumentContext {
  return {
    proposal: {
      title: snapshot.title,
      number: snapshot.number,
      validUntil: snapshot.validUntil,
      currency: snapshot.currency,
      totals,
    },
    client: { name: snapshot.client.name, company: snapshot.client.company, email: snapshot.client.email },
    sender: { name: snapshot.sender.name, company: snapshot.sender.company },
  };
}

type TAnyNode = { type: string; attrs?: Record<string, unknown>; content?: unknown[] };

/** Every node of the document's rich text, depth first, in document order. */
function* richTextNodes(document: TDocument): Generator<TAnyNode> {
  const stack: unknown[] = [];
  for (const block of document.blocks) {
    if (block.type === 'rich_text') stack.push(...[...(block.content.content as TRichTextNode[])].reverse());
    while (stack.length > 0) {
      const node = stack.pop() as TAnyNode;
      yield node;
      if (Array.isArray(node.content)) stack.push(...[...node.content].reverse());
    }
  }
}

/** Every variable the document's text uses, each once, in order of first use. */
export function documentVariables(document: TDocument): TVariableName[] {
  const found = new Set<TVariableName>();
  for (const node of richTextNodes(document)) {
    if (node.type === 'variable' && typeof node.attrs?.name === 'string') found.add(node.attrs.name as TVariableName);
  }
  return [...found];
}

const FILE_SRC = /^\/api\/files\/([0-9a-f-]{36})$/i;

/** The stored files the document's images show (their `/api/files/<id>` ids), each once. */
export function documentFileIds(document: TDocument): string[] {
  const found = new Set<string>();
  for (const node of richTextNodes(document)) {
    const match = node.type === 'image' && typeof node.attrs?.src === 'string' ? FILE_SRC.exec(node.attrs.src) : null;
    if (match?.[1]) found.add(match[1].toLowerCase());
  }
  return [...found];
}
