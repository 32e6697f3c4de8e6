import { lazy, Suspense } from 'react';
import type { Notice } from '../../api/system/notice';
import { useOpenedOnce } from '../useOpenedOnce';

const NoticeDetail = lazy(() => import('./NoticeDetail'));

/** The notice detail dialog, downloaded the first time a notice is opened. */
export default function NoticeDetailDialog({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const mounted = useOpenedOnce(notice !== null);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <NoticeDetail notice={notice} onClose={onClose} />
    </Suspense>
  );
}
