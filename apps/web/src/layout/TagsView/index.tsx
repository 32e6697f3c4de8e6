import { CloseOutlined } from '@ant-design/icons';
import { TAG_SCROLL_MARGIN } from '@acs/shared';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useRef, type MouseEvent, type WheelEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { useTagsViewStore, type TagView } from '../../stores/tagsView';
import { useTagActions } from './useTagActions';

/** Scrolls the bar just enough to show `tag`, leaving the spec's 4 px margin. */
export function revealTag(container: HTMLElement, tag: HTMLElement) {
  const left = tag.offsetLeft - TAG_SCROLL_MARGIN;
  const right = tag.offsetLeft + tag.offsetWidth + TAG_SCROLL_MARGIN;
  if (left < container.scrollLeft) container.scrollLeft = left;
  else if (right > container.scrollLeft + container.clientWidth) container.scrollLeft = right - container.clientWidth;
}

export default function TagsView() {
  const { pathname } = useLocation();
  const views = useTagsViewStore((s) => s.visitedViews);
  const actions = useTagActions();
  const scroller = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const container = scroller.current;
    const tag = [...(container?.querySelectorAll<HTMLElement>('[data-path]') ?? [])].find((el) => el.dataset.path === pathname);
    if (container && tag) revealTag(container, tag);
  }, [pathname, views.length]);

  const onWheel = (e: WheelEvent<HTMLDivElement>) => {
    if (scroller.current && e.deltaY) scroller.current.scrollLeft += e.deltaY;
  };

  const menuFor = (view: TagView, index: number): MenuProps['items'] => [
    { key: 'refresh', label: '刷新页面', onClick: () => actions.refresh(view) },
    ...(view.meta.affix ? [] : [{ key: 'close', label: '关闭当前', onClick: () => actions.close(view) }]),
    { key: 'others', label: '关闭其他', onClick: () => actions.closeOthers(view) },
    ...(index === 0 ? [] : [{ key: 'left', label: '关闭左侧', onClick: () => actions.closeLeft(view) }]),
    ...(index === views.length - 1 ? [] : [{ key: 'right', label: '关闭右侧', onClick: () => actions.closeRight(view) }]),
    { key: 'all', label: '全部关闭', onClick: () => actions.closeAll(view) },
  ];

  const onAuxClick = (view: TagView) => (e: MouseEvent) => {
    if (e.button !== 1) return;
    e.preventDefault();
    actions.close(view);
  };

  return (
    <nav className="tags-view" aria-label="已打开的页面">
      <div className="tags-view-scroll" ref={scroller} onWheel={onWheel}>
        {views.map((view, index) => (
          <Dropdown key={view.path} trigger={['contextMenu']} menu={{ items: menuFor(view, index) }}>
            <Link
              to={view.fullPath}
              data-path={view.path}
              className={`tags-view-item${actions.isActive(view) ? ' active' : ''}`}
              onAuxClick={onAuxClick(view)}
              onMouseDown={(e) => e.button === 1 && e.preventDefault()}
            >
              {view.title}
              {!view.meta.affix && (
                <CloseOutlined
                  className="tags-view-close"
                  aria-label={`关闭 ${view.title}`}
                  onClick={(e) => {
                    e.preventDefault();
                    e.stopPropagation();
                    actions.close(view);
                  }}
                />
              )}
            </Link>
          </Dropdown>
        ))}
      </div>
    </nav>
  );
}
