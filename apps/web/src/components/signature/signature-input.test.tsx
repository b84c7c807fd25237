import { act, fireEvent, render as renderBare, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { WithI18n } from '@/test/i18n';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TSignatureMark } from '@draftwell/shared/share/signature';
import { SIGNATURE_MESSAGES, decodeBase64 } from '@draftwell/shared/share/signature-rules';
import { SAMPLE_PNG_BASE64, SAMPLE_PNG_DATA_URL } from '@draftwell/shared/share/signature-samples';
import { decodeImage, exportDrawing, paintPad, sizePad } from './signature-canvas';
import { SignatureInput } from './signature-input';
import { SignatureMarkView } from './signature-mark-view';
import type { TStroke } from './stroke-geometry';

/** Rendered with the page's English, as the client's page provides it. */
const render = (ui: ReactElement) => renderBare(ui, { wrapper: WithI18n });

// jsdom has no canvas: the seam that draws and encodes is replaced; everything around it is real.
vi.mock('./signature-canvas', () => ({
  INK: { color: '#1e293b', width: 2.5 },
  sizePad: vi.fn(() => ({})),
  paintPad: vi.fn(),
  exportDrawing: vi.fn(),
  decodeImage: vi.fn(),
}));

// jsdom has no CSS.escape, which the tabs use to find the tab to focus.
if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { escape: (value: string) => value.replace(/[^\w-]/g, '\\$&') });

const PAD = { left: 10, top: 20, width: 300, height: 150 };

beforeEach(() => {
  vi.mocked(exportDrawing).mockReturnValue(SAMPLE_PNG_DATA_URL);
  // jsdom lays nothing out: the pad reports a real size.
  vi.spyOn(HTMLCanvasElement.prototype, 'getBoundingClientRect').mockReturnValue({
    ...PAD,
    x: PAD.left,
    y: PAD.top,
    right: PAD.left + PAD.width,
    bottom: PAD.top + PAD.height,
    toJSON: () => ({}),
  });
});

afterEach(() => vi.clearAllMocks());

function setUp(props: Partial<Parameters<typeof SignatureInput>[0]> = {}) {
  const onChange = vi.fn<(mark: TSignatureMark | null) => void>();
  const view = render(<SignatureInput signerName="Jane Doe" onChange={onChange} {...props} />);
  const lastMark = () => onChange.mock.lastCall?.[0];
  return { ...view, onChange, lastMark };
}

const pad = () => screen.getByRole('img', { name: /signature pad/i });

/** A stroke on the pad through points given relative to its corner, as a pointer of `pointerType` draws it. */
function drawStroke(points: [number, number][], { pointerId = 1, pointerType = 'pen' } = {}) {
  const at = ([x, y]: [number, number]) => ({
    pointerId,
    pointerType,
    isPrimary: true,
    button: 0,
    clientX: PAD.left + x,
    clientY: PAD.top + y,
  });
  const [first, ...rest] = points;
  fireEvent.pointerDown(pad(), at(first!));
  for (const point of rest) fireEvent.pointerMove(pad(), at(point));
  fireEvent.pointerUp(pad(), at(points[points.length - 1]!));
}

const exportedStrokes = () => vi.mocked(exportDrawing).mock.lastCall?.[0] as readonly TStroke[] | undefined;

