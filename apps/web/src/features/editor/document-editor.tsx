import {
  DOCUMENT_LIMITS,
  resolveVariable,
  type TBlock,
  type TDocument,
  type TVariableName,
} from '@draftwell/shared/document';
import type { TSavedSection } from '@draftwell/shared/workspace/saved-sections';
import { UPLOAD_IMAGE_TYPES } from '@draftwell/shared/workspace/files';
import type { Editor, JSONContent } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorProps, EditorView } from '@tiptap/pm/view';
import { useLingui } from '@lingui/react';
import { EditorContent, useEditor } from '@tiptap/react';
import { useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@/config/paths';
import { appI18n } from '@/lib/app-language';
import { checkImageFile, uploadImage } from '@/lib/upload-file';
import {
  insertImage,
  insertSectionBlocks,
  insertStructuredBlock,
  insertVariable,
  type TInsertableBlock,
} from './editor-actions';
import { EditorSettingsContext, type TEditorSettings } from './editor-settings';
import { documentToEditor, editorToDocument } from './model/convert';
import { createEditorExtensions, isStructuredNodeName } from './model/extensions';
import { sectionBounds, type TTopLevelKind } from './model/section-range';
import { SaveSectionDialog } from './components/save-section-dialog';
import { SectionPickerDialog } from './components/section-picker-dialog';
import { SectionRewriteDialog, type TRewriteState } from './components/section-rewrite-dialog';
import { blocksOfSelection } from './model/section-blocks';
import { IMAGE_SRC_PATTERN } from './model/links';
import { structuredNodeView } from './node-views/structured-node-view';
import { EditorToolbar, type TRewriteChoice } from './toolbar/editor-toolbar';
import { ImageAltDialog } from './toolbar/image-alt-dialog';
import { LinkDialog } from './toolbar/link-dialog';
import type { TDocumentEditorProps } from './types';

const IMAGE_ACCEPT = UPLOAD_IMAGE_TYPES.join(',');
const dimension = (n: number) => (Number.isInteger(n) && n >= 1 && n <= 10_000 ? n : null);

type TPendingImage = { file: File; pos?: number };

function imageFiles(list: FileList | null | undefined): File[] {
  return Array.from(list ?? []).filter((file) => file.type.startsWith('image/'));
}

function isMod(event: KeyboardEvent): boolean {
  return event.metaKey || event.ctrlKey;
}

/** The paragraph holding the cursor is empty and stands at the top level (where "/" opens the menu). */
function onEmptyTopLevelLine(view: EditorView): boolean {
  const { $from, empty } = view.state.selection;
  return empty && $from.depth === 1 && $from.parent.type.name === 'paragraph' && $from.parent.content.size === 0;
}

/**
 * The proposal's document as one TipTap editor: rich text, and pricing tables, timelines,
 * signatures and page breaks as blocks inside it, so undo, selection and shortcuts span it all.
 * `onChange` gets a reader, not a document: converting happens only when the autosave reads it.
 */
export function DocumentEditor({
  initialDocument,
  context,
  currency,
  defaultTaxRate,
  editable = true,
  onChange,
  handleRef,
  ariaLabel,
  rewriteSection,
}: TDocumentEditorProps) {
  const { i18n } = useLingui();
  const onChangeRef = useRef(onChange);
  const previousRef = useRef<TDocument>(initialDocument);
  const cacheRef = useRef<{ doc: PMNode; value: TDocument } | null>(null);
  const editorRef = useRef<Editor | null>(null);
  const taxRateRef = useRef(defaultTaxRate);
  const slashRef = useRef(false);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [linkState, setLinkState] = useState<{ href: string | null } | null>(null);
  const [insertOpen, setInsertOpen] = useState(false);
  const [pendingImage, setPendingImage] = useState<TPendingImage | null>(null);
  const [initialContent] = useState(() => documentToEditor(initialDocument));
  const [rewrite, setRewrite] = useState<TRewriteState | null>(null);
  const [sectionToSave, setSectionToSave] = useState<TBlock[] | null>(null);
  const [pickingSection, setPickingSection] = useState(false);
  const navigate = useNavigate();
  const rewriteRun = useRef<{ controller: AbortController; section: TSection; choice: TRewriteChoice } | null>(null);

  useEffect(() => {
    onChangeRef.current = onChange;
    taxRateRef.current = defaultTaxRate;
  });

  const read = useCallback((): TDocument => {
    const editor = editorRef.current;
    if (!editor) return previousRef.current;
    const doc = editor.state.doc;
    if (cacheRef.current?.doc === doc) return cacheRef.current.value;
    const value = editorToDocument(doc.toJSON() as Parameters<typeof editorToDocument>[0], previousRef.current);
    previousRef.current = value;
    cacheRef.current = { doc, value };
    return value;
  }, []);

  const openLink = useCallback(() => {
    const editor = editorRef.current;
    if (!editor?.isEditable) return;
    const href = editor.getAttributes('link').href as unknown;
    setLinkState({ href: typeof href === 'string' ? href : null });
  }, []);

  const offerImage = useCallback((file: File, pos?: number) => {
    const problem = checkImageFile(file);
    if (problem) {
      const i18n = appI18n();
      toast.error(i18n._('This image cannot be added'), { description: problem });
      return;
    }
    setPendingImage({ file, pos });
  }, []);

  const [kit] = useState(() => {
    // Chips read the context through this closure; the effect below points it at the latest one.
    let describe = (name: TVariableName) => resolveVariable(name, context);
    return {
      setDescribe: (next: typeof describe) => {
        describe = next;
      },
      extensions: createEditorExtensions({
        describeVariable: (name) => describe(name),
        nodeViews: {
          pricingTable: structuredNodeView,
          timeline: structuredNodeView,
          signature: structuredNodeView,
          pageBreak: structuredNodeView,
        },
      }),
    };
  });

  // Stable on purpose: useEditor pushes changed options into the view on every render, and the
  // screen re-renders on each keystroke's autosave bookkeeping.
  const [editorProps] = useState<EditorProps>(() => ({
    attributes: {
      role: 'textbox',
      'aria-multiline': 'true',
      'aria-label': ariaLabel ?? i18n._('Document'),
      class: 'draft-prose',
      spellcheck: 'true',
    },
    handleKeyDown: (view, event) => {
      if (isMod(event) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        // After any pending selectionchange, so a selection made just before is the one linked.
        setTimeout(openLink, 0);
        return true;
      }
      if (event.key === '/' && !isMod(event) && !event.altKey && onEmptyTopLevelLine(view)) {
        // The "/" is typed as usual; picking a block from the menu replaces it.
        slashRef.current = true;
        setTimeout(() => setInsertOpen(true), 0);
      }
      return false;
    },
    handlePaste: (view, event) => {
      const data = event.clipboardData;
      // Word puts a picture of the copied text next to the text itself: paste the text then.
      if (!data || data.getData('text/plain').trim() !== '') return false;
      const files = imageFiles(data.files);
      if (files.length === 0 || !view.editable) return false;
      event.preventDefault();
      offerImage(files[0]!);
      return true;
    },
    handleDrop: (view, event, _slice, moved) => {
      if (moved || !view.editable) return false;
      const files = imageFiles(event.dataTransfer?.files);
      if (files.length === 0) return false;
      event.preventDefault();
      offerImage(files[0]!, view.posAtCoords({ left: event.clientX, top: event.clientY })?.pos);
      return true;
    },
  }));

  const editor = useEditor({
    extensions: kit.extensions,
    content: initialContent,
    editable,
    shouldRerenderOnTransaction: false,
    editorProps,
    onUpdate: ({ editor: current }) => {
      editorRef.current = current;
      onChangeRef.current(read);
    },
  });
  useEffect(() => {
    editorRef.current = editor;
  }, [editor]);

  // TipTap may replace its first instance right after mounting (one not mounted within a tick is
  // destroyed and made again), so a document set in between waits for the instance that stays.
  const pendingDocRef = useRef<TDocument | null>(null);
  useImperativeHandle(
    handleRef,
    () => ({
      getDocument: read,
      setDocument(doc: TDocument) {
        previousRef.current = doc;
        cacheRef.current = null;
        if (editor.isDestroyed) {
          pendingDocRef.current = doc;
          return;
        }
        pendingDocRef.current = null;
        editor.commands.setContent(documentToEditor(doc), { emitUpdate: false });
      },
      focus() {
        if (!editor.isDestroyed) editor.commands.focus();
      },
    }),
    [editor, read],
  );
  useEffect(() => {
    const apply = () => {
      const doc = pendingDocRef.current;
      if (!doc || editor.isDestroyed) return;
      pendingDocRef.current = null;
      editor.commands.setContent(documentToEditor(doc), { emitUpdate: false });
    };
    apply();
    editor.on('mount', apply);
    return () => {
      editor.off('mount', apply);
    };
  }, [editor]);

  useEffect(() => {
    if (editor.isEditable !== editable) editor.setEditable(editable, false);
  }, [editor, editable]);

  // The text is written in the proposal's language: the browser's spelling check and fonts follow it.
  const language = context.language;
  useEffect(() => {
    if (editor.isDestroyed) return;
    if (language) editor.view.dom.setAttribute('lang', language);
    else editor.view.dom.removeAttribute('lang');
  }, [editor, language]);

  // The screen passes a new context object on every render; only a new value should refresh the chips.
  const contextKey = JSON.stringify(context);
  const describeVariable = useMemo(() => {
    const current = JSON.parse(contextKey) as typeof context;
    return (name: TVariableName) => resolveVariable(name, current);
  }, [contextKey]);

  // Variable chips show their label; their tooltip shows the value they will have when sent.
  useEffect(() => {
    kit.setDescribe(describeVariable);
    if (editor.isDestroyed) return;
    editor.view.dom.querySelectorAll<HTMLElement>('.variable-chip[data-variable]').forEach((chip) => {
      const name = chip.dataset.variable as TVariableName;
      const value = describeVariable(name);
      const label = chip.textContent ?? name;
      chip.title = value ? `${label}: ${value}` : i18n._('{label}: not set yet', { label });
    });
  }, [editor, kit, describeVariable, i18n]);

  const settings = useMemo<TEditorSettings>(
    () => ({ currency, defaultTaxRate, editable }),
    [currency, defaultTaxRate, editable],
  );

  const onInsertBlock = (name: TInsertableBlock | 'table' | 'image' | 'section') => {
    if (slashRef.current) {
      // The menu was opened by typing "/" on an empty line: the "/" gives way to the block.
      slashRef.current = false;
      const { $from, empty } = editor.state.selection;
      if (empty && $from.parent.textContent === '/') {
        editor.commands.deleteRange({ from: $from.pos - 1, to: $from.pos });
      }
    }
    if (name === 'table') editor.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run();
    else if (name === 'image') fileInputRef.current?.click();
    // After the menu has closed: a dialog opened while it closes would have its focus taken back.
    else if (name === 'section') setTimeout(() => setPickingSection(true), 0);
    else insertStructuredBlock(editor, name, taxRateRef.current);
  };

  const saveSelectionAsSection = () => {
    const blocks = blocksOfSelection(editor.state.doc, editor.state.selection);
    if (blocks.length === 0) {
      toast(i18n._('Select what to save first'), {
        description: i18n._('Select the blocks to keep as a section, or put the cursor in the text of one.'),
      });
      return;
    }
    setTimeout(() => setSectionToSave(blocks), 0);
  };

  const insertSection = (section: TSavedSection) => {
    setPickingSection(false);
    const blocks = read().blocks.length + section.content.blocks.length;
    if (blocks > DOCUMENT_LIMITS.blocks) {
      toast.error(i18n._('This section does not fit'), {
        description: i18n._(
          'A proposal holds at most {max} blocks; with “{name}” this one would have {blocks}. Remove some blocks first.',
          { max: DOCUMENT_LIMITS.blocks, name: section.name, blocks },
        ),
      });
      return;
    }
    insertSectionBlocks(editor, section.content.blocks);
    toast.success(i18n._('Inserted “{name}”', { name: section.name }), {
      description: i18n._('Change it here as you like; your library keeps the original.'),
    });
  };

  const runRewrite = async (choice: TRewriteChoice, section: TSection) => {
    if (!rewriteSection) return;
    rewriteRun.current?.controller.abort();
    const controller = new AbortController();
    rewriteRun.current = { controller, section, choice };
    const { label, ...request } = choice;
    setRewrite({ status: 'loading', label, before: section.block });
    try {
      const after = await rewriteSection({ ...request, block: section.block }, controller.signal);
      if (!controller.signal.aborted) setRewrite({ status: 'ready', label, before: section.block, after });
    } catch (error) {
      if (controller.signal.aborted) return;
      const i18n = appI18n();
      const message = error instanceof Error ? error.message : i18n._('The section could not be rewritten. Try again.');
      setRewrite({ status: 'error', label, before: section.block, message });
    }
  };

  const startRewrite = (choice: TRewriteChoice) => {
    const section = sectionAtCursor(editor);
    if (!section) {
      toast(i18n._('Put the cursor in a text section first'), {
        description: i18n._('A rewrite works on a heading and the text under it, not on a pricing table or timeline.'),
      });
      return;
    }
    void runRewrite(choice, section);
  };

  const closeRewrite = () => {
    rewriteRun.current?.controller.abort();
    rewriteRun.current = null;
    setRewrite(null);
  };

  const acceptRewrite = () => {
    const run = rewriteRun.current;
    if (rewrite?.status !== 'ready' || !run) return;
    // The dialog is modal, but a restore or another tab's change could still have moved the text.
    if (!editor.state.doc.eq(run.section.doc)) {
      setRewrite({
        ...rewrite,
        status: 'error',
        message: i18n._('The document changed meanwhile. Try the rewrite again.'),
      });
      return;
    }
    const [first, ...rest] = documentToEditor({ version: 1, blocks: [rewrite.after] }).content ?? [];
    if (!first) return;
    const { blockId: _blockId, ...attrs } = first.attrs ?? {};
    // Only a section that began its own block keeps a block id; one inside a block stays inside it.
    const opening = { ...first, attrs: run.section.blockId ? { ...attrs, blockId: run.section.blockId } : attrs };
    editor
      .chain()
      .focus()
      .insertContentAt({ from: run.section.from, to: run.section.to }, [opening, ...rest])
      .run();
    closeRewrite();
  };

  const uploadPending = async (pending: TPendingImage, alt: string) => {
    const i18n = appI18n();
    const toastId = toast.loading(i18n._('Uploading the image…'), { description: pending.file.name });
    try {
      const uploaded = await uploadImage(pending.file);
      const src = IMAGE_SRC_PATTERN.test(uploaded.url) ? uploaded.url : `/api/files/${uploaded.id}`;
      insertImage(
        editor,
        { src, alt, width: dimension(uploaded.width), height: dimension(uploaded.height) },
        pending.pos,
      );
      toast.success(i18n._('Image added'), { id: toastId, description: pending.file.name });
    } catch (error) {
      toast.error(i18n._('Could not upload the image'), {
        id: toastId,
        description: error instanceof Error ? error.message : i18n._('Try again in a moment.'),
      });
    }
  };

  return (
    <EditorSettingsContext.Provider value={settings}>
      <div className="draft-editor bg-card rounded-lg border shadow-xs">
        {editable ? (
          <EditorToolbar
            editor={editor}
            insertMenuOpen={insertOpen}
            onInsertMenuOpenChange={(open) => {
              setInsertOpen(open);
              if (!open) setTimeout(() => (slashRef.current = false), 0);
            }}
            onLink={openLink}
            onImage={() => fileInputRef.current?.click()}
            onInsertBlock={onInsertBlock}
            onSaveSection={saveSelectionAsSection}
            onInsertVariable={(name) => insertVariable(editor, name)}
            describeVariable={describeVariable}
            {...(rewriteSection ? { onRewrite: startRewrite } : {})}
          />
        ) : null}
        <div className="px-4 py-6 sm:px-10 sm:py-10">
          <EditorContent editor={editor} className="mx-auto max-w-3xl" />
        </div>
      </div>
      <input
        ref={fileInputRef}
        type="file"
        accept={IMAGE_ACCEPT}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) offerImage(file);
        }}
      />
      <LinkDialog
        open={linkState !== null}
        currentHref={linkState?.href ?? null}
        onOpenChange={(open) => !open && setLinkState(null)}
        onSave={(href) => {
          setLinkState(null);
          const { empty } = editor.state.selection;
          if (empty && !editor.isActive('link')) {
            editor
              .chain()
              .focus()
              .insertContent({
                type: 'text',
                text: href.replace(/^mailto:/, ''),
                marks: [{ type: 'link', attrs: { href } }],
              })
              .run();
          } else {
            editor.chain().focus().extendMarkRange('link').setLink({ href }).run();
          }
        }}
        onRemove={() => {
          setLinkState(null);
          editor.chain().focus().extendMarkRange('link').unsetLink().run();
        }}
      />
      <ImageAltDialog
        file={pendingImage?.file ?? null}
        onCancel={() => setPendingImage(null)}
        onConfirm={(alt) => {
          const pending = pendingImage;
          setPendingImage(null);
          if (pending) void uploadPending(pending, alt);
        }}
      />
      <SectionPickerDialog
        open={pickingSection}
        onOpenChange={setPickingSection}
        onInsert={insertSection}
        onCloseAutoFocus={(event) => {
          // Back to the text: where the section went in, or where the cursor was.
          event.preventDefault();
          if (!editor.isDestroyed) editor.view.focus();
        }}
      />
      <SaveSectionDialog
        blocks={sectionToSave}
        onOpenChange={(open) => !open && setSectionToSave(null)}
        onSaved={(section) => {
          setSectionToSave(null);
          toast.success(i18n._('Saved to your library'), {
            description: i18n._('“{name}” is under {category}. Insert it from Sections in any proposal.', {
              name: section.name,
              category: section.category,
            }),
            action: { label: i18n._('Open library'), onClick: () => void navigate(paths.library) },
          });
        }}
      />
      <SectionRewriteDialog
        state={rewrite}
        context={context}
        onAccept={acceptRewrite}
        onReject={closeRewrite}
        onRetry={() => {
          const run = rewriteRun.current;
          if (run) void runRewrite(run.choice, run.section);
        }}
      />
    </EditorSettingsContext.Provider>
  );
}

