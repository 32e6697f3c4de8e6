import { beforeEach, describe, expect, it } from 'vitest';
import { AFFIX_VIEWS, targetAfterClose, useTagsViewStore, type TagView } from './tagsView';

const view = (path: string, extra: Partial<TagView['meta']> = {}, search = ''): TagView => ({
  path,
  fullPath: path + search,
  title: path.slice(1),
  meta: { title: path.slice(1), ...extra },
});

const paths = () => useTagsViewStore.getState().visitedViews.map((v) => v.path);
const store = () => useTagsViewStore.getState();
const [a, b, c, d] = ['/a', '/b', '/c', '/d'].map((p) => view(p));

describe('tagsView store', () => {
  beforeEach(() => {
    useTagsViewStore.setState({ visitedViews: [...AFFIX_VIEWS], cachedViews: ['/index'], refreshStamps: {} });
    [a, b, c, d].forEach((v) => store().addView(v));
  });

  it('starts with the pinned workbench and adds one tab per path', () => {
    store().addView(view('/b', {}, '?page=2'));
    expect(paths()).toEqual(['/index', '/a', '/b', '/c', '/d']);
    expect(store().visitedViews[2].fullPath).toBe('/b?page=2');
  });

  it('caches visited pages unless noCache', () => {
    store().addView(view('/live', { noCache: true }));
    expect(store().cachedViews).toEqual(['/index', '/a', '/b', '/c', '/d']);
  });

  it('closes the current tab and forgets its cache', () => {
    store().delView(b);
    expect(paths()).toEqual(['/index', '/a', '/c', '/d']);
    expect(store().cachedViews).not.toContain('/b');
  });

  it('never closes the pinned tab', () => {
    store().delView(AFFIX_VIEWS[0]);
    expect(paths()[0]).toBe('/index');
  });

  it('closes others, keeping pinned tabs', () => {
    store().delOthersViews(c);
    expect(paths()).toEqual(['/index', '/c']);
  });

  it('closes tabs left and right of the chosen one', () => {
    store().delLeftViews(c);
    expect(paths()).toEqual(['/index', '/c', '/d']);
    store().delRightViews(c);
    expect(paths()).toEqual(['/index', '/c']);
  });

  it('closes all but pinned tabs', () => {
    store().delAllViews();
    expect(paths()).toEqual(['/index']);
    expect(store().cachedViews).toEqual(['/index']);
  });

  it('bumps a refresh stamp per path', () => {
    store().refreshView(a);
    store().refreshView(a);
    expect(store().refreshStamps['/a']).toBe(2);
  });
});

describe('targetAfterClose', () => {
  it('goes to the last remaining tab', () => {
    expect(targetAfterClose([AFFIX_VIEWS[0], view('/a', {}, '?x=1')], b)).toBe('/a?x=1');
  });

  it('with nothing left goes home, reloading through /redirect when the workbench itself was closed', () => {
    expect(targetAfterClose([], b)).toBe('/');
    expect(targetAfterClose([], AFFIX_VIEWS[0])).toBe('/redirect/index');
  });
});
