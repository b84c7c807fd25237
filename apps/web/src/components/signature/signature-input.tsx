import { useEffect, useId, useMemo, useReducer, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import type { TSignatureMark } from '@draftwell/shared/share/signature';
import {
  SIGNATURE_IMAGE_FIT,
  SIGNATURE_MESSAGES,
  SIGNATURE_METHODS,
  SIGNATURE_TEXT_MAX,
  checkSignatureImage,
  checkTypedSignature,
  offeredMethods,
  signatureMethodLabel,
  translateSignatureMessage,
  type TSignatureMethod,
} from '@draftwell/shared/share/signature-rules';
import { useLingui } from '@lingui/react';
import { FormField } from '@/components/form/form-field';
import { Button } from '@/components/ui/button';
import { Input, Label } from '@/components/ui/input';
import { LightTabs } from '@/components/ui/light-tabs';
import { cn } from '@/lib/cn';
import { DrawPad } from './draw-pad';
import { INK, exportDrawing } from './signature-canvas';
import { HANDWRITING } from './signature-font';
import { prepareSignatureUpload } from './signature-upload';
import {
  EMPTY_DRAWING,
  canRedo,
  canUndo,
  drawingReducer,
  exportPlan,
  isSignature,
  type TStroke,
} from './stroke-geometry';

export type TSignatureInputProps = {
  /** The signer's name: the typed signature starts as it, and follows it until the signer edits it. */
  signerName: string;
  /** The ways the proposal's owner allows (shown in the order Type, Draw, Upload); all three when not given. */
  allowed?: readonly TSignatureMethod[];
  /** The mark as it stands after every change: null while the chosen way has no usable mark yet. */
  onChange: (mark: TSignatureMark | null) => void;
  /** The way chosen, as it changes: the consent statement beside the input names it. */
  onMethodChange?: (method: TSignatureMethod) => void;
  /** A message about the mark from elsewhere (the server's answer), shown under the chosen way. */
  error?: string | undefined;
  /** Names the whole input (in the reader's language); "Your signature" when not given. */
  label?: string;
  disabled?: boolean;
};

/** The paper a mark is shown on: white in both themes, as it will be printed, with the pen's ink. */
export const PAPER = 'rounded-md border border-input bg-white text-[#1e293b]';

/** Blank space around a drawing's ink in its export, in CSS pixels. */
const EXPORT_MARGIN = 6;

type TDrawn = { image: string | null; message?: string };

/** The drawing as the image sent: trimmed to the ink, checked as the server will. */
function exportStrokes(strokes: readonly TStroke[]): TDrawn {
  if (strokes.length === 0) return { image: null };
  if (!isSignature(strokes)) return { image: null, message: SIGNATURE_MESSAGES.drawnTooSmall };
  const plan = exportPlan(strokes, {
    lineWidth: INK.width,
    margin: EXPORT_MARGIN,
    pixelRatio: window.devicePixelRatio,
    max: SIGNATURE_IMAGE_FIT,
  });
  const image = plan ? exportDrawing(strokes, plan) : null;
  if (!image) return { image: null, message: SIGNATURE_MESSAGES.drawnUnreadable };
  const checked = checkSignatureImage(image, 'drawn');
  return checked.ok ? { image } : { image: null, message: checked.message };
}

type TUpload = { image: string | null; message?: string; busy: boolean };

/**
 * How a signer makes their mark (issue 15): their name typed and shown in a handwriting font, a
 * drawing, or an image of their signature, as the proposal allows. Tabs when there is a choice;
 * each way keeps what was done in it when the signer looks at another. Reports the mark of the
 * chosen way through `onChange`, or null while it has none that would pass the server's check.
 */
export function SignatureInput({
  signerName,
  allowed = SIGNATURE_METHODS,
  onChange,
  onMethodChange,
  error,
  label,
  disabled = false,
}: TSignatureInputProps) {
  const { i18n } = useLingui();
  const say = (message: string | undefined) => (message ? translateSignatureMessage(i18n, message) : message);
  const methods = useMemo(() => offeredMethods(allowed), [allowed]);
  const [chosen, setChosen] = useState<TSignatureMethod>(methods[0]!);
  const method = methods.includes(chosen) ? chosen : methods[0]!;

  const [typedEdit, setTypedEdit] = useState<string | null>(null);
  const typedText = typedEdit ?? signerName;
  const typedProblem = checkTypedSignature(typedText.trim());

  const [drawing, dispatch] = useReducer(drawingReducer, EMPTY_DRAWING);
  const drawn = useMemo(() => exportStrokes(drawing.strokes), [drawing.strokes]);

  const [upload, setUpload] = useState<TUpload>({ image: null, busy: false });
  const uploadRun = useRef(0);

  const typedInput = useRef<HTMLInputElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const focusAfterSwitch = useRef(false);

  const mark = useMemo((): TSignatureMark | null => {
    if (method === 'typed') return typedProblem ? null : { kind: 'typed', text: typedText.trim() };
    if (method === 'drawn') return drawn.image ? { kind: 'drawn', image: drawn.image } : null;
    return upload.image ? { kind: 'uploaded', image: upload.image } : null;
  }, [method, typedProblem, typedText, drawn.image, upload.image]);

  // Told of each new mark, not of each new `onChange` a parent passes.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  useEffect(() => {
    onChangeRef.current(mark);
  }, [mark]);
  const onMethodChangeRef = useRef(onMethodChange);
  useEffect(() => {
    onMethodChangeRef.current = onMethodChange;
  }, [onMethodChange]);
  useEffect(() => {
    onMethodChangeRef.current?.(method);
  }, [method]);

  useEffect(() => {
    if (!focusAfterSwitch.current) return;
    focusAfterSwitch.current = false;
    (method === 'typed' ? typedInput : fileInput).current?.focus();
  }, [method]);

  const switchTo = (next: TSignatureMethod) => {
    focusAfterSwitch.current = true;
    setChosen(next);
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    const run = ++uploadRun.current;
    if (!file) {
      setUpload({ image: null, busy: false });
      return;
    }
    setUpload({ image: null, busy: true });
    const result = await prepareSignatureUpload(file);
    // A file chosen since wins over this one.
    if (run !== uploadRun.current) return;
    setUpload(result.ok ? { image: result.image, busy: false } : { image: null, message: result.message, busy: false });
  };

  const removeUpload = () => {
    uploadRun.current++;
    setUpload({ image: null, busy: false });
    if (fileInput.current) {
      fileInput.current.value = '';
      fileInput.current.focus();
    }
  };

  const ids = useId();
  const fileHintId = `${ids}-file-hint`;
  const fileErrorId = `${ids}-file-error`;
  const typedError = typedEdit !== null && typedProblem ? say(typedProblem) : undefined;
  const keyboardAlternative = methods.includes('typed')
    ? { label: i18n._('Type your name instead'), onSelect: () => switchTo('typed') }
    : methods.includes('uploaded')
      ? { label: i18n._('Upload an image instead'), onSelect: () => switchTo('uploaded') }
      : null;

  const panels: Record<TSignatureMethod, ReactNode> = {
    typed: (
      <div className="grid gap-3">
        <FormField
          label={i18n._('Your name as you sign it')}
          error={typedError}
          hint={i18n._('It is shown in a handwriting style, as in the preview.')}
        >
          <Input
            ref={typedInput}
            value={typedText}
            onChange={(e) => setTypedEdit(e.target.value)}
            autoComplete="name"
            maxLength={SIGNATURE_TEXT_MAX + 20}
            disabled={disabled}
          />
        </FormField>
        <div aria-hidden="true" className={cn(PAPER, 'flex min-h-24 items-end overflow-hidden px-4 pt-3 pb-2')}>
          <span
            data-testid="typed-preview"
            className={cn(HANDWRITING, 'block truncate text-4xl leading-normal', !typedText.trim() && 'text-slate-500')}
          >
            {typedText.trim() || i18n._('Your name')}
          </span>
        </div>
      </div>
    ),
    drawn: (
      <DrawPad
        strokes={drawing.strokes}
        onStroke={(stroke) => dispatch({ type: 'add', stroke })}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        onClear={() => dispatch({ type: 'clear' })}
        canUndo={canUndo(drawing)}
        canRedo={canRedo(drawing)}
        message={say(drawn.message)}
        keyboardAlternative={keyboardAlternative}
        disabled={disabled}
      />
    ),
    uploaded: (
      <div className="grid gap-3">
        <div className="grid gap-2">
          <Label htmlFor={`${ids}-file`}>{i18n._('Image of your signature')}</Label>
          <input
            ref={fileInput}
            id={`${ids}-file`}
            type="file"
            accept="image/png,image/jpeg"
            onChange={(e) => void chooseFile(e)}
            disabled={disabled}
            aria-invalid={upload.message ? true : undefined}
            aria-describedby={[fileHintId, upload.message ? fileErrorId : null].filter(Boolean).join(' ')}
            className="text-muted-foreground file:border-input file:bg-card file:text-foreground hover:file:bg-accent block w-full min-w-0 text-sm file:me-3 file:h-9 file:rounded-md file:border file:px-3 file:text-sm file:font-medium"
          />
          <p id={fileHintId} className="text-muted-foreground text-xs">
            {i18n._(
              'PNG or JPEG, up to 10 MB: a photo or scan of your signature on plain paper, cropped close. It is scaled down to fit.',
            )}
          </p>
        </div>
        {upload.busy ? (
          <p role="status" className="text-muted-foreground text-sm">
            {i18n._('Preparing your image…')}
          </p>
        ) : null}
        {upload.message ? (
          <p id={fileErrorId} role="alert" className="text-destructive text-sm">
            {say(upload.message)}
          </p>
        ) : null}
        {upload.image ? (
          <div className="grid justify-items-start gap-2">
            <div className={cn(PAPER, 'p-3')}>
              <img
                src={upload.image}
                alt={i18n._('Your uploaded signature')}
                className="max-h-28 max-w-full object-contain"
              />
            </div>
            <Button type="button" variant="outline" size="sm" onClick={removeUpload} disabled={disabled}>
              {i18n._('Remove image')}
            </Button>
          </div>
        ) : null}
      </div>
    ),
  };

  return (
    <fieldset className="grid min-w-0 gap-3">
      <legend className="mb-3 text-sm font-medium">{label ?? i18n._('Your signature')}</legend>
      {methods.length > 1 ? (
        <LightTabs
          label={i18n._('How to sign')}
          value={method}
          onChange={(next) => setChosen(next)}
          tabs={methods.map((m) => ({ value: m, label: signatureMethodLabel(i18n, m), panel: panels[m] }))}
        />
      ) : (
        panels[method]
      )}
      {error ? (
        <p role="alert" className="text-destructive text-sm">
          {say(error)}
        </p>
      ) : null}
    </fieldset>
  );
}
