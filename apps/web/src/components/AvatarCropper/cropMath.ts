/**
 * Geometry of the avatar cropper. The image is drawn centred on the stage, shifted by the offset,
 * rotated by a multiple of 90° and scaled by zoom; a square crop box of `box` px sits at the stage centre.
 */

export interface ImageSize {
  width: number;
  height: number;
}

export interface CropState {
  /** Display pixels per image pixel. */
  zoom: number;
  /** Image centre relative to the stage (and crop box) centre, in display pixels. */
  offsetX: number;
  offsetY: number;
  /** Degrees, a multiple of 90 in [0, 360). */
  rotation: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** How far the cropper zooms in beyond "image just covers the box". */
export const MAX_ZOOM_FACTOR = 8;
export const ZOOM_STEP = 1.1;

export function normalizeRotation(deg: number): number {
  return (((Math.round(deg / 90) * 90) % 360) + 360) % 360;
}

/** Exact cos/sin for quarter turns, so rectangles stay axis-aligned without float noise. */
function quarterTurn(rotation: number): { cos: number; sin: number } {
  switch (normalizeRotation(rotation)) {
    case 90:
      return { cos: 0, sin: 1 };
    case 180:
      return { cos: -1, sin: 0 };
    case 270:
      return { cos: 0, sin: -1 };
    default:
      return { cos: 1, sin: 0 };
  }
}

/** The smallest zoom at which the image covers the whole square box. */
export function coverZoom(img: ImageSize, box: number): number {
  return box / Math.min(img.width, img.height);
}

export function clampZoom(zoom: number, img: ImageSize, box: number): number {
  const min = coverZoom(img, box);
  return Math.min(Math.max(zoom, min), min * MAX_ZOOM_FACTOR);
}

/** Width and height of the drawn image on the stage, after rotation. */
export function displaySize(img: ImageSize, zoom: number, rotation: number): ImageSize {
  const sideways = normalizeRotation(rotation) % 180 !== 0;
  return sideways
    ? { width: img.height * zoom, height: img.width * zoom }
    : { width: img.width * zoom, height: img.height * zoom };
}

/** Keeps the crop box inside the drawn image, so the output never contains empty corners. */
export function clampOffset(state: CropState, img: ImageSize, box: number): CropState {
  const shown = displaySize(img, state.zoom, state.rotation);
  const maxX = Math.max(0, (shown.width - box) / 2);
  const maxY = Math.max(0, (shown.height - box) / 2);
  const clamp = (v: number, m: number) => Math.min(Math.max(v, -m), m) || 0;
  return { ...state, offsetX: clamp(state.offsetX, maxX), offsetY: clamp(state.offsetY, maxY) };
}

export function initialState(img: ImageSize, box: number): CropState {
  return { zoom: coverZoom(img, box), offsetX: 0, offsetY: 0, rotation: 0 };
}

export function moveBy(state: CropState, dx: number, dy: number, img: ImageSize, box: number): CropState {
  return clampOffset({ ...state, offsetX: state.offsetX + dx, offsetY: state.offsetY + dy }, img, box);
}

/** Zooms about the box centre: the point under the centre stays put. */
export function zoomBy(state: CropState, factor: number, img: ImageSize, box: number): CropState {
  const zoom = clampZoom(state.zoom * factor, img, box);
  const k = zoom / state.zoom;
  return clampOffset({ ...state, zoom, offsetX: state.offsetX * k, offsetY: state.offsetY * k }, img, box);
}

/** Rotates about the box centre, turning the offset with the image. */
export function rotateBy(state: CropState, deg: number, img: ImageSize, box: number): CropState {
  const { cos, sin } = quarterTurn(deg);
  const offsetX = state.offsetX * cos - state.offsetY * sin;
  const offsetY = state.offsetX * sin + state.offsetY * cos;
  return clampOffset({ ...state, rotation: normalizeRotation(state.rotation + deg), offsetX, offsetY }, img, box);
}

/**
 * The square of the unrotated source image that the crop box shows. The output is this square drawn
 * rotated by `state.rotation`.
 */
export function cropRect(state: CropState, img: ImageSize, box: number): Rect {
  const { cos, sin } = quarterTurn(state.rotation);
  // Box centre relative to the image centre on the stage, turned back into image axes (inverse rotation).
  const dx = -state.offsetX;
  const dy = -state.offsetY;
  const cx = (dx * cos + dy * sin) / state.zoom;
  const cy = (-dx * sin + dy * cos) / state.zoom;
  const side = box / state.zoom;
  return { x: img.width / 2 + cx - side / 2, y: img.height / 2 + cy - side / 2, width: side, height: side };
}
