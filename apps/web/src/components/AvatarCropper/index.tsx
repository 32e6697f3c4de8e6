import { useCallback, useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Button, Space } from 'antd';
import { RotateLeftOutlined, RotateRightOutlined, UploadOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { toast } from '../../utils/feedback';
import { initialState, moveBy, rotateBy, ZOOM_STEP, zoomBy, type CropState } from './cropMath';
import { cropToPng, drawCrop, drawStage, prepare } from './draw';

const STAGE = 300;
const BOX = 200;
const PREVIEW = 120;
const KEY_STEP = 10;
const NOT_IMAGE = '文件格式错误，请上传图片类型,如：JPG，PNG后缀的文件。';

interface AvatarCropperProps {
  /** Picture loaded at first (the current avatar); same-origin so the canvas stays exportable. */
  src?: string;
  /** Receives the cropped square as PNG. */
  onSubmit: (png: Blob) => Promise<void> | void;
}

function sizeOf(img: HTMLImageElement) {
  return { width: img.naturalWidth, height: img.naturalHeight };
}

const KEY_MOVES: Record<string, [number, number]> = {
  ArrowLeft: [-KEY_STEP, 0],
  ArrowRight: [KEY_STEP, 0],
  ArrowUp: [0, -KEY_STEP],
  ArrowDown: [0, KEY_STEP],
};

/** Square avatar cropper on a canvas: drag or arrow keys move, wheel or buttons zoom, quarter-turn rotation. */
export default function AvatarCropper({ src, onSubmit }: AvatarCropperProps) {
  const stageRef = useRef<HTMLCanvasElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const drag = useRef<{ x: number; y: number } | null>(null);
  const [img, setImg] = useState<HTMLImageElement | null>(null);
  const [crop, setCrop] = useState<CropState | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback((url: string) => {
    const image = new Image();
    image.onload = () => {
      // An SVG without intrinsic size has nothing to crop against.
      if (!image.naturalWidth || !image.naturalHeight) return;
      setImg(image);
      setCrop(initialState(sizeOf(image), BOX));
    };
    image.src = url;
  }, []);

  useEffect(() => {
    if (src) load(src);
  }, [src, load]);

  useEffect(() => {
    if (!img || !crop) return;
    const stage = stageRef.current && prepare(stageRef.current, STAGE);
    if (stage) drawStage(stage, img, crop, STAGE, BOX);
    const preview = previewRef.current && prepare(previewRef.current, PREVIEW);
    if (preview) drawCrop(preview, img, crop, PREVIEW, BOX);
  }, [img, crop]);

  const update = useCallback(
    (change: (s: CropState, size: { width: number; height: number }) => CropState) => {
      if (!img) return;
      setCrop((s) => (s ? change(s, sizeOf(img)) : s));
    },
    [img],
  );

  // React's wheel listener is passive; the page must not scroll while zooming, so listen natively.
  useEffect(() => {
    const canvas = stageRef.current;
    if (!canvas) return;
    const onWheel = (e: WheelEvent) => {
      e.preventDefault();
      const factor = e.deltaY < 0 ? ZOOM_STEP : 1 / ZOOM_STEP;
      update((s, size) => zoomBy(s, factor, size, BOX));
    };
    canvas.addEventListener('wheel', onWheel, { passive: false });
    return () => canvas.removeEventListener('wheel', onWheel);
  }, [update]);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const last = drag.current;
    if (!last) return;
    drag.current = { x: e.clientX, y: e.clientY };
    update((s, size) => moveBy(s, e.clientX - last.x, e.clientY - last.y, size, BOX));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const move = KEY_MOVES[e.key];
    if (!move) return;
    e.preventDefault();
    update((s, size) => moveBy(s, move[0], move[1], size, BOX));
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      toast.error(NOT_IMAGE);
      return;
    }
    const reader = new FileReader();
    reader.onload = () => load(String(reader.result));
    reader.readAsDataURL(file);
  };

  const submit = async () => {
    if (!img || !crop) return;
    setSubmitting(true);
    try {
      await onSubmit(await cropToPng(img, crop, BOX, BOX));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <div className="avatar-cropper">
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 24, justifyContent: 'center', alignItems: 'center' }}>
        <canvas
          ref={stageRef}
          tabIndex={0}
          aria-label="头像裁剪区域，拖动或方向键移动，滚轮缩放"
          style={{ width: STAGE, height: STAGE, cursor: 'move', touchAction: 'none', borderRadius: 4, background: '#f0f2f5' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onKeyDown={onKeyDown}
        />
        <canvas
          ref={previewRef}
          aria-label="头像预览"
          style={{ width: PREVIEW, height: PREVIEW, borderRadius: '50%', boxShadow: '0 0 4px #ccc' }}
        />
      </div>
      <input
        ref={fileRef}
        type="file"
        accept="image/*"
        hidden
        onChange={(e) => {
          choose(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      <Space wrap style={{ marginTop: 20, width: '100%', justifyContent: 'center' }}>
        <Button icon={<UploadOutlined />} onClick={() => fileRef.current?.click()}>
          选择
        </Button>
        <Button icon={<ZoomInOutlined />} aria-label="放大" disabled={!img} onClick={() => update((s, size) => zoomBy(s, ZOOM_STEP, size, BOX))}>
          放大
        </Button>
        <Button icon={<ZoomOutOutlined />} aria-label="缩小" disabled={!img} onClick={() => update((s, size) => zoomBy(s, 1 / ZOOM_STEP, size, BOX))}>
          缩小
        </Button>
        <Button icon={<RotateLeftOutlined />} disabled={!img} onClick={() => update((s, size) => rotateBy(s, -90, size, BOX))}>
          左旋转
        </Button>
        <Button icon={<RotateRightOutlined />} disabled={!img} onClick={() => update((s, size) => rotateBy(s, 90, size, BOX))}>
          右旋转
        </Button>
        <Button type="primary" loading={submitting} disabled={!img} onClick={() => void submit()}>
          提交
        </Button>
      </Space>
    </div>
  );
}
