import { installMatchMedia } from '../../../../components/testing';

/**
 * What jsdom lacks and the agent dialogs call: matchMedia (antd's responsive helpers), ResizeObserver
 * (auto-sizing text areas, menus) and scrollIntoView (the debug chat follows the newest message).
 */
export function installDomStubs(): void {
  installMatchMedia();
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  Element.prototype.scrollIntoView ??= () => undefined;
}
