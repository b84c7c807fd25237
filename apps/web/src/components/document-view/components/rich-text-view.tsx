import { textDirection } from '@draftwell/shared/i18n/languages';
import type { TInlineNode, TMark, TRichTextDoc, TVariableName } from '@draftwell/shared/document/schema';
import { tidyInlines } from '@draftwell/shared/document/inline-text';
import {
  isVariableName,
  resolveVariable,
  variableLabel,
  type TDocumentContext,
} from '@draftwell/shared/document/variables';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { fileIdOf, isSafeHref } from '@draftwell/shared/document/display';

/**
 * Turns the allowlisted TipTap JSON into React elements. Only known node and mark types are
 * rendered, unknown ones are skipped, and no HTML string is ever injected: React escapes text.
 */

/** The class the editor's preview looks for to flag variables that will not be filled in. */
export const UNRESOLVED_VARIABLE_CLASS = 'document-variable-unresolved';

/** Deeper than the schema allows (20): a tree past this did not come through the schema. */
const MAX_DEPTH = 40;

type TNode = { type?: unknown; attrs?: Record<string, unknown>; content?: unknown; text?: unknown; marks?: unknown };

function children(node: TNode): TNode[] {
  return Array.isArray(node.content) ? (node.content as TNode[]) : [];
}

function wrapMark(mark: TMark, inner: ReactNode, key: number): ReactNode {
  switch (mark.type) {
    case 'bold':
      return <strong key={key}>{inner}</strong>;
    case 'italic':
      return <em key={key}>{inner}</em>;
    case 'underline':
      return (
        <u key={key} className="underline-offset-2">
          {inner}
        </u>
      );
    case 'strike':
      return <s key={key}>{inner}</s>;
    case 'code':
      return (
        <code key={key} className="bg-muted rounded px-1 py-0.5 font-mono text-[0.9em]">
          {inner}
        </code>
      );
    case 'link':
      // Anything but http(s) and mailto is shown as plain text.
      return isSafeHref(mark.attrs?.href) ? (
        <a
          key={key}
          href={mark.attrs.href}
          target="_blank"
          rel="noopener noreferrer nofollow"
          title={mark.attrs.title ?? undefined}
          className="text-(--dv-accent) underline decoration-1 underline-offset-2 hover:decoration-2"
        >
          {inner}
        </a>
      ) : (
        inner
      );
    default:
      return inner;
  }
}

function applyMarks(marks: unknown, inner: ReactNode): ReactNode {
  if (!Array.isArray(marks)) return inner;
  // The first mark is the outermost element, as ProseMirror serialises them.
  return (marks as TMark[]).reduceRight<ReactNode>((acc, mark, i) => wrapMark(mark, acc, i), inner);
}

/** A variable's value, else its name in brackets, marked as not filled in yet. */
function VariableView({ name, context }: { name: TVariableName; context: TDocumentContext }): ReactNode {
  const { i18n } = useLingui();
  if (!isVariableName(name)) return null;
  const label = variableLabel(i18n, name);
  const value = resolveVariable(name, context);
  if (value !== null) return <span data-variable={name}>{value}</span>;
  return (
    <span
      data-variable={name}
      className={`${UNRESOLVED_VARIABLE_CLASS} rounded-sm bg-amber-100 px-1 text-amber-900 ring-1 ring-amber-300 dark:bg-amber-400/15 dark:text-amber-200 dark:ring-amber-400/40 print:bg-transparent print:ring-0`}
    >
      [{label}]
    </span>
  );
}

function renderInline(node: TNode, key: number, context: TDocumentContext): ReactNode {
  const inline = node as TInlineNode;
  switch (inline.type) {
    case 'text':
      return typeof inline.text === 'string' ? <span key={key}>{applyMarks(inline.marks, inline.text)}</span> : null;
    case 'hardBreak':
      return <br key={key} />;
    case 'variable':
      return (
        <span key={key}>{applyMarks(inline.marks, <VariableView name={inline.attrs?.name} context={context} />)}</span>
      );
    default:
      return null;
  }
}

function inlineContent(node: TNode, context: TDocumentContext): ReactNode[] {
  return tidyInlines(children(node)).map((child, i) => renderInline(child, i, context));
}

const HEADING_CLASSES = {
  1: 'mt-10 mb-4 text-[1.625rem] leading-tight font-semibold tracking-tight first:mt-0',
  2: 'mt-8 mb-3 text-xl leading-snug font-semibold tracking-tight first:mt-0',
  3: 'mt-6 mb-2 text-base leading-snug font-semibold uppercase tracking-wide text-(--dv-accent) first:mt-0',
} as const;

