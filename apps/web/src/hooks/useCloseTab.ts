import { useLocation, useNavigate } from 'react-router';
import { useTagsViewStore } from '../stores/tagsView';

/**
 * 关闭 / 返回 of a hidden page (分配角色, 分配用户, 字典数据): drops the page's tab and goes back to
 * the list it was opened from.
 */
export function useCloseTab(listPath: string): () => void {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return () => {
    const tags = useTagsViewStore.getState();
    const view = tags.visitedViews.find((v) => v.path === pathname);
    if (view) tags.delView(view);
    void navigate(listPath);
  };
}