describe('SignatureInput: Type', () => {
  it('starts with the signer’s name, previews it in the handwriting font and reports it', () => {
    const { lastMark } = setUp();
    expect(screen.getByRole('tab', { name: 'Type' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.getByLabelText('Your name as you sign it')).toHaveProperty('value', 'Jane Doe');
    const preview = screen.getByTestId('typed-preview');
    expect(preview.textContent).toBe('Jane Doe');
    expect(preview.className).toContain("font-[family-name:'Dancing_Script',cursive]");
    expect(lastMark()).toEqual({ kind: 'typed', text: 'Jane Doe' });
  });

  it('follows the signer’s name until edited; an emptied name is no mark, and says why', () => {
    const { rerender, onChange, lastMark } = setUp();
    rerender(<SignatureInput signerName="Jane Q. Doe" onChange={onChange} />);
    expect(lastMark()).toEqual({ kind: 'typed', text: 'Jane Q. Doe' });

    const input = screen.getByLabelText('Your name as you sign it');
    fireEvent.change(input, { target: { value: '   ' } });
    expect(lastMark()).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(SIGNATURE_MESSAGES.typedMissing);
    expect(input.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(input, { target: { value: '  J. Doe ' } });
    expect(lastMark()).toEqual({ kind: 'typed', text: 'J. Doe' });
    rerender(<SignatureInput signerName="Someone Else" onChange={onChange} />);
    expect(lastMark()).toEqual({ kind: 'typed', text: 'J. Doe' });
  });

  it('refuses a name longer than the server takes', () => {
    const { lastMark } = setUp();
    fireEvent.change(screen.getByLabelText('Your name as you sign it'), { target: { value: 'J'.repeat(101) } });
    expect(lastMark()).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(SIGNATURE_MESSAGES.typedTooLong);
  });
});

describe('SignatureInput: tabs and the ways allowed', () => {
  it('switches by click and by arrow keys, reporting the chosen way’s mark and keeping each way’s work', () => {
    const { lastMark } = setUp();
    fireEvent.click(screen.getByRole('tab', { name: 'Draw' }));
    expect(lastMark()).toBeNull();
    expect(pad()).toBeTruthy();
    drawStroke([
      [20, 100],
      [60, 80],
      [100, 110],
    ]);
    expect(lastMark()).toEqual({ kind: 'drawn', image: SAMPLE_PNG_DATA_URL });

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Draw' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Upload' })).toBe(document.activeElement);
    expect(lastMark()).toBeNull();

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Upload' }), { key: 'Home' });
    expect(lastMark()).toEqual({ kind: 'typed', text: 'Jane Doe' });

    fireEvent.keyDown(screen.getByRole('tab', { name: 'Type' }), { key: 'ArrowRight' });
    expect(pad().getAttribute('aria-label')).toBe('Signature pad with your drawing');
    expect(lastMark()).toEqual({ kind: 'drawn', image: SAMPLE_PNG_DATA_URL });
  });

  it('offers only the ways allowed, in the usual order, starting with the first', () => {
    setUp({ allowed: ['uploaded', 'drawn'] });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Draw', 'Upload']);
    expect(screen.getByRole('tab', { name: 'Draw' })).toHaveProperty('ariaSelected', 'true');
    expect(screen.queryByLabelText('Your name as you sign it')).toBeNull();
    // Without Type, a keyboard user is pointed to Upload.
    fireEvent.click(screen.getByRole('button', { name: 'Upload an image instead' }));
    expect(screen.getByLabelText('Image of your signature')).toBe(document.activeElement);
  });

  it('shows one way alone without tabs', () => {
    const { lastMark } = setUp({ allowed: ['drawn'] });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(pad()).toBeTruthy();
    expect(screen.queryByRole('button', { name: /instead/ })).toBeNull();
    expect(lastMark()).toBeNull();
  });

  it('names the group and shows a message given from outside', () => {
    setUp({ label: 'Signature of Jane', error: 'The server refused it.' });
    expect(screen.getByRole('group', { name: 'Signature of Jane' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('The server refused it.');
  });
});

describe('SignatureInput: Draw', () => {
  it('turns pointer strokes into a trimmed PNG, and a tap into no signature yet', () => {
    const { lastMark } = setUp({ allowed: ['drawn', 'uploaded'] });
    expect(vi.mocked(sizePad)).toHaveBeenCalledWith(pad(), { width: 300, height: 150 }, 1);

    drawStroke([[40, 60]]);
    expect(lastMark()).toBeNull();
    expect(screen.getByRole('alert').textContent).toBe(SIGNATURE_MESSAGES.drawnTooSmall);
    expect(exportDrawing).not.toHaveBeenCalled();

    drawStroke([
      [20, 100],
      [20.5, 100.5], // within the jitter gap: dropped
      [60, 80],
      [400, 200], // past the pad's edge: held at it
    ]);
    expect(lastMark()).toEqual({ kind: 'drawn', image: SAMPLE_PNG_DATA_URL });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(exportedStrokes()).toEqual([
      [{ x: 40, y: 60 }],
      [
        { x: 20, y: 100 },
        { x: 60, y: 80 },
        { x: 300, y: 150 },
      ],
    ]);
    const plan = vi.mocked(exportDrawing).mock.lastCall![1];
    expect(plan.crop).toEqual({ x: 20 - 7.25, y: 60 - 7.25, width: 280 + 14.5, height: 90 + 14.5 });
    expect(vi.mocked(paintPad)).toHaveBeenCalled();
  });

  it('undoes and redoes the last stroke, and clears (which Undo takes back too)', () => {
    const { lastMark } = setUp({ allowed: ['drawn'] });
    const button = (name: string) => screen.getByRole('button', { name });
    const off = (name: string) => button(name).getAttribute('aria-disabled') === 'true';
    expect([off('Undo'), off('Redo'), off('Clear')]).toEqual([true, true, true]);

    drawStroke([
      [10, 10],
      [80, 10],
    ]);
    drawStroke([
      [10, 40],
      [80, 40],
    ]);
    expect(exportedStrokes()).toHaveLength(2);

    fireEvent.click(button('Undo'));
    expect(exportedStrokes()).toHaveLength(1);
    expect(lastMark()).toEqual({ kind: 'drawn', image: SAMPLE_PNG_DATA_URL });
    expect(off('Redo')).toBe(false);

    fireEvent.click(button('Undo'));
    expect(lastMark()).toBeNull();
    expect(off('Undo')).toBe(true);
    // A disabled-looking Undo keeps focus and does nothing.
    button('Undo').focus();
    fireEvent.click(button('Undo'));
    expect(document.activeElement).toBe(button('Undo'));
    expect(pad().getAttribute('aria-label')).toBe('Signature pad, empty');

    fireEvent.click(button('Redo'));
    fireEvent.click(button('Redo'));
    expect(exportedStrokes()).toHaveLength(2);
    expect(lastMark()).toEqual({ kind: 'drawn', image: SAMPLE_PNG_DATA_URL });

    fireEvent.click(button('Clear'));
    expect(lastMark()).toBeNull();
    expect(screen.getByText('Cleared the drawing.')).toBeTruthy();
    fireEvent.click(button('Undo'));
    expect(exportedStrokes()).toHaveLength(2);
    expect(lastMark()).toEqual({ kind: 'drawn', image: SAMPLE_PNG_DATA_URL });
  });

  it('follows one pointer at a time, and ignores a mouse’s other buttons', () => {
    setUp({ allowed: ['drawn'] });
    fireEvent.pointerDown(pad(), { pointerId: 1, pointerType: 'touch', isPrimary: true, clientX: 20, clientY: 30 });
    // A second finger neither starts a stroke nor adds to the first.
    fireEvent.pointerDown(pad(), { pointerId: 2, pointerType: 'touch', isPrimary: false, clientX: 200, clientY: 30 });
    fireEvent.pointerMove(pad(), { pointerId: 2, pointerType: 'touch', clientX: 250, clientY: 90 });
    fireEvent.pointerMove(pad(), { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 30 });
    fireEvent.pointerUp(pad(), { pointerId: 2, pointerType: 'touch', clientX: 250, clientY: 90 });
    fireEvent.pointerUp(pad(), { pointerId: 1, pointerType: 'touch', clientX: 60, clientY: 30 });
    expect(exportedStrokes()).toEqual([
      [
        { x: 10, y: 10 },
        { x: 50, y: 10 },
      ],
    ]);

    fireEvent.pointerDown(pad(), { pointerId: 3, pointerType: 'mouse', isPrimary: true, button: 2, clientX: 20 });
    fireEvent.pointerMove(pad(), { pointerId: 3, pointerType: 'mouse', clientX: 200, clientY: 100 });
    fireEvent.pointerUp(pad(), { pointerId: 3, pointerType: 'mouse', clientX: 200, clientY: 100 });
    expect(exportedStrokes()).toHaveLength(1);
  });

  it('keeps the page from scrolling under a finger', () => {
    setUp({ allowed: ['drawn'] });
    expect(pad().className).toContain('touch-none');
    const down = new PointerEvent('pointerdown', { pointerId: 1, isPrimary: true, bubbles: true, cancelable: true });
    pad().dispatchEvent(down);
    expect(down.defaultPrevented).toBe(true);
  });

  it('points keyboard users to Type, focusing the name', () => {
    setUp();
    fireEvent.click(screen.getByRole('tab', { name: 'Draw' }));
    fireEvent.click(screen.getByRole('button', { name: 'Type your name instead' }));
    expect(screen.getByRole('tab', { name: 'Type' })).toHaveProperty('ariaSelected', 'true');
    expect(document.activeElement).toBe(screen.getByLabelText('Your name as you sign it'));
  });
});

describe('SignatureInput: Upload', () => {
  const choose = (file: File) =>
    act(async () => {
      fireEvent.change(screen.getByLabelText('Image of your signature'), { target: { files: [file] } });
    });
  const pngFile = () =>
    new File([decodeBase64(SAMPLE_PNG_BASE64)! as BlobPart], 'signature.png', { type: 'image/png' });

  it('refuses a file of another kind with a message tied to the field', async () => {
    const { lastMark } = setUp({ allowed: ['uploaded'] });
    await choose(new File(['GIF89a'], 'sig.gif', { type: 'image/gif' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(SIGNATURE_MESSAGES.uploadWrongType);
    const input = screen.getByLabelText('Image of your signature');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain(alert.id);
    expect(lastMark()).toBeNull();
    expect(decodeImage).not.toHaveBeenCalled();
  });

  it('refuses a file too large to take, before reading it', async () => {
    setUp({ allowed: ['uploaded'] });
    await choose(new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SIGNATURE_MESSAGES.uploadFileTooLarge);
  });

  it('previews an image it took, reports it, and removes it again', async () => {
    vi.mocked(decodeImage).mockResolvedValue({
      width: 40,
      height: 16,
      encode: () => SAMPLE_PNG_DATA_URL,
      close: () => undefined,
    });
    const { lastMark } = setUp({ allowed: ['typed', 'uploaded'] });
    fireEvent.click(screen.getByRole('tab', { name: 'Upload' }));
    await choose(pngFile());
    const preview = await screen.findByRole('img', { name: 'Your uploaded signature' });
    expect(preview.getAttribute('src')).toBe(SAMPLE_PNG_DATA_URL);
    expect(lastMark()).toEqual({ kind: 'uploaded', image: SAMPLE_PNG_DATA_URL });

    fireEvent.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(lastMark()).toBeNull();
    expect(screen.queryByRole('img', { name: 'Your uploaded signature' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Image of your signature'));
  });

  it('takes the newest file when an earlier one finishes later', async () => {
    let finishFirst: (value: Awaited<ReturnType<typeof decodeImage>>) => void = () => undefined;
    const second = 'data:image/png;base64,' + SAMPLE_PNG_BASE64;
    vi.mocked(decodeImage)
      .mockImplementationOnce(() => new Promise((resolve) => (finishFirst = resolve)))
      .mockResolvedValueOnce({ width: 40, height: 16, encode: () => second, close: () => undefined });
    const { lastMark } = setUp({ allowed: ['uploaded'] });
    await choose(pngFile());
    expect(screen.getByRole('status').textContent).toBe('Preparing your image…');
    await choose(pngFile());
    await waitFor(() => expect(lastMark()).toEqual({ kind: 'uploaded', image: second }));
    const calls = vi.mocked(decodeImage).mock.calls.length;
    await act(async () => finishFirst({ width: 40, height: 16, encode: () => 'data:,', close: () => undefined }));
    expect(calls).toBe(2);
    expect(lastMark()).toEqual({ kind: 'uploaded', image: second });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('SignatureMarkView', () => {
  it('shows a typed mark in the handwriting font', () => {
    render(<SignatureMarkView mark={{ kind: 'typed', text: 'Jane Doe' }} />);
    const mark = screen.getByText('Jane Doe');
    expect(mark.className).toContain("font-[family-name:'Dancing_Script',cursive]");
    expect(mark.getAttribute('data-signature-mark')).toBe('typed');
  });

  it('shows a drawn or uploaded mark as an image named for its signer', () => {
    const { rerender } = render(
      <SignatureMarkView mark={{ kind: 'drawn', image: SAMPLE_PNG_DATA_URL }} signerName=" Jane Doe " />,
    );
    expect(screen.getByRole('img', { name: 'Signature of Jane Doe' }).getAttribute('src')).toBe(SAMPLE_PNG_DATA_URL);
    rerender(<SignatureMarkView mark={{ kind: 'uploaded', image: SAMPLE_PNG_DATA_URL }} />);
    expect(screen.getByRole('img', { name: 'Signature' })).toBeTruthy();
  });
});