function cellAttrs(attrs: Record<string, unknown> | undefined) {
  const span = (value: unknown) =>
    typeof value === 'number' && Number.isInteger(value) && value > 1 && value <= 100 ? value : undefined;
  return { colSpan: span(attrs?.colspan), rowSpan: span(attrs?.rowspan) };
}

/** What every block of one document renders with. */
type TRenderEnv = { context: TDocumentContext; imageSrc: (src: string) => string };

function renderBlock(node: TNode, key: number, env: TRenderEnv, depth: number): ReactNode {
  if (depth > MAX_DEPTH) return null;
  const { context } = env;
  const blocks = () => children(node).map((child, i) => renderBlock(child, i, env, depth + 1));
  switch (node.type) {
    case 'paragraph':
      return (
        <p key={key} className="my-4 first:mt-0 last:mb-0">
          {inlineContent(node, context)}
        </p>
      );
    case 'heading': {
      // The proposal title is the document's h1, so its headings start one level below.
      const level = node.attrs?.level === 2 || node.attrs?.level === 3 ? node.attrs.level : 1;
      const Tag = (['h2', 'h3', 'h4'] as const)[level - 1]!;
      // A heading at the top of the text starts a section the client's page times (`documentSections`).
      return (
        <Tag key={key} className={HEADING_CLASSES[level]} data-section-heading={depth === 1 ? level : undefined}>
          {inlineContent(node, context)}
        </Tag>
      );
    }
    case 'bulletList':
      return (
        <ul key={key} className="my-4 list-disc space-y-1.5 ps-6 marker:text-(--dv-accent)">
          {blocks()}
        </ul>
      );
    case 'orderedList': {
      const start = node.attrs?.start;
      const type = node.attrs?.type;
      return (
        <ol
          key={key}
          start={typeof start === 'number' && Number.isInteger(start) && start !== 1 ? start : undefined}
          type={type === '1' || type === 'a' || type === 'A' || type === 'i' || type === 'I' ? type : undefined}
          className="my-4 list-decimal space-y-1.5 ps-6 marker:font-medium marker:text-(--dv-accent)"
        >
          {blocks()}
        </ol>
      );
    }
    case 'listItem':
      return (
        <li key={key} className="ps-1 [&>p]:my-1">
          {blocks()}
        </li>
      );
    case 'blockquote':
      return (
        <blockquote key={key} className="text-muted-foreground my-6 border-s-4 border-(--dv-accent) ps-5 italic">
          {blocks()}
        </blockquote>
      );
    case 'image': {
      const { src, alt, title, width, height } = node.attrs ?? {};
      const fileId = fileIdOf(src);
      if (!fileId) return null;
      const size = (value: unknown) => (typeof value === 'number' && value > 0 ? value : undefined);
      return (
        <img
          key={key}
          src={env.imageSrc(`/api/files/${fileId}`)}
          alt={typeof alt === 'string' ? alt : ''}
          title={typeof title === 'string' ? title : undefined}
          width={size(width)}
          height={size(height)}
          loading="lazy"
          className="my-6 h-auto max-w-full rounded-md break-inside-avoid"
        />
      );
    }
    case 'table':
      return (
        <table key={key} className="my-6 w-full table-fixed border-collapse text-sm wrap-anywhere">
          <tbody>{blocks()}</tbody>
        </table>
      );
    case 'tableRow':
      return (
        <tr key={key} className="break-inside-avoid">
          {blocks()}
        </tr>
      );
    case 'tableHeader':
      return (
        <th
          key={key}
          {...cellAttrs(node.attrs)}
          className="bg-muted border px-3 py-2 text-start align-top font-semibold [&>p]:my-0"
        >
          {blocks()}
        </th>
      );
    case 'tableCell':
      return (
        <td key={key} {...cellAttrs(node.attrs)} className="border px-3 py-2 align-top [&>p]:my-1">
          {blocks()}
        </td>
      );
    default:
      return null;
  }
}

const sameSrc = (src: string) => src;

export function RichTextView({
  doc,
  context,
  imageSrc = sameSrc,
}: {
  doc: TRichTextDoc;
  context: TDocumentContext;
  /**
   * Where an image is loaded from, given its stored `/api/files/<id>` address (checked before it
   * is called): the client's page serves the same file through its share link.
   */
  imageSrc?: (src: string) => string;
}) {
  const env: TRenderEnv = { context, imageSrc };
  return (
    // The owner's text reads in its language's direction (Arabic and Hebrew right to left).
    <div className="document-rich-text" dir={textDirection(context.language)}>
      {children(doc as TNode).map((n, i) => renderBlock(n, i, env, 1))}
    </div>
  );
}
