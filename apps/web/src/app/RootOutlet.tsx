import NProgress from 'nprogress';
import { useEffect } from 'react';
import { Outlet, useNavigation } from 'react-router';

/** Finishes the progress bar the guard started, once navigation settles (inside or outside the shell). */
export default function RootOutlet() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') NProgress.done();
  }, [state]);
  return <Outlet />;
}
