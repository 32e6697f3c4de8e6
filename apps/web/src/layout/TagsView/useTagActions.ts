import { useLocation, useNavigate } from 'react-router';
import { targetAfterClose, useTagsViewStore, type TagView } from '../../stores/tagsView';

/** The tab actions of the bar and its context menu, with the navigation each one implies. */
export function useTagActions() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const store = useTagsViewStore;
  const isActive = (view: TagView) => view.path === pathname;
  const activeGone = () => !store.getState().visitedViews.some((v) => v.path === pathname);
  const goLast = (closed: TagView) => navigate(targetAfterClose(store.getState().visitedViews, closed));

  return {
    isActive,
    refresh(view: TagView) {
      store.getState().refreshView(view);
      if (!isActive(view)) navigate(view.fullPath);
    },
    close(view: TagView) {
      if (view.meta.affix) return;
      store.getState().delView(view);
      if (isActive(view)) goLast(view);
    },
    closeOthers(view: TagView) {
      store.getState().delOthersViews(view);
      if (!isActive(view)) navigate(view.fullPath);
    },
    closeLeft(view: TagView) {
      store.getState().delLeftViews(view);
      if (activeGone()) navigate(view.fullPath);
    },
    closeRight(view: TagView) {
      store.getState().delRightViews(view);
      if (activeGone()) navigate(view.fullPath);
    },
    closeAll(view: TagView) {
      store.getState().delAllViews();
      if (activeGone()) goLast(view);
    },
  };
}
