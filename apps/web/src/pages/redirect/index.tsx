import { Navigate, useLocation, useParams } from 'react-router';

/** /redirect/<path>?q → /<path>?q with replace; the tags view uses it to re-mount a cached page. */
export default function RedirectPage() {
  const rest = useParams()['*'] ?? '';
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
}
