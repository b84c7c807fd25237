/** @jsxRuntime automatic */
/** @jsxImportSource react */
import { Image, Link, StyleSheet, Text, View, type Styles } from '@react-pdf/renderer';
import { fileIdOf, isSafeHref } from '@draftwell/shared/document/display';
import { tidyInlines } from '@draftwell/shared/document/inline-text';
import type { TBlock, TInlineNode, TMark, TRichTextBlock, TRichTextNode } from '@draftwell/shared/document/schema';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import {
  isVariableName,
  resolveVariable,
  variableLabel,
  type TDocumentContext,
} from '@draftwell/shared/document/variables';
import type { ReactNode } from 'react';

type Style = Styles[string];
import { orderedMarker } from '../pdf-format';
import { keepAhead, nextBlockStart } from '../pdf-keep';
import { bytes, imageFor, list, type TPdfModel } from './model';
import { CONTENT_WIDTH, MUTED, RULE, TINT, base, keep, mirror, proseDir, rowDir, textDir, type } from './styles';

/** Nesting the schema allows is 20; past this a tree did not come through it. */
const MAX_DEPTH = 40;
/** CSS pixels (what the editor records) to PDF points. */
const PX_TO_PT = 0.75;
const MAX_IMAGE_HEIGHT = 520;

const s = StyleSheet.create({
  p: { marginBottom: 7 },
  h1: { ...type(17, 1.25), fontWeight: 'bold', marginTop: 10, marginBottom: 8 },
  h2: { ...type(13.5, 1.3), fontWeight: 'bold', marginTop: 8, marginBottom: 6 },
  h3: { ...type(10.5, 1.3), fontWeight: 'bold', marginTop: 6, marginBottom: 4, textTransform: 'uppercase' },
  list: { marginBottom: 7 },
  listItem: { flexDirection: 'row' },
  marker: { width: 20, textAlign: 'right', paddingRight: 6 },
  listBody: { flex: 1 },
  quote: { borderLeftWidth: 3, paddingLeft: 12, marginBottom: 8, color: MUTED, fontStyle: 'italic' },
  imageMissing: {
    marginBottom: 8,
    padding: 8,
    borderWidth: 0.75,
    borderColor: RULE,
    borderStyle: 'dashed',
    color: MUTED,
    fontStyle: 'italic',
  },
  image: { marginBottom: 10, objectFit: 'contain' },
  table: { marginBottom: 10, borderTopWidth: 0.75, borderLeftWidth: 0.75, borderColor: RULE },
  tableRow: { flexDirection: 'row' },
  tableCell: {
    borderRightWidth: 0.75,
    borderBottomWidth: 0.75,
    borderColor: RULE,
    paddingVertical: 4,
    paddingHorizontal: 6,
  },
  tableHeader: { backgroundColor: TINT, fontWeight: 'bold' },
});

function span(value: unknown): number {
  return typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 100 ? value : 1;
}

function markStyle(marks: readonly TMark[] | undefined, model: TPdfModel) {
  const style: Styles[string] = {};
  const decorations: ('underline' | 'line-through')[] = [];
  for (const mark of marks ?? []) {
    if (mark.type === 'bold') style.fontWeight = 'bold';
    else if (mark.type === 'italic') style.fontStyle = 'italic';
    else if (mark.type === 'underline') decorations.push('underline');
    else if (mark.type === 'strike') decorations.push('line-through');
    else if (mark.type === 'code') {
      style.fontFamily = model.fonts.mono;
      style.backgroundColor = TINT;
      style.fontSize = 9.5;
    } else if (mark.type === 'link' && isSafeHref(mark.attrs.href)) {
      style.color = model.accent;
      if (!decorations.includes('underline')) decorations.push('underline');
    }
  }
  if (decorations.length === 2) style.textDecoration = 'underline line-through';
  else if (decorations[0]) style.textDecoration = decorations[0];
  return style;
}

function linkOf(node: TInlineNode): string | null {
  const link = node.marks?.find((mark) => mark.type === 'link');
  return link && isSafeHref(link.attrs.href) ? link.attrs.href : null;
}

