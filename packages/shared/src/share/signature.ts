import { z } from 'zod';
import {
  SIGNATURE_IMAGE_MAX_BYTES,
  SIGNATURE_IMAGE_MAX_HEIGHT,
  SIGNATURE_IMAGE_MAX_WIDTH,
  SIGNATURE_IMAGE_MIN_SIDE,
  SIGNATURE_MESSAGES,
  SIGNATURE_METHODS,
  SIGNATURE_TEXT_MAX,
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
  })
  // The same rules as a JSON Schema, for the OpenAPI document: a name on one line, no control
  // characters, at most SIGNATURE_TEXT_MAX characters.
  .meta({
    maxLength: SIGNATURE_TEXT_MAX,
    pattern: '^\\s*[^\\s\\p{Cc}\\u2028\\u2029](?:[^\\p{Cc}\\u2028\\u2029]*[^\\s\\p{Cc}\\u2028\\u2029])?\\s*$',
    examples: ['Dana Reyes'],
  });

/** Strict base64 after the data URL's head: padding only at the end. */
const BASE64_PATTERN = '(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?';

const ZSignatureImage = (kind: TSignatureImageKind) =>
  z
    .string(kind === 'drawn' ? SIGNATURE_MESSAGES.drawnMissing : SIGNATURE_MESSAGES.uploadMissing)
    .superRefine((dataUrl, ctx) => {
      const checked = checkSignatureImage(dataUrl, kind);
      if (!checked.ok) ctx.addIssue({ code: 'custom', message: checked.message });
    })
    // A data URL, not bare base64 (so not `contentEncoding`): its shape and size, for the
    // OpenAPI document (whose builder adds an example image). That its bytes are an image of the
    // allowed size is a rule the send route states.
    .meta({
      description: `A data URL (RFC 2397) of ${kind === 'drawn' ? 'a PNG image' : 'a PNG or JPEG image'}, in strict base64: at most ${SIGNATURE_IMAGE_MAX_BYTES / 1024} kB decoded, ${SIGNATURE_IMAGE_MIN_SIDE}–${SIGNATURE_IMAGE_MAX_WIDTH} × ${SIGNATURE_IMAGE_MIN_SIDE}–${SIGNATURE_IMAGE_MAX_HEIGHT} pixels.`,
      contentMediaType: kind === 'drawn' ? 'image/png' : 'image/*',
      pattern: `^data:image/${kind === 'drawn' ? 'png' : '(?:png|jpeg)'};base64,${BASE64_PATTERN}$`,
      maxLength: 'data:image/jpeg;base64,'.length + Math.ceil(SIGNATURE_IMAGE_MAX_BYTES / 3) * 4,
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
  .meta({ uniqueItems: true })
  .transform((methods): TSignatureMethod[] => SIGNATURE_METHODS.filter((m) => methods.includes(m)))
  .default([...SIGNATURE_METHODS]);
export type TSignatureMethods = z.output<typeof ZSignatureMethods>;