type TSection = {
  from: number;
  to: number;
  block: TBlock;
  /** The block id the section's first node carries, when the section opens a rich-text block. */
  blockId: string | null;
  /** The document the positions belong to. */
  doc: PMNode;
};

/** The text section holding the cursor, as a rich-text block and its positions, or null. */
function sectionAtCursor(editor: Editor): TSection | null {
  const { doc, selection } = editor.state;
  const kinds: TTopLevelKind[] = [];
  const offsets: number[] = [];
  doc.forEach((node, offset) => {
    offsets.push(offset);
    kinds.push(isStructuredNodeName(node.type.name) ? 'block' : node.type.name === 'heading' ? 'heading' : 'text');
  });
  const bounds = sectionBounds(kinds, selection.$from.index(0));
  if (!bounds) return null;
  const nodes: JSONContent[] = [];
  for (let i = bounds.start; i < bounds.end; i += 1) nodes.push(doc.child(i).toJSON() as JSONContent);
  const block = editorToDocument({ type: 'doc', content: nodes }).blocks.find((b) => b.type === 'rich_text');
  if (!block) return null;
  const blockId = doc.child(bounds.start).attrs.blockId as unknown;
  return {
    from: offsets[bounds.start]!,
    to: bounds.end < offsets.length ? offsets[bounds.end]! : doc.content.size,
    block,
    blockId: typeof blockId === 'string' && blockId !== '' ? blockId : null,
    doc,
  };
}

export default DocumentEditor;