function inlineText(node: TInlineNode, context: TDocumentContext, i18n: I18n): string {
  switch (node.type) {
    case 'text':
      return node.text;
    case 'hardBreak':
      return '\n';
    case 'variable': {
      const name: unknown = node.attrs?.name;
      if (typeof name !== 'string' || !isVariableName(name)) return '';
      return resolveVariable(name, context) ?? `[${variableLabel(i18n, name)}]`;
    }
    default:
      return '';
  }
}

/**
 * A paragraph's pieces. A link is shown with its address after it, once per run of pieces that
 * carry the same link (a link partly in bold is still one link), unless its text is the address.
 */
function Inlines({ nodes, model, dir }: { nodes: readonly TInlineNode[] | undefined; model: TPdfModel; dir: Style }) {
  const out: ReactNode[] = [];
  const inlines = tidyInlines(list(nodes));
  let runText = '';
  inlines.forEach((node, i) => {
    const text = model.clean(inlineText(node, model.context, model.i18n));
    const href = linkOf(node);
    // A paragraph's direction is its first piece's (react-pdf), and a Text does not inherit it.
    const style = [markStyle(node.marks, model), dir];
    out.push(
      href ? (
        <Link key={i} src={href} style={style}>
          {text}
        </Link>
      ) : (
        <Text key={i} style={style}>
          {text}
        </Text>
      ),
    );
    if (!href) return;
    runText += text;
    const next = inlines[i + 1];
    if (next && linkOf(next) === href) return;
    const shown = href.replace(/^mailto:/i, '');
    if (runText.trim() !== href && runText.trim() !== shown) {
      out.push(
        <Text key={`${i}-href`} style={[{ color: MUTED }, dir]}>
          {model.clean(` (${shown})`)}
        </Text>,
      );
    }
    runText = '';
  });
  return <>{out}</>;
}

function imageSize(attrs: { width?: number | null; height?: number | null }, maxWidth: number) {
  const width = attrs.width ? attrs.width * PX_TO_PT : null;
  const height = attrs.height ? attrs.height * PX_TO_PT : null;
  if (width && height) {
    const scale = Math.min(1, maxWidth / width, MAX_IMAGE_HEIGHT / height);
    return { width: width * scale, height: height * scale };
  }
  if (width) return { width: Math.min(width, maxWidth) };
  return { maxWidth, maxHeight: MAX_IMAGE_HEIGHT };
}

