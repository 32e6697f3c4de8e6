import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';
import type { ModalFuncProps } from 'antd';

/**
 * Toasts, notifications and confirm dialogs for code outside React (request layer, guard).
 * antd is imported on first use so the login route never downloads it. Inside the shell, the layout
 * can call `bindFeedback(App.useApp())` so these follow the antd theme and locale of the app.
 */
interface FeedbackApi {
  message: MessageInstance;
  notification: NotificationInstance;
  modal: { confirm: (props: ModalFuncProps) => unknown };
}

let bound: FeedbackApi | undefined;
let staticApi: Promise<FeedbackApi> | undefined;

export function bindFeedback(api: FeedbackApi | undefined): void {
  bound = api;
}

function feedbackApi(): Promise<FeedbackApi> {
  if (bound) return Promise.resolve(bound);
  // One module per component, not the 'antd' barrel: the bundler makes a dynamic import of the barrel a
  // chunk that also collects the antd code pages share, and the shell would then download it whole.
  staticApi ??= Promise.all([import('antd/es/message'), import('antd/es/notification'), import('antd/es/modal')]).then(
    ([message, notification, Modal]) => ({
      message: message.default,
      notification: notification.default,
      modal: { confirm: Modal.default.confirm },
    }),
  );
  return staticApi;
}

type ToastKind = 'success' | 'error' | 'warning' | 'info';

function show(kind: ToastKind, text: string, durationMs = 3000): void {
  void feedbackApi().then(({ message }) => message[kind](text, durationMs / 1000));
}

export const toast = {
  success: (text: string, durationMs?: number) => show('success', text, durationMs),
  error: (text: string, durationMs?: number) => show('error', text, durationMs),
  warning: (text: string, durationMs?: number) => show('warning', text, durationMs),
  info: (text: string, durationMs?: number) => show('info', text, durationMs),
};

export function notifyError(text: string): void {
  void feedbackApi().then(({ notification }) => notification.error({ title: text }));
}

let noticeSeq = 0;

/** A short notice in the corner; clicking it closes it and runs `onClick`. */
export function notifyInfo(opts: { title: string; description?: string; onClick?: () => void }): void {
  const key = `notice-${++noticeSeq}`;
  void feedbackApi().then(({ notification }) =>
    notification.info({
      key,
      title: opts.title,
      description: opts.description,
      style: opts.onClick ? { cursor: 'pointer' } : undefined,
      onClick: () => {
        notification.destroy(key);
        opts.onClick?.();
      },
    }),
  );
}

export interface ConfirmOptions {
  title?: string;
  content: string;
  okText?: string;
  cancelText?: string;
  type?: 'warning' | 'info';
}

/** Resolves true on OK, false on cancel or close. */
export function confirmDialog(opts: ConfirmOptions): Promise<boolean> {
  return feedbackApi().then(
    ({ modal }) =>
      new Promise<boolean>((resolve) => {
        modal.confirm({
          title: opts.title ?? '系统提示',
          content: opts.content,
          okText: opts.okText ?? '确定',
          cancelText: opts.cancelText ?? '取消',
          type: opts.type ?? 'warning',
          onOk: () => resolve(true),
          onCancel: () => resolve(false),
        });
      }),
  );
}

let loadingSeq = 0;

/**
 * How long a loading message stays at least, once opened. antd removes a closing message only when its
 * leave transition ends, and gives it no deadline; a message closed before its appear transition has
 * begun is still at the hidden style the leave fades to, so nothing transitions, `transitionend` never
 * comes and the transparent notice stays in the page for good (a download refused or answered at once).
 * The appear starts two frames after the notice mounts; a second leaves ample margin on a busy machine.
 */
export const LOADING_MIN_MS = 1000;

/** Shows a loading message until the returned function is called (safe to call before antd loaded). */
export function showLoading(text: string): () => void {
  const key = `loading-${++loadingSeq}`;
  let closed = false;
  // The instance it went to: the app may bind its own in between, and that one would not know the key.
  let opened: { message: MessageInstance; at: number } | undefined;
  void feedbackApi().then(({ message }) => {
    if (closed) return;
    opened = { message, at: Date.now() };
    message.open({ key, type: 'loading', content: text, duration: 0 });
  });
  return () => {
    if (closed) return;
    closed = true;
    // Not opened yet: the open above is skipped, so there is nothing to take down.
    if (!opened) return;
    const { message, at } = opened;
    const wait = at + LOADING_MIN_MS - Date.now();
    if (wait > 0) setTimeout(() => message.destroy(key), wait);
    else message.destroy(key);
  };
}
