import { useLocation } from 'react-router';
import { InnerLinkFrames } from './InnerLinkFrames';
import { KeepAliveOutlet } from './KeepAliveOutlet';
import { useRouteHandle } from './useVisitedView';

/** The page area: cached route pages plus the external-link frames. */
export default function AppMain() {
  const { pathname } = useLocation();
  const handle = useRouteHandle();
  return (
    <section className="app-main">
      <KeepAliveOutlet />
      <InnerLinkFrames activePath={pathname} activeLink={handle?.link} />
    </section>
  );
}
