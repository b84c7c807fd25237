import { variableLabel, VARIABLES, type TVariableName } from '@draftwell/shared/document';
import type { TSectionRewriteInput } from '@draftwell/shared/drafting/ai';
import { DRAFT_TONES, type TDraftTone } from '@draftwell/shared/drafting/brief';
import type { I18n } from '@draftwell/shared/i18n/i18n';
import { useLingui } from '@lingui/react';
import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import {
  Bold,
  BookMarked,
  Braces,
  Code,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  Plus,
  Quote,
  Redo2,
  Sparkles,
  Strikethrough,
  Table2,
  Underline,
  Undo2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import type { TInsertableBlock } from '../editor-actions';
import { blockLabels } from '../node-views/structured-node-view';

const MOD = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform) ? '⌘' : 'Ctrl';
const ALT = MOD === '⌘' ? '⌥' : 'Alt';

type TToolbarButtonProps = {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
};

function ToolbarButton({ label, shortcut, pressed, disabled, onClick, children }: TToolbarButtonProps) {
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('size-8', pressed && 'bg-accent text-accent-foreground')}
      aria-label={label}
      title={shortcut ? `${label} (${shortcut})` : label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the text selection: a toolbar click must not blur the editor first.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      {children}
    </Button>
  );
}

const Divider = () => <span className="bg-border mx-0.5 hidden h-5 w-px sm:block" aria-hidden="true" />;

type TEditorToolbarProps = {
  editor: Editor;
  insertMenuOpen: boolean;
  onInsertMenuOpenChange: (open: boolean) => void;
  onLink: () => void;
  onImage: () => void;
  /** From the Insert menu, which "/" on an empty line opens too. */
  onInsertBlock: (name: TInsertableBlock | 'table' | 'image' | 'section') => void;
  /** Sections → Save as section: the selected blocks into the library. */
  onSaveSection: () => void;
  onInsertVariable: (name: TVariableName) => void;
  describeVariable: (name: TVariableName) => string | null;
  /** Section actions by the AI model; the menu shows only when given. */
  onRewrite?: (request: TRewriteChoice) => void;
};

export type TRewriteChoice = Omit<TSectionRewriteInput, 'block'> & { label: string };

const rewriteChoices = (i18n: I18n): TRewriteChoice[] => [
  { action: 'improve', label: i18n._('Improve') },
  { action: 'shorten', label: i18n._('Shorten') },
  { action: 'expand', label: i18n._('Expand') },
];
const toneLabels = (i18n: I18n): Record<TDraftTone, string> => ({
  formal: i18n._('Formal tone'),
  friendly: i18n._('Friendly tone'),
  persuasive: i18n._('Persuasive tone'),
});
const toneChoices = (i18n: I18n): TRewriteChoice[] => {
  const labels = toneLabels(i18n);
  return DRAFT_TONES.map((tone) => ({ action: 'tone', tone, label: labels[tone] }));
};
/**
 * The languages a section can be translated into, keyed by the name the model is asked in
 * (English); the menu reads in the app's language.
 */
const translateChoices = (i18n: I18n): Record<string, { item: string; label: string }> => ({
  English: { item: i18n._('Into English'), label: i18n._('Translate to English') },
  French: { item: i18n._('Into French'), label: i18n._('Translate to French') },
  German: { item: i18n._('Into German'), label: i18n._('Translate to German') },
  Spanish: { item: i18n._('Into Spanish'), label: i18n._('Translate to Spanish') },
  Italian: { item: i18n._('Into Italian'), label: i18n._('Translate to Italian') },
  Portuguese: { item: i18n._('Into Portuguese'), label: i18n._('Translate to Portuguese') },
  Dutch: { item: i18n._('Into Dutch'), label: i18n._('Translate to Dutch') },
});

const blockStyles = (i18n: I18n) =>
  [
    { value: 'paragraph', label: i18n._('Paragraph') },
    { value: '1', label: i18n._('Heading 1') },
    { value: '2', label: i18n._('Heading 2') },
    { value: '3', label: i18n._('Heading 3') },
  ] as const;

/**
 * When a toolbar menu closes, focus goes back to the text, unless it is already somewhere the
 * user (or the chosen action) put it: a field of the block just inserted, a dialog. Radix calls
 * this after the menu's closing animation. The focus is given here and now: TipTap's focus
 * command waits for the next frame, and on a busy machine a field of the block just inserted was
 * focused in between, lost its focus to the text, and what was typed next went nowhere.
 */
