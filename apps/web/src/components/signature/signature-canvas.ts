import { traceStroke, type TExportPlan, type TStroke } from './stroke-geometry';

/**
 * Every call this folder makes on a real canvas or image decoder, and nothing else: jsdom has
 * neither, so the components' tests replace this module and test the logic around it, which
 * lives in stroke-geometry.ts and signature-upload.ts. What is left here is checked in a browser.
 */

/** The pen: a dark blue-grey ink, the same on the pad (which is paper-white in both themes) and in the export. */
export const INK = { color: '#1e293b', width: 2.5 } as const;

function setPen(ctx: CanvasRenderingContext2D) {
  ctx.strokeStyle = INK.color;
  ctx.fillStyle = INK.color;
  ctx.lineWidth = INK.width;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
}

/**
 * Gives the pad's canvas as many pixels as the screen shows for its CSS size (sharp on a
 * high-density screen), with drawing in CSS pixels. Null where there is no 2D context.
 */
export function sizePad(
  canvas: HTMLCanvasElement,
  size: { width: number; height: number },
  pixelRatio: number,
): CanvasRenderingContext2D | null {
  const width = Math.max(1, Math.round(size.width * pixelRatio));
  const height = Math.max(1, Math.round(size.height * pixelRatio));
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(width / size.width, 0, 0, height / size.height, 0, 0);
  return ctx;
}

/** Draws the strokes on the pad afresh. */
export function paintPad(ctx: CanvasRenderingContext2D, strokes: readonly TStroke[]): void {
  ctx.save();
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, ctx.canvas.width, ctx.canvas.height);
  ctx.restore();
  setPen(ctx);
  for (const stroke of strokes) traceStroke(ctx, stroke, INK.width);
}

/** The strokes drawn into a new canvas cropped and scaled as planned, as a PNG data URL (transparent around the ink). */
export function exportDrawing(strokes: readonly TStroke[], plan: TExportPlan): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = plan.width;
  canvas.height = plan.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return null;
  ctx.setTransform(plan.scale, 0, 0, plan.scale, -plan.crop.x * plan.scale, -plan.crop.y * plan.scale);
  setPen(ctx);
  for (const stroke of strokes) traceStroke(ctx, stroke, INK.width);
  return canvas.toDataURL('image/png');
}

/** An image file decoded (upright, as its EXIF orientation says), to be drawn at any size. */
export type TDecodedImage = {
  width: number;
  height: number;
  /** Draws it at width × height pixels as `format`; JPEG at `quality` (0–1). */
  encode(size: { width: number; height: number }, format: 'png' | 'jpeg', quality: number): string | null;
  close(): void;
};

export async function decodeImage(file: Blob): Promise<TDecodedImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  return {
    width: bitmap.width,
    height: bitmap.height,
    encode(size, format, quality) {
      const canvas = document.createElement('canvas');
      canvas.width = size.width;
      canvas.height = size.height;
      const ctx = canvas.getContext('2d');
      if (!ctx) return null;
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(bitmap, 0, 0, size.width, size.height);
      return canvas.toDataURL(format === 'png' ? 'image/png' : 'image/jpeg', quality);
    },
    close: () => bitmap.close(),
  };
}
