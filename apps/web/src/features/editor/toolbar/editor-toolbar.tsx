import { VARIABLE_LABELS, VARIABLES, type TVariableName } from '@draftwell/shared/document';
import type { TSectionRewriteInput } from '@draftwell/shared/drafting/ai';
import { DRAFT_TONES } from '@draftwell/shared/drafting/brief';
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
import { BLOCK_LABELS } from '../node-views/structured-node-view';

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

const REWRITE_CHOICES: TRewriteChoice[] = [
  { action: 'improve', label: 'Improve' },
  { action: 'shorten', label: 'Shorten' },
  { action: 'expand', label: 'Expand' },
];
const TONE_CHOICES: TRewriteChoice[] = DRAFT_TONES.map((tone) => ({
  action: 'tone',
  tone,
  label: `${tone.charAt(0).toUpperCase()}${tone.slice(1)} tone`,
}));
const LANGUAGES = ['English', 'French', 'German', 'Spanish', 'Italian', 'Portuguese', 'Dutch'];

const BLOCK_STYLES = [
  { value: 'paragraph', label: 'Paragraph' },
  { value: '1', label: 'Heading 1' },
  { value: '2', label: 'Heading 2' },
  { value: '3', label: 'Heading 3' },
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
      aria-label="Formatting"
      aria-orientation="horizontal"
      // Below the app's sticky header: 110 px with its second row on phones, 65 px from sm up.
      // On a phone one row that scrolls sideways (its menus open outside it), so the text keeps
      // the screen; from sm up it wraps.
      className="bg-card/95 supports-[backdrop-filter]:bg-card/85 sticky top-[110px] z-30 flex flex-nowrap items-center gap-0.5 overflow-x-auto overscroll-x-contain rounded-t-lg border-b px-1.5 py-1 backdrop-blur [scrollbar-width:thin] *:shrink-0 sm:top-[65px] sm:flex-wrap sm:overflow-x-visible"
    >
      <ToolbarButton label="Undo" shortcut={`${MOD}+Z`} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Redo"
        shortcut={`${MOD}+Shift+Z`}
        disabled={!state.canRedo}
        onClick={() => chain().redo().run()}
      >
        <Redo2 aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <Select
        aria-label="Block style"
        title={`Block style (${MOD}+${ALT}+1, 2, 3 for headings)`}
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
        {BLOCK_STYLES.map((style) => (
          <option key={style.value} value={style.value}>
            {style.label}
          </option>
        ))}
      </Select>
      <Divider />
      <ToolbarButton label="Bold" shortcut={`${MOD}+B`} pressed={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Italic"
        shortcut={`${MOD}+I`}
        pressed={state.italic}
        onClick={() => chain().toggleItalic().run()}
      >
        <Italic aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Underline"
        shortcut={`${MOD}+U`}
        pressed={state.underline}
        onClick={() => chain().toggleUnderline().run()}
      >
        <Underline aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Strikethrough"
        shortcut={`${MOD}+Shift+S`}
        pressed={state.strike}
        onClick={() => chain().toggleStrike().run()}
      >
        <Strikethrough aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Code" shortcut={`${MOD}+E`} pressed={state.code} onClick={() => chain().toggleCode().run()}>
        <Code aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton label="Link" shortcut={`${MOD}+K`} pressed={state.link} onClick={props.onLink}>
        <Link2 aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <ToolbarButton
        label="Bulleted list"
        shortcut={`${MOD}+Shift+8`}
        pressed={state.bulletList}
        onClick={() => chain().toggleBulletList().run()}
      >
        <List aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Numbered list"
        shortcut={`${MOD}+Shift+7`}
        pressed={state.orderedList}
        onClick={() => chain().toggleOrderedList().run()}
      >
        <ListOrdered aria-hidden="true" />
      </ToolbarButton>
      <ToolbarButton
        label="Quote"
        shortcut={`${MOD}+Shift+B`}
        pressed={state.blockquote}
        onClick={() => chain().toggleBlockquote().run()}
      >
        <Quote aria-hidden="true" />
      </ToolbarButton>
      <Divider />
      <ToolbarButton label="Image" onClick={props.onImage}>
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
            title="Insert a block (type / on an empty line)"
          >
            <Plus aria-hidden="true" /> Insert
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" onCloseAutoFocus={backToText(editor)}>
          <DropdownMenuLabel>Blocks</DropdownMenuLabel>
          {(Object.keys(BLOCK_LABELS) as TInsertableBlock[]).map((name) => (
            <DropdownMenuItem key={name} onSelect={() => props.onInsertBlock(name)}>
              {BLOCK_LABELS[name]}
            </DropdownMenuItem>
          ))}
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => props.onInsertBlock('table')}>Table</DropdownMenuItem>
          <DropdownMenuItem onSelect={() => props.onInsertBlock('image')}>Image</DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel>Library</DropdownMenuLabel>
          <DropdownMenuItem onSelect={() => props.onInsertBlock('section')}>Saved section…</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="size-8"
            aria-label="Sections"
            title="Saved sections: insert one, or save the selected blocks as one"
          >
            <BookMarked aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" onCloseAutoFocus={backToText(editor)}>
          <DropdownMenuItem onSelect={() => props.onInsertBlock('section')}>Insert a saved section…</DropdownMenuItem>
          <DropdownMenuItem onSelect={props.onSaveSection}>Save selection as a section…</DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="h-8 px-2"
            title="Insert a variable, filled in when sent"
          >
            <Braces aria-hidden="true" /> Variables
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="start" className="max-h-80 overflow-y-auto" onCloseAutoFocus={backToText(editor)}>
          {VARIABLES.map((name) => {
            const value = props.describeVariable(name);
            return (
              <DropdownMenuItem key={name} onSelect={() => props.onInsertVariable(name)}>
                <span className="flex min-w-0 flex-col">
                  <span>{VARIABLE_LABELS[name]}</span>
                  <span className="text-muted-foreground truncate text-xs">{value ?? 'Not set yet'}</span>
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
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="h-8 px-2"
          title="Rewrite the section holding the cursor with the AI model"
        >
          <Sparkles aria-hidden="true" /> AI
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="max-h-96 overflow-y-auto" onCloseAutoFocus={backToText(editor)}>
        <DropdownMenuLabel>This section</DropdownMenuLabel>
        {REWRITE_CHOICES.map((choice) => (
          <DropdownMenuItem key={choice.label} onSelect={() => onRewrite(choice)}>
            {choice.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Change the tone</DropdownMenuLabel>
        {TONE_CHOICES.map((choice) => (
          <DropdownMenuItem key={choice.label} onSelect={() => onRewrite(choice)}>
            {choice.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>Translate</DropdownMenuLabel>
        {LANGUAGES.map((language) => (
          <DropdownMenuItem
            key={language}
            onSelect={() => onRewrite({ action: 'translate', language, label: `Translate to ${language}` })}
          >
            Into {language}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

function TableMenu({ editor, inTable }: { editor: Editor; inTable: boolean }) {
  const chain = () => editor.chain().focus();
  const items: { label: string; run: () => void; needsTable: boolean; destructive?: boolean }[] = [
    {
      label: 'Insert table (3 × 3)',
      run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
      needsTable: false,
    },
    { label: 'Add row above', run: () => chain().addRowBefore().run(), needsTable: true },
    { label: 'Add row below', run: () => chain().addRowAfter().run(), needsTable: true },
    { label: 'Add column before', run: () => chain().addColumnBefore().run(), needsTable: true },
    { label: 'Add column after', run: () => chain().addColumnAfter().run(), needsTable: true },
    { label: 'Delete row', run: () => chain().deleteRow().run(), needsTable: true, destructive: true },
    { label: 'Delete column', run: () => chain().deleteColumn().run(), needsTable: true, destructive: true },
    { label: 'Delete table', run: () => chain().deleteTable().run(), needsTable: true, destructive: true },
  ];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={cn('size-8', inTable && 'bg-accent text-accent-foreground')}
          aria-label="Table"
          title="Table (Tab moves to the next cell)"
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
