/**
 * Route element for InnerLink menu routes. It renders nothing by itself: AppMain shows every opened
 * link in its own iframe (see InnerLinkFrames) so a frame is not reloaded when switching tabs.
 */
export default function InnerLink() {
  return null;
}
