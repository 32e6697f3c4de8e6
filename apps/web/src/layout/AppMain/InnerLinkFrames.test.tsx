import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AFFIX_VIEWS, useTagsViewStore, type TagView } from '../../stores/tagsView';
import { InnerLinkFrames } from './InnerLinkFrames';

const linkView = (path: string, link: string): TagView => ({ path, fullPath: path, title: path, meta: { title: path, link } });

describe('InnerLinkFrames', () => {
  beforeEach(() => {
    Object.defineProperty(window, 'innerHeight', { configurable: true, value: 800 });
    useTagsViewStore.setState({
      visitedViews: [...AFFIX_VIEWS, linkView('/docs', 'https://docs.example.com'), linkView('/status', 'https://status.example.com')],
      cachedViews: ['/index'],
      refreshStamps: {},
    });
  });
  afterEach(cleanup);

  it('keeps one frame per open link tab and shows only the current one, 94.5 px shorter than the window', () => {
    const { container } = render(<InnerLinkFrames activePath="/status" activeLink="https://status.example.com" />);
    const frames = [...container.querySelectorAll('iframe')];
    expect(frames.map((f) => f.getAttribute('src'))).toEqual(['https://docs.example.com', 'https://status.example.com']);
    const shown = frames.filter((f) => (f.closest('.inner-link-frame') as HTMLElement).style.display !== 'none');
    expect(shown.map((f) => f.getAttribute('src'))).toEqual(['https://status.example.com']);
    expect(frames[0].style.height).toBe('705.5px');
  });

  it('shows the current link before its tab is recorded, and nothing on ordinary pages', () => {
    useTagsViewStore.setState({ visitedViews: [...AFFIX_VIEWS] });
    const { container, rerender } = render(<InnerLinkFrames activePath="/new" activeLink="https://new.example.com" />);
    expect(container.querySelectorAll('iframe')).toHaveLength(1);
    rerender(<InnerLinkFrames activePath="/index" activeLink={undefined} />);
    expect(container.querySelectorAll('iframe')).toHaveLength(0);
  });
});
