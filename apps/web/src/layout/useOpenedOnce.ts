import { useState } from 'react';

/**
 * True from the first time `open` is true on. Lazily loaded dialogs and drawers mount then (their chunk
 * downloads on first use) and stay mounted, so closing still plays antd's leave animation.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