const backToText = (editor: Editor) => (event: Event) => {
  event.preventDefault();
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected && !active.closest('[role="menu"]')) return;
  if (!editor.isDestroyed) editor.view.focus();
};

/** The editor's toolbar: sticky above the text; one row that scrolls on a phone, wrapping from sm up. */
export function EditorToolbar(props: TEditorToolbarProps) {
  const { editor } = props;
  const { i18n } = useLingui();
  const labels = blockLabels(i18n);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
      style: e.isActive('heading', { level: 1 })
        ? '1'
        : e.isActive('heading', { level: 2 })
          ? '2'
          : e.isActive('heading', { level: 3 })
            ? '3'
            : 'paragraph',
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      code: e.isActive('code'),
      link: e.isActive('link'),
      bulletList: e.isActive('bulletList'),
      orderedList: e.isActive('orderedList'),
      blockquote: e.isActive('blockquote'),
      inTable: e.isActive('table'),
    }),
  });
  const chain = () => editor.chain().focus();

  return (
    <div
      role="toolbar"
      aria-label={i18n._('Formatting')}
      aria-orientation="horizontal"
      // Below the app's sticky header: 110 px with its second row on phones, 65 px from sm up.
      // On a phone one row that scrolls sideways (its menus open outside it), so the text keeps
      // the screen; from sm up it wraps.
      className="bg-card/95 supports-[backdrop-filter]:bg-card/85 sticky top-[110px] z-30 flex flex-nowrap items-center gap-0.5 overflow-x-auto overscroll-x-contain rounded-t-lg border-b px-1.5 py-1 backdrop-blur [scrollbar-width:thin] *:shrink-0 sm:top-[65px] sm:flex-wrap sm:overflow-x-visible"
    >
      <ToolbarButton
        label={i18n._('Undo')}
        shortcut={`${MOD}+Z`}
        disabled={!state.canUndo}
        onClick={() => chain().undo().run()}
      >
        <Undo2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Redo')}
        shortcut={`${MOD}+Shift+Z`}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <Redo2 aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <Select
        aria-label={i18n._('Block style')}
        title={i18n._('Block style ({mod}+{alt}+1, 2, 3 for headings)', { mod: MOD, alt: ALT })}
        className="w-32 [&_select]:h-8 [&_select]:py-1"
        value={state.style}
        onChange={(e) => {
          const value = e.target.value;
          if (value === 'paragraph') chain().setParagraph().run();
          else
            chain()
              .setHeading({ level: Number(value) as 1 | 2 | 3 })
              .run();
        }}
      >
        {blockStyles(i18n).map((style) => (
          <option key={style.value} value={style.value}>
            {style.label}
          </option>
        ))}
      </Select>
      <Divider />
      <ToolbarButton
        label={i18n._('Bold')}
        shortcut={`${MOD}+B`}
        pressed={state.bold}
        onClick={() => chain().toggleBold().run()}
      >
        <Bold aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Italic')}
        shortcut={`${MOD}+I`}
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Underline')}
        shortcut={`${MOD}+U`}
        pressed={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <Underline aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Strikethrough')}
        shortcut={`${MOD}+Shift+S`}
        pressed={state.strike}
        onClick={() => chain().toggleStrike().run()}
      >
        <Strikethrough aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Code')}
        shortcut={`${MOD}+E`}
        pressed={state.code}
        onClick={() => chain().toggleCode().run()}
      >
        <Code aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label={i18n._('Link')} shortcut={`${MOD}+K`} pressed={state.link} onClick={props.onLink}>
        <Link2 aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <ToolbarButton
        label={i18n._('Bulleted list')}
        shortcut={`${MOD}+Shift+8`}
        pressed={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Numbered list')}
        shortcut={`${MOD}+Shift+7`}
        pressed={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label={i18n._('Quote')}
        shortcut={`${MOD}+Shift+B`}
        pressed={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <Quote aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <ToolbarButton label={i18n._('Image')} onClick={props.onImage}>
        <ImagePlus aria-hidden="true" />
      </ToolbarButton>
      <TableMenu editor={editor} inTable={state.inTable} />
      <Divider />
      <DropdownMenu open={props.insertMenuOpen} onOpenChange={props.onInsertMenuOpenChange}>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            title={i18n._('Insert a block (type / on an empty line)')}
          >
            <Plus aria-hidden="true" /> {i18n._('Insert')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" onCloseAutoFocus={backToText(editor)}>
          <DropdownMenuLabel>{i18n._('Blocks')}</DropdownMenuLabel>
          {(Object.keys(labels) as TInsertableBlock[]).map((name) => (
            <DropdownMenuItem key={name} onSelect={() => props.onInsertBlock(name)}>
              {labels[name]}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => props.onInsertBlock('table')}>{i18n._('Table')}</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => props.onInsertBlock('image')}>{i18n._('Image')}</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>{i18n._('Library')}</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => props.onInsertBlock('section')}>
            {i18n._('Saved section…')}
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label={i18n._('Sections')}
            title={i18n._('Saved sections: insert one, or save the selected blocks as one')}
          >
            <BookMarked aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" onCloseAutoFocus={backToText(editor)}>
          <DropdownMenuItem onSelect={() => props.onInsertBlock('section')}>
            {i18n._('Insert a saved section…')}
          </DropdownMenuItem>
          <DropdownMenuItem onSelect={props.onSaveSection}>{i18n._('Save selection as a section…')}</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            title={i18n._('Insert a variable, filled in when sent')}
          >
            <Braces aria-hidden="true" /> {i18n._('Variables')}
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto" onCloseAutoFocus={backToText(editor)}>
          {VARIABLES.map((name) => {
            const value = props.describeVariable(name);
            return (
              <DropdownMenuItem key={name} onSelect={() => props.onInsertVariable(name)}>
                <span className="flex min-w-0 flex-col">
                  <span>{variableLabel(i18n, name)}</span>
                  <span className="text-muted-foreground truncate text-xs">{value ?? i18n._('Not set yet')}</span>
                </span>
              </DropdownMenuItem>
            );
          })}
        </DropdownMenuContent>
      </DropdownMenu>
      {props.onRewrite ? <RewriteMenu editor={editor} onRewrite={props.onRewrite} /> : null}
    </div>
  );
}

/** Improve, shorten, expand, change the tone or translate the section holding the cursor. */
function RewriteMenu({ editor, onRewrite }: { editor: Editor; onRewrite: (choice: TRewriteChoice) => void }) {
  const { i18n } = useLingui();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          title={i18n._('Rewrite the section holding the cursor with the AI model')}
        >
          <Sparkles aria-hidden="true" /> {i18n._('AI')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto" onCloseAutoFocus={backToText(editor)}>
        <DropdownMenuLabel>{i18n._('This section')}</DropdownMenuLabel>
        {rewriteChoices(i18n).map((choice) => (
          <DropdownMenuItem key={choice.label} onSelect={() => onRewrite(choice)}>
            {choice.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{i18n._('Change the tone')}</DropdownMenuLabel>
        {toneChoices(i18n).map((choice) => (
          <DropdownMenuItem key={choice.label} onSelect={() => onRewrite(choice)}>
            {choice.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{i18n._('Translate')}</DropdownMenuLabel>
        {Object.entries(translateChoices(i18n)).map(([language, { item, label }]) => (
          <DropdownMenuItem key={language} onSelect={() => onRewrite({ action: 'translate', language, label })}>
            {item}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function TableMenu({ editor, inTable }: { editor: Editor; inTable: boolean }) {
  const { i18n } = useLingui();
  const chain = () => editor.chain().focus();
  const items: { label: string; run: () => void; needsTable: boolean; destructive?: boolean }[] = [
    {
      label: i18n._('Insert table (3 × 3)'),
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      needsTable: false,
    },
    { label: i18n._('Add row above'), run: () => chain().addRowBefore().run(), needsTable: true },
    { label: i18n._('Add row below'), run: () => chain().addRowAfter().run(), needsTable: true },
    { label: i18n._('Add column before'), run: () => chain().addColumnBefore().run(), needsTable: true },
    { label: i18n._('Add column after'), run: () => chain().addColumnAfter().run(), needsTable: true },
    { label: i18n._('Delete row'), run: () => chain().deleteRow().run(), needsTable: true, destructive: true },
    { label: i18n._('Delete column'), run: () => chain().deleteColumn().run(), needsTable: true, destructive: true },
    { label: i18n._('Delete table'), run: () => chain().deleteTable().run(), needsTable: true, destructive: true },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={cn('size-8', inTable && 'bg-accent text-accent-foreground')}
          aria-label={i18n._('Table')}
          title={i18n._('Table (Tab moves to the next cell)')}
        >
          <Table2 aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" onCloseAutoFocus={backToText(editor)}>
        {items.map((item, i) => (
          <DropdownMenuItem
            key={item.label}
            destructive={item.destructive}
            disabled={item.needsTable ? !inTable : inTable}
            onSelect={item.run}
            className={i === 1 || i === 5 ? 'mt-1 border-t pt-2' : undefined}
          >
            {item.label}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
