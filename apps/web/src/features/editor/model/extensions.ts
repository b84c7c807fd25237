import { isVariableName, variableLabel, ZBlock, type TBlock, type TVariableName } from '@draftwell/shared/document';
import { Extension, Node, type AnyExtension, type NodeViewRenderer } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { StarterKit } from '@tiptap/starter-kit';
import { newId } from './ids';
import { imageSrcFrom, isAllowedHref } from './links';
import { cutText } from '@draftwell/shared/text';
import { appI18n } from '@/lib/app-language';

/** The structured blocks: top-level atoms, their block JSON in `data`. */
export const STRUCTURED_NODES = {
  pricingTable: 'pricing_table',
  timeline: 'timeline',
  signature: 'signature',
  pageBreak: 'page_break',
} as const;
export type TStructuredNodeName = keyof typeof STRUCTURED_NODES;
export type TStructuredBlockType = (typeof STRUCTURED_NODES)[TStructuredNodeName];
export const NODE_OF_BLOCK: Record<TStructuredBlockType, TStructuredNodeName> = {
  pricing_table: 'pricingTable',
  timeline: 'timeline',
  signature: 'signature',
  page_break: 'pageBreak',
};

export function isStructuredNodeName(name: string | undefined): name is TStructuredNodeName {
  return name !== undefined && Object.hasOwn(STRUCTURED_NODES, name);
}

/** The rich-text nodes that may stand at the top level; the first of each rich_text block carries its id. */
export const TOP_LEVEL_RICH_NODES = [
  'paragraph',
  'heading',
  'bulletList',
  'orderedList',
  'blockquote',
  'image',
  'table',
] as const;

/** Read when the empty editor is drawn, so it follows the app's language. */
const placeholderText = (): string => {
  const i18n = appI18n();
  return i18n._('Start writing, or insert a block with /');
};

/** A ProseMirror content expression. */
const DOC_CONTENT = '(block | structured)+';

/** The document: rich text and structured blocks; structured blocks only at the top level. */
const DraftDocument = Node.create({
  name: 'doc',
  topNode: true,
  content: DOC_CONTENT,
});

/**
 * Marks where a rich_text block starts so adjacent blocks keep their ids and boundaries. Never
 * rendered nor parsed from HTML, so a paste cannot bring one in, and not kept on a split.
 */
const BlockBoundary = Extension.create({
  name: 'blockBoundary',
  addGlobalAttributes() {
    return [
      {
        types: [...TOP_LEVEL_RICH_NODES],
        attributes: {
          blockId: { default: null, keepOnSplit: false, rendered: false, parseHTML: () => null },
        },
      },
    ];
  },
});

function parseBlockJson(element: HTMLElement, type: TStructuredBlockType): TBlock | null {
  try {
    const parsed = ZBlock.safeParse(JSON.parse(element.getAttribute('data-json') ?? 'null'));
    return parsed.success && parsed.data.type === type ? parsed.data : null;
  } catch {
    return null;
  }
}

type TStructuredOptions = { nodeView: NodeViewRenderer | null };

function structuredNode(name: TStructuredNodeName) {
  const type = STRUCTURED_NODES[name];
  return Node.create<TStructuredOptions>({
    name,
    group: 'structured',
    atom: true,
    selectable: true,
    draggable: true,
    isolating: true,
    addOptions: () => ({ nodeView: null }),
    addAttributes: () => ({
      id: { default: null, rendered: false },
      data: { default: null, rendered: false },
    }),
    parseHTML: () => [
      {
        tag: `div[data-block="${type}"]`,
        getAttrs: (element) => {
          // Ids are made fresh: a pasted copy must not share ids with the block it came from.
          const id = newId();
          if (type === 'page_break') return { id };
          const data = parseBlockJson(element, type);
          return data ? { id, data: { ...data, id } } : false;
        },
      },
    ],
    renderHTML: ({ node }) => [
      'div',
      {
        'data-block': type,
        'data-id': String(node.attrs.id),
        ...(node.attrs.data ? { 'data-json': JSON.stringify(node.attrs.data) } : {}),
      },
    ],
    renderText: () => '\n',
    addNodeView() {
      return this.options.nodeView;
    },
  });
}

export type TVariableOptions = {
  /** The value a variable will have when sent, for the chip's tooltip; null when not set yet. */
  describe: (name: TVariableName) => string | null;
};

