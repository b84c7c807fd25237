import { fileIdOf } from '../document/display';
import type { TDocument, TRichTextNode } from '../document/schema';
import type { TVariableName } from '../document/variable-names';

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

/** The stored files the document's images show (their `/api/files/<id>` ids), each once. */
export function documentFileIds(document: TDocument): string[] {
  const found = new Set<string>();
  for (const node of richTextNodes(document)) {
    const id = node.type === 'image' ? fileIdOf(node.attrs?.src) : null;
    if (id) found.add(id);
  }
  return [...found];
}
