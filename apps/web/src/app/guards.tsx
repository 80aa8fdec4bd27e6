import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { useAuth } from './auth';

/** A private route opened while signed out goes to /login. */
export function RequireAuth() {
  const { status, landing, clearLanding } = useAuth();
  const location = useLocation();

  useEffect(() => {
    if (status === 'signedIn' && landing) clearLanding();
  }, [status, landing, clearLanding]);

  if (status === 'loading') return <PageLoader />;
  if (status === 'signedOut') {
    return (
      <>
        <Navigate to="/login" replace state={{ from: location.pathname }} />
        <PageLoader />
      </>
    );
  }
  return <Outlet />;
}

/** A signed-in user opening a public route goes to / (to /tickets right after login). */
export function PublicOnly() {
  const { status, landing } = useAuth();
  if (status === 'loading') return <PageLoader />;
  // The loader stays on screen while the next page's chunk loads (the navigation is a transition).
  if (status === 'signedIn') {
    return (
      <>
        <Navigate to={landing ?? '/'} replace />
        <PageLoader />
      </>
    );
  }
  return <Outlet />;
}