export const VariableNode = Node.create<TVariableOptions>({
  name: 'variable',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions: () => ({ describe: () => null }),
  addAttributes: () => ({
    name: {
      default: null,
      rendered: false,
      parseHTML: (element) => element.getAttribute('data-variable'),
    },
  }),
  parseHTML: () => [
    {
      tag: 'span[data-variable]',
      getAttrs: (element) => (isVariableName(element.getAttribute('data-variable') ?? '') ? null : false),
    },
  ],
  renderHTML: ({ node }) => [
    'span',
    { 'data-variable': String(node.attrs.name), class: 'variable-chip' },
    `{{${String(node.attrs.name)}}}`,
  ],
  renderText: ({ node }) => `{{${String(node.attrs.name)}}}`,
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('span');
      const name = node.attrs.name as TVariableName;
      dom.className = 'variable-chip';
      dom.dataset.variable = name;
      const i18n = appI18n();
      const label = isVariableName(name) ? variableLabel(i18n, name) : name;
      dom.textContent = label;
      const value = this.options.describe(name);
      dom.title = value ? i18n._('{label}: {value}', { label, value }) : i18n._('{label}: not set yet', { label });
      return { dom };
    };
  },
});

/** Uploaded images only (`/api/files/<id>`), always with alt text; pasted foreign images are dropped. */
const DraftImage = Image.extend({
  addAttributes() {
    const int = (value: string | null) => {
      const n = value ? Number.parseInt(value, 10) : Number.NaN;
      return Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : null;
    };
    return {
      src: { default: null, parseHTML: (el) => imageSrcFrom(el.getAttribute('src'), window.location.origin) },
      alt: { default: '', parseHTML: (el) => cutText(el.getAttribute('alt') ?? '', 500) },
      title: { default: null, parseHTML: (el) => cutText(el.getAttribute('title') ?? '', 200) || null },
      width: { default: null, parseHTML: (el) => int(el.getAttribute('width')) },
      height: { default: null, parseHTML: (el) => int(el.getAttribute('height')) },
    };
  },
  parseHTML() {
    return [
      {
        tag: 'img[src]',
        getAttrs: (el) => (imageSrcFrom(el.getAttribute('src'), window.location.origin) ? null : false),
      },
    ];
  },
}).configure({ inline: false, allowBase64: false });

/**
 * Copies and pastes can leave two structured blocks with one id, or two pricing lines with one
 * id across tables; the schema refuses both, so the later one gets fresh ids.
 */
const UniqueBlockIds = Extension.create({
  name: 'uniqueBlockIds',
  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey('uniqueBlockIds'),
        appendTransaction(transactions, _old, state) {
          if (!transactions.some((tr) => tr.docChanged)) return null;
          const blockIds = new Set<string>();
          const lineIds = new Set<string>();
          let tr = null;
          let pos = 0;
          for (const node of state.doc.children) {
            if (isStructuredNodeName(node.type.name)) {
              let { id, data } = node.attrs as { id: unknown; data: TBlock | null };
              let changed = false;
              if (typeof id !== 'string' || id === '' || blockIds.has(id)) {
                id = newId();
                changed = true;
              }
              blockIds.add(id as string);
              if (data?.type === 'pricing_table') {
                const clash = data.lines.some((line) => lineIds.has(line.id));
                if (clash) {
                  data = { ...data, lines: data.lines.map((line) => ({ ...line, id: newId() })) };
                  changed = true;
                }
                data.lines.forEach((line) => lineIds.add(line.id));
              }
              if (changed) {
                tr ??= state.tr;
                tr.setNodeMarkup(pos, undefined, { ...node.attrs, id, data: data ? { ...data, id } : data });
              }
            }
            pos += node.nodeSize;
          }
          return tr?.setMeta('addToHistory', false) ?? null;
        },
      }),
    ];
  },
});

export type TEditorExtensionOptions = {
  nodeViews?: Partial<Record<TStructuredNodeName, NodeViewRenderer>>;
  describeVariable?: TVariableOptions['describe'];
  placeholder?: string;
};

/** Every extension of the editor, configured to write only what the document schema allows. */
export function createEditorExtensions(options: TEditorExtensionOptions = {}): AnyExtension[] {
  return [
    DraftDocument,
    StarterKit.configure({
      document: false,
      codeBlock: false,
      horizontalRule: false,
      heading: { levels: [1, 2, 3] },
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: ['mailto'],
        isAllowedUri: (url) => isAllowedHref(url),
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer nofollow', class: null },
      },
    }),
    DraftImage,
    TableKit.configure({ table: { resizable: false } }),
    Placeholder.configure({ placeholder: options.placeholder ?? placeholderText }),
    BlockBoundary,
    VariableNode.configure({ describe: options.describeVariable ?? (() => null) }),
    UniqueBlockIds,
    ...(Object.keys(STRUCTURED_NODES) as TStructuredNodeName[]).map((name) =>
      structuredNode(name).configure({ nodeView: options.nodeViews?.[name] ?? null }),
    ),
  ];
}
