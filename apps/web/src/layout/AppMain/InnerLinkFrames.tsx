import { FRAME_HEIGHT_OFFSET } from '@acs/shared';
import { useEffect, useState } from 'react';
import { useTagsViewStore } from '../../stores/tagsView';

export function useFrameHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight - FRAME_HEIGHT_OFFSET);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight - FRAME_HEIGHT_OFFSET);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

export function Frame({ src, visible, height }: { src: string; visible: boolean; height: number }) {
  const [loading, setLoading] = useState(true);
  return (
    <div className="inner-link-frame" style={{ display: visible ? 'block' : 'none' }}>
      {/* A CSS spinner rather than antd Spin, which the shell would otherwise download for this alone. */}
      {loading && (
        <div className="inner-link-loading" role="status">
          <span className="inner-link-spinner" aria-hidden="true" />
          正在加载页面，请稍候！
        </div>
      )}
      <iframe src={src} title={src} style={{ height }} onLoad={() => setLoading(false)} />
    </div>
  );
}

/**
 * One iframe per open external-link tab, all kept mounted and only the current one shown, so a frame keeps
 * its page while the user works elsewhere; closing the tab removes the frame.
 */
export function InnerLinkFrames({ activePath, activeLink }: { activePath: string; activeLink?: string | null }) {
  const visited = useTagsViewStore((s) => s.visitedViews);
  const height = useFrameHeight();
  const frames = visited.filter((v) => v.meta.link).map((v) => ({ path: v.path, link: v.meta.link as string }));
  if (activeLink && !frames.some((f) => f.path === activePath)) frames.push({ path: activePath, link: activeLink });
  return (
    <>
      {frames.map((f) => (
        <Frame key={f.path} src={f.link} visible={f.path === activePath} height={height} />
      ))}
    </>
  );
}
