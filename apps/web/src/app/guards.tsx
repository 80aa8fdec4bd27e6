import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { PageLoader } from '../components/PageLoader';
import { isOverdue } from '../lib/dates';
import { useAuth } from './auth';

/** What a company past its due date may still open: the way to pay (the server answers 402 elsewhere). */
export const OVERDUE_PATHS = ['/financeiro', '/subscription'];


/** A private route opened while signed out goes to /login. */
export function RequireAuth() {
  const { status, landing, clearLanding, user } = useAuth();
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
  if (isOverdue(user?.company?.dueDate) && !OVERDUE_PATHS.includes(location.pathname)) return <Navigate to="/financeiro" replace />;
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
