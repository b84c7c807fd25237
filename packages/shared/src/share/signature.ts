import { z } from 'zod';
import {
  SIGNATURE_MESSAGES,
  SIGNATURE_METHODS,
  checkSignatureImage,
  checkTypedSignature,
  type TSignatureImageKind,
  type TSignatureMethod,
} from './signature-rules';

export * from './signature-rules';

/**
 * A signer's mark (issue 15): their name typed and shown in a handwriting font, a drawing, or an
 * image they uploaded. The browser's checks (signature-rules.ts, without zod) and these schemas
 * run the same functions, so a refusal reads the same on both sides.
 */

const ZTypedText = z
  .string(SIGNATURE_MESSAGES.typedMissing)
  .trim()
  .superRefine((text, ctx) => {
    const problem = checkTypedSignature(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const ZSignatureImage = (kind: TSignatureImageKind) =>
  z
    .string(kind === 'drawn' ? SIGNATURE_MESSAGES.drawnMissing : SIGNATURE_MESSAGES.uploadMissing)
    .superRefine((dataUrl, ctx) => {
      const checked = checkSignatureImage(dataUrl, kind);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
    });

export const ZSignatureMark = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({ kind: z.literal('typed'), text: ZTypedText }),
    /** A PNG data URL, trimmed to the ink. */
    z.strictObject({ kind: z.literal('drawn'), image: ZSignatureImage('drawn') }),
    /** A PNG or JPEG data URL. */
    z.strictObject({ kind: z.literal('uploaded'), image: ZSignatureImage('uploaded') }),
  ],
  { error: SIGNATURE_MESSAGES.chooseMethod },
);
export type TSignatureMark = z.infer<typeof ZSignatureMark>;

export const ZSignatureMethod = z.enum(SIGNATURE_METHODS, 'Choose typed, drawn or uploaded.');

/**
 * The ways the owner lets a proposal be signed: at least one, each once, kept in the order of
 * SIGNATURE_METHODS whatever order they came in; all three when not given.
 */
export const ZSignatureMethods = z
  .array(ZSignatureMethod, 'List the ways to sign: typed, drawn and/or uploaded.')
  .min(1, 'Allow at least one way to sign.')
  .refine((methods) => new Set(methods).size === methods.length, 'List each way to sign once.')
  .transform((methods): TSignatureMethod[] => SIGNATURE_METHODS.filter((m) => methods.includes(m)))
  .default([...SIGNATURE_METHODS]);
export type TSignatureMethods = z.output<typeof ZSignatureMethods>;