function RichNode({
  node,
  model,
  depth,
  width,
  ahead,
}: {
  node: TRichTextNode;
  model: TPdfModel;
  depth: number;
  width: number;
  /** Points of what follows that must share the page with this node (a heading's). */
  ahead: number;
}) {
  if (depth > MAX_DEPTH) return null;
  const children = (nodes: readonly TRichTextNode[], inner = width) => (
    <RichNodes nodes={nodes} model={model} depth={depth + 1} width={inner} />
  );
  switch (node.type) {
    case 'paragraph': {
      // In the proposal's direction whatever its first word, as on the client's page.
      const dir = proseDir(model);
      return (
        <Text style={[s.p, dir]}>
          {list(node.content).length ? <Inlines nodes={node.content} model={model} dir={dir} /> : ' '}
        </Text>
      );
    }
    case 'heading': {
      const level = node.attrs?.level;
      const style = level === 1 ? s.h1 : level === 2 ? s.h2 : [s.h3, { color: model.accent }];
      const dir = proseDir(model);
      // Keeps a heading on the page of what follows it.
      return (
        <Text style={[style, dir].flat()} minPresenceAhead={keep(ahead)}>
          <Inlines nodes={node.content} model={model} dir={dir} />
        </Text>
      );
    }
    case 'bulletList':
    case 'orderedList': {
      const start = node.type === 'orderedList' ? (node.attrs?.start ?? 1) : 1;
      const type = node.type === 'orderedList' ? node.attrs?.type : null;
      return (
        <View style={s.list}>
          {list(node.content).map((item, i) => (
            <View key={i} style={[s.listItem, rowDir(model)]}>
              <Text style={[mirror(model, s.marker), { color: model.accent }]}>
                {node.type === 'bulletList' ? '•' : orderedMarker(start + i, type)}
              </Text>
              <View style={s.listBody}>{children(list(item?.content), width - 20)}</View>
            </View>
          ))}
        </View>
      );
    }
    case 'blockquote':
      return (
        <View
          style={[
            mirror(model, s.quote),
            model.rtl ? { borderRightColor: model.brand } : { borderLeftColor: model.brand },
          ]}
        >
          {children(list(node.content), width - 15)}
        </View>
      );
    case 'image': {
      const attrs = node.attrs ?? { src: '', alt: '' };
      const id = fileIdOf(attrs.src);
      const image = imageFor(model, id);
      if (!image) {
        const alt = typeof attrs.alt === 'string' ? attrs.alt.trim() : '';
        const missing = alt ? model.i18n._('[Image: {alt}]', { alt }) : model.i18n._('[Image]');
        return <Text style={[s.imageMissing, textDir(model, missing)]}>{model.clean(missing)}</Text>;
      }
      return <Image style={[s.image, imageSize(attrs, width)]} src={bytes(image)} cache={false} />;
    }
    case 'table': {
      const columns = Math.max(
        1,
        ...list(node.content).map((row) => list(row?.content).reduce((n, cell) => n + span(cell?.attrs?.colspan), 0)),
      );
      const rows = list(node.content).map((row, r) => (
        <View key={r} style={[s.tableRow, rowDir(model)]} wrap={false}>
          {list(row?.content).map((cell, c) => {
            const cellSpan = Math.min(span(cell?.attrs?.colspan), columns);
            return (
              <View
                key={c}
                style={[
                  mirror(model, s.tableCell),
                  { flex: cellSpan },
                  cell?.type === 'tableHeader' ? s.tableHeader : {},
                ]}
              >
                {children(list(cell?.content), (width * cellSpan) / columns - 12)}
              </View>
            );
          })}
        </View>
      ));
      // The first two rows (a header and a row under it) never part.
      return (
        <View style={mirror(model, s.table)}>
          <View wrap={false}>{rows.slice(0, 2)}</View>
          {rows.slice(2)}
        </View>
      );
    }
    default:
      return null;
  }
}

function RichNodes({
  nodes,
  model,
  depth,
  width,
  after = 0,
}: {
  nodes: readonly TRichTextNode[];
  model: TPdfModel;
  depth: number;
  width: number;
  /** Points the start of what comes after these nodes needs (see pdf-keep.ts). */
  after?: number;
}) {
  return (
    <>
      {nodes.map((node, i) => (
        <RichNode
          key={i}
          node={node}
          model={model}
          depth={depth}
          width={width}
          ahead={node.type === 'heading' ? keepAhead(nodes, i + 1, after) : 0}
        />
      ))}
    </>
  );
}

/** A rich text block; `next` is the block after it, which headings that end this one keep with. */
export function RichTextPdf({
  block,
  model,
  next,
}: {
  block: TRichTextBlock;
  model: TPdfModel;
  next: TBlock | undefined;
}) {
  const nodes = list(block.content?.content);
  let body = nodes.length;
  while (body > 0 && nodes[body - 1]?.type === 'heading') body -= 1;
  if (body === nodes.length) {
    return (
      <View style={base.block}>
        <RichNodes nodes={nodes} model={model} depth={1} width={CONTENT_WIDTH} />
      </View>
    );
  }
  // Headings that end a block are laid out on their own: react-pdf weighs a child's
  // minPresenceAhead only when its parent overflows the page, so inside a block that fits they
  // could stay at the bottom of the page, away from the next block they lead into.
  return (
    <>
      {body > 0 ? (
        <View style={[base.block, { marginBottom: 0 }]}>
          <RichNodes nodes={nodes.slice(0, body)} model={model} depth={1} width={CONTENT_WIDTH} />
        </View>
      ) : null}
      <View style={base.block} minPresenceAhead={keep(nextBlockStart(next))}>
        <RichNodes
          nodes={nodes.slice(body)}
          model={model}
          depth={1}
          width={CONTENT_WIDTH}
          after={nextBlockStart(next)}
        />
      </View>
    </>
  );
}
