import { cropRect, type CropState } from './cropMath';

function sizeOf(img: HTMLImageElement) {
  return { width: img.naturalWidth, height: img.naturalHeight };
}

/** Prepares a canvas for drawing in CSS pixels at the screen's pixel density. */
export function prepare(canvas: HTMLCanvasElement, cssSize: number): CanvasRenderingContext2D | null {
  const dpr = window.devicePixelRatio || 1;
  // A fresh canvas is 300×150, so both sides must be checked.
  const px = Math.round(cssSize * dpr);
  if (canvas.width !== px || canvas.height !== px) {
    canvas.width = px;
    canvas.height = px;
  }
  const ctx = canvas.getContext('2d');
  ctx?.setTransform(dpr, 0, 0, dpr, 0, 0);
  return ctx;
}

/** The working area: the whole image, dimmed outside the crop box. */
export function drawStage(ctx: CanvasRenderingContext2D, img: HTMLImageElement, s: CropState, stage: number, box: number) {
  ctx.clearRect(0, 0, stage, stage);
  ctx.fillStyle = '#f0f2f5';
  ctx.fillRect(0, 0, stage, stage);
  ctx.save();
  ctx.translate(stage / 2 + s.offsetX, stage / 2 + s.offsetY);
  ctx.rotate((s.rotation * Math.PI) / 180);
  ctx.scale(s.zoom, s.zoom);
  // Explicit size: an SVG without intrinsic size would otherwise be drawn at its default object size.
  ctx.drawImage(img, -img.naturalWidth / 2, -img.naturalHeight / 2, img.naturalWidth, img.naturalHeight);
  ctx.restore();
  const edge = (stage - box) / 2;
  ctx.beginPath();
  ctx.rect(0, 0, stage, stage);
  ctx.rect(edge, edge, box, box);
  ctx.fillStyle = 'rgba(0, 0, 0, 0.45)';
  ctx.fill('evenodd');
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 1;
  ctx.strokeRect(edge + 0.5, edge + 0.5, box - 1, box - 1);
}

/** What the crop box shows, scaled to fill a `size` square. */
export function drawCrop(ctx: CanvasRenderingContext2D, img: HTMLImageElement, s: CropState, size: number, box: number) {
  const r = cropRect(s, sizeOf(img), box);
  ctx.clearRect(0, 0, size, size);
  ctx.save();
  ctx.translate(size / 2, size / 2);
  ctx.rotate((s.rotation * Math.PI) / 180);
  ctx.drawImage(img, r.x, r.y, r.width, r.height, -size / 2, -size / 2, size, size);
  ctx.restore();
}

/** Renders the crop at `size` px and encodes it as PNG. */
export function cropToPng(img: HTMLImageElement, s: CropState, size: number, box: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = size;
  canvas.height = size;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.reject(new Error('canvas unavailable'));
  drawCrop(ctx, img, s, size, box);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('encode failed'))), 'image/png'),
  );
}
