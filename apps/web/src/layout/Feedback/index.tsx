import { lazy, Suspense, useEffect, useState } from 'react';
import { bindFeedback } from '../../utils/feedback';
import type { FeedbackApi } from './types';

const FeedbackHolders = lazy(() => import('./FeedbackHolders'));

type Method = (...args: unknown[]) => unknown;

/**
 * Stands in for one of antd's instances until the real one is ready, forwarding each call then.
 * A Proxy because the instances have many methods and feedback.ts uses none of their return values.
 */
function deferred<T extends object>(ready: Promise<FeedbackApi>, pick: (api: FeedbackApi) => T, onUse: () => void): T {
  const handler: ProxyHandler<T> = {
    get: (_target, key) => (...args: unknown[]) => {
      onUse();
      void ready.then((api) => (pick(api)[key as keyof T] as Method)(...args));
    },
  };
  return new Proxy({} as T, handler);
}

/**
 * Binds the app's toasts, notifications and confirm dialogs (src/utils/feedback.ts) to antd's
 * context-aware hooks, whose code (modal, message, notification) downloads the first time one is shown
 * rather than with the shell.
 */
export default function Feedback() {
  const [wanted, setWanted] = useState(false);
  const [channel] = useState(() => {
    let resolve!: (api: FeedbackApi) => void;
    const ready = new Promise<FeedbackApi>((r) => (resolve = r));
    return { ready, resolve };
  });

  useEffect(() => {
    const want = () => setWanted(true);
    bindFeedback({
      message: deferred(channel.ready, (api) => api.message, want),
      notification: deferred(channel.ready, (api) => api.notification, want),
      modal: deferred(channel.ready, (api) => api.modal, want),
    });
    return () => bindFeedback(undefined);
  }, [channel]);

  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <FeedbackHolders onReady={channel.resolve} />
    </Suspense>
  );
}
