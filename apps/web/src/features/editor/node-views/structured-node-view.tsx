import type { TPricingTable, TSignatureBlock, TTimelineBlock } from '@draftwell/shared/document';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
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

export const blockLabels = (i18n: I18n): Record<TStructuredNodeName, string> => ({
  pricingTable: i18n._('Pricing table'),
  timeline: i18n._('Timeline'),
  signature: i18n._('Signature'),
  pageBreak: i18n._('Page break'),
});

type TBarWords = { drag: string; up: string; down: string; remove: string };

/** The block bar's names for its buttons, one whole phrase per kind of block. */
const barWords = (i18n: I18n): Record<TStructuredNodeName, TBarWords> => ({
  pricingTable: {
    drag: i18n._('Drag to move the pricing table'),
    up: i18n._('Move pricing table up'),
    down: i18n._('Move pricing table down'),
    remove: i18n._('Delete pricing table'),
  },
  timeline: {
    drag: i18n._('Drag to move the timeline'),
    up: i18n._('Move timeline up'),
    down: i18n._('Move timeline down'),
    remove: i18n._('Delete timeline'),
  },
  signature: {
    drag: i18n._('Drag to move the signature'),
    up: i18n._('Move signature up'),
    down: i18n._('Move signature down'),
    remove: i18n._('Delete signature'),
  },
  pageBreak: {
    drag: i18n._('Drag to move the page break'),
    up: i18n._('Move page break up'),
    down: i18n._('Move page break down'),
    remove: i18n._('Delete page break'),
  },
});

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
  const { i18n } = useLingui();
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
        <div className="page-break-line" role="separator" aria-label={i18n._('Page break')}>
          <span>{i18n._('Page break')}</span>
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
  const { i18n } = useLingui();
  const name = node.type.name as TStructuredNodeName;
  const label = blockLabels(i18n)[name];
  const words = barWords(i18n)[name];
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
            title={words.drag}
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
            aria-label={words.up}
            title={i18n._('Move up')}
            onClick={() => moveBlock(props, -1)}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-7 px-2"
            aria-label={words.down}
            title={i18n._('Move down')}
            onClick={() => moveBlock(props, 1)}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="text-destructive h-7 px-2"
            aria-label={words.remove}
            title={i18n._('Delete (undo with Ctrl+Z)')}
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
