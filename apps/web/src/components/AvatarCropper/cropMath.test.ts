import { describe, expect, it } from 'vitest';
import {
  clampOffset,
  coverZoom,
  cropRect,
  initialState,
  MAX_ZOOM_FACTOR,
  moveBy,
  normalizeRotation,
  rotateBy,
  zoomBy,
  type CropState,
} from './cropMath';

const BOX = 200;
const landscape = { width: 800, height: 400 };

describe('cropper math', () => {
  it('starts with the image just covering the box, centred', () => {
    const s = initialState(landscape, BOX);
    expect(s.zoom).toBe(0.5);
    expect(cropRect(s, landscape, BOX)).toEqual({ x: 200, y: 0, width: 400, height: 400 });
  });

  it('maps an offset to the opposite shift of the source square', () => {
    const s: CropState = { zoom: 0.5, offsetX: 50, offsetY: 0, rotation: 0 };
    // Image moved 50 display px right = 100 image px: the box now sees further left.
    expect(cropRect(s, landscape, BOX)).toEqual({ x: 100, y: 0, width: 400, height: 400 });
  });

  it('shrinks the source square as zoom grows', () => {
    const s: CropState = { zoom: 1, offsetX: 0, offsetY: 0, rotation: 0 };
    expect(cropRect(s, landscape, BOX)).toEqual({ x: 300, y: 100, width: 200, height: 200 });
  });

  it('turns the offset back through the rotation', () => {
    // Rotated 90° clockwise, moving the picture right moves along the image's -y axis... seen from the box, +y.
    const s: CropState = { zoom: 1, offsetX: 40, offsetY: 0, rotation: 90 };
    expect(cropRect(s, landscape, BOX)).toEqual({ x: 300, y: 140, width: 200, height: 200 });
    const flipped: CropState = { zoom: 1, offsetX: 40, offsetY: 0, rotation: 180 };
    expect(cropRect(flipped, landscape, BOX)).toEqual({ x: 340, y: 100, width: 200, height: 200 });
  });

  it('keeps the box inside the image when moving', () => {
    const s = initialState(landscape, BOX);
    // Displayed 400×200: 100 px of slack each side horizontally, none vertically.
    expect(moveBy(s, 500, 30, landscape, BOX)).toMatchObject({ offsetX: 100, offsetY: 0 });
    expect(moveBy(s, -500, -30, landscape, BOX)).toMatchObject({ offsetX: -100, offsetY: 0 });
    const r = cropRect(moveBy(s, -500, 0, landscape, BOX), landscape, BOX);
    expect(r.x + r.width).toBe(landscape.width);
  });

  it('swaps the slack axes when rotated a quarter turn', () => {
    const s = rotateBy(initialState(landscape, BOX), 90, landscape, BOX);
    expect(s.rotation).toBe(90);
    expect(clampOffset({ ...s, offsetX: 80, offsetY: 80 }, landscape, BOX)).toMatchObject({ offsetX: 0, offsetY: 80 });
  });

  it('zooms between cover and the maximum, about the box centre', () => {
    const s = initialState(landscape, BOX);
    expect(zoomBy(s, 0.5, landscape, BOX).zoom).toBe(coverZoom(landscape, BOX));
    expect(zoomBy(s, 1000, landscape, BOX).zoom).toBe(coverZoom(landscape, BOX) * MAX_ZOOM_FACTOR);
    const moved = { ...s, offsetX: 60 };
    const zoomed = zoomBy(moved, 2, landscape, BOX);
    expect(zoomed.offsetX).toBe(120);
    // The image point under the box centre stays the same.
    const before = cropRect(moved, landscape, BOX);
    const after = cropRect(zoomed, landscape, BOX);
    expect(after.x + after.width / 2).toBeCloseTo(before.x + before.width / 2);
  });

  it('rotates the offset with the image and normalises the angle', () => {
    const s: CropState = { zoom: 1, offsetX: 50, offsetY: 0, rotation: 0 };
    const turned = rotateBy(s, 90, landscape, BOX);
    expect(turned).toMatchObject({ rotation: 90, offsetX: 0, offsetY: 50 });
    // The same image point stays under the box centre.
    expect(cropRect(turned, landscape, BOX)).toEqual(cropRect(s, landscape, BOX));
    expect(normalizeRotation(-90)).toBe(270);
    expect(normalizeRotation(450)).toBe(90);
  });
});
