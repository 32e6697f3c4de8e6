import { FRAME_HEIGHT_OFFSET } from '@acs/shared';
import { Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTagsViewStore } from '../../stores/tagsView';

function useFrameHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight - FRAME_HEIGHT_OFFSET);
  useEffect(() => {
    const onResize = () => setHeight(window.innerHeight - FRAME_HEIGHT_OFFSET);
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return height;
}

function Frame({ src, visible, height }: { src: string; visible: boolean; height: number }) {
  const [loading, setLoading] = useState(true);
  return (
    <div className="inner-link-frame" style={{ display: visible ? 'block' : 'none' }}>
      <Spin spinning={loading} description="正在加载页面，请稍候！">
        <iframe src={src} title={src} style={{ height }} onLoad={() => setLoading(false)} />
      </Spin>
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
