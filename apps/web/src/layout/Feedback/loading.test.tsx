import { cleanup, render, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bindFeedback, LOADING_MIN_MS, showLoading } from '../../utils/feedback';
import Feedback from '.';

const NOTICE = 'ant-message-notice-loading';

/**
 * jsdom runs no CSS transitions, so this stands in for the browser: a notice's leave transition ends
 * (`transitionend`) only if its appear had begun, since before that it is still at the hidden style the
 * leave fades to and nothing transitions, which is what Chromium does (seen in an e2e run).
 */
function emulateNoticeTransitions(): MutationObserver {
  const appeared = new WeakSet<Element>();
  const observer = new MutationObserver((records) => {
    for (const { target } of records) {
      if (!(target instanceof HTMLElement) || !target.classList.contains(NOTICE)) continue;
      if (target.classList.contains('ant-message-fade-appear-active')) appeared.add(target);
      if (target.classList.contains('ant-message-fade-leave-active') && appeared.has(target)) {
        setTimeout(() => target.dispatchEvent(new Event('transitionend')), 10);
      }
    }
  });
  observer.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['class'] });
  return observer;
}

/** Resolves once a loading notice is in the page, calling `then` in the same task it was added. */
function whenRendered(then: () => void): Promise<void> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      if (!document.querySelector(`.${NOTICE}`)) return;
      observer.disconnect();
      then();
      resolve();
    });
    observer.observe(document.body, { subtree: true, childList: true });
  });
}

type When = 'at once' | 'after a microtask' | 'once rendered';

async function showAndClose(when: When): Promise<void> {
  const close = showLoading('正在下载数据，请稍候');
  if (when === 'at once') close();
  else if (when === 'after a microtask') await Promise.resolve().then(close);
  else await whenRendered(close);
  await waitFor(() => expect(document.querySelectorAll(`.${NOTICE}`)).toHaveLength(0), {
    timeout: LOADING_MIN_MS + 3000,
  });
}

const timings: When[] = ['at once', 'after a microtask', 'once rendered'];

describe('showLoading', () => {
  let transitions: MutationObserver;
  beforeAll(() => {
    transitions = emulateNoticeTransitions();
  });
  afterAll(() => transitions.disconnect());
  afterEach(cleanup);

  describe.each(timings)('closed %s', (when) => {
    it('goes away through the static API', async () => {
      bindFeedback(undefined);
      await showAndClose(when);
    }, 15_000);

    it('goes away through the bound hooks, on first and later uses', async () => {
      render(<Feedback />);
      await showAndClose(when);
      await showAndClose(when);
    }, 15_000);
  });
});
