import type { TPricingTable, TSignatureBlock, TTimelineBlock } from '@draftwell/shared/document';
import { closeHistory } from '@tiptap/pm/history';
import { NodeSelection } from '@tiptap/pm/state';
import { NodeViewWrapper, ReactNodeViewRenderer, type NodeViewProps } from '@tiptap/react';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useFreshData } from './use-fresh-data';
import { cn } from '@/lib/cn';
import { PricingTableEditor } from '../blocks/pricing-table-editor';
import { SignatureEditor } from '../blocks/signature-editor';
import { TimelineEditor } from '../blocks/timeline-editor';
import { useEditorSettings } from '../editor-settings';
import type { TStructuredNodeName } from '../model/extensions';

export const BLOCK_LABELS: Record<TStructuredNodeName, string> = {
  pricingTable: 'Pricing table',
  timeline: 'Timeline',
  signature: 'Signature',
  pageBreak: 'Page break',
};

/** Moves the top-level node at `pos` one place up or down, keeping it selected. */
function moveBlock({ editor, getPos, node }: NodeViewProps, direction: -1 | 1): void {
  const pos = getPos();
  if (pos === undefined) return;
  const { state } = editor;
  const index = state.doc.resolve(pos).index(0);
  const sibling = state.doc.maybeChild(index + direction);
  if (!sibling) return;
  const target = direction === -1 ? pos - sibling.nodeSize : pos + sibling.nodeSize;
  const tr = closeHistory(state.tr.delete(pos, pos + node.nodeSize).insert(target, node));
  tr.setSelection(NodeSelection.create(tr.doc, target)).scrollIntoView();
  editor.view.dispatch(tr);
}

/** Deletes the block as its own undo step, and leaves the cursor where it was. */
function deleteBlock({ editor, getPos, node }: NodeViewProps): void {
  const pos = getPos();
  if (pos === undefined) return;
  editor.view.dispatch(closeHistory(editor.state.tr.delete(pos, pos + node.nodeSize)).scrollIntoView());
  editor.commands.focus();
}

function BlockBody(props: NodeViewProps) {
  const { node } = props;
  const { currency, defaultTaxRate, editable } = useEditorSettings();
  const [data, change] = useFreshData(props.node.attrs.data as unknown, props.updateAttributes);
  switch (node.type.name as TStructuredNodeName) {
    case 'pricingTable':
      return (
        <PricingTableEditor
          value={data as TPricingTable}
          onChange={change}
          currency={currency}
          defaultTaxRate={defaultTaxRate}
          editable={editable}
        />
      );
    case 'timeline':
      return <TimelineEditor value={data as TTimelineBlock} onChange={change} editable={editable} />;
    case 'signature':
      return <SignatureEditor value={data as TSignatureBlock} onChange={change} editable={editable} />;
    case 'pageBreak':
      return (
        <div className="page-break-line" role="separator" aria-label="Page break">
          <span>Page break</span>
        </div>
      );
  }
}

/**
 * One structured block inside the document: a small toolbar (drag, move, delete) above the block's
 * own editor. The body is not editable text; its inputs keep their key presses (see `stopEvent`).
 */
function StructuredNodeView(props: NodeViewProps) {
  const { node, selected } = props;
  const { editable } = useEditorSettings();
  const label = BLOCK_LABELS[node.type.name as TStructuredNodeName];
  return (
    <NodeViewWrapper
      className={cn('structured-block', selected && 'is-selected')}
      data-structured={node.type.name}
      contentEditable={false}
    >
      {editable ? (
        <div className="structured-block-bar" data-node-bar="">
          <span
            className="structured-block-handle"
            data-drag-handle=""
            draggable="true"
            title={`Drag to move the ${label.toLowerCase()}`}
            aria-hidden="true"
          >
            <GripVertical className="size-4" />
          </span>
          <span className="text-muted-foreground mr-auto text-xs font-medium tracking-wide uppercase">{label}</span>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            aria-label={`Move ${label.toLowerCase()} up`}
            title="Move up"
            onClick={() => moveBlock(props, -1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            aria-label={`Move ${label.toLowerCase()} down`}
            title="Move down"
            onClick={() => moveBlock(props, 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-destructive h-7 px-2"
            aria-label={`Delete ${label.toLowerCase()}`}
            title="Delete (undo with Ctrl+Z)"
            onClick={() => deleteBlock(props)}
          >
            <Trash2 aria-hidden="true" />
          </Button>
        </div>
      ) : null}
      <div className="structured-block-body" data-node-body="">
        <BlockBody {...props} />
      </div>
    </NodeViewWrapper>
  );
}

const INTERACTIVE = 'input, textarea, select, button, label, a, [tabindex], [role="checkbox"], [role="combobox"]';

/**
 * Events on a block's own controls stay there: typing a price must not reach ProseMirror. A click
 * on the rest of the block still reaches it and selects the block.
 */
function stopEvent({ event }: { event: Event }): boolean {
  const target = event.target;
  if (!(target instanceof Element)) return false;
  if (event.type.startsWith('drag') || event.type === 'drop') return false;
  return target.closest('[data-node-body], [data-node-bar]') !== null && target.closest(INTERACTIVE) !== null;
}

export const structuredNodeView = ReactNodeViewRenderer(StructuredNodeView, { stopEvent });
