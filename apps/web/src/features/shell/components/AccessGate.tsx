import Box from '@mui/material/Box';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { AccessRule } from '../access';
import { useAllowed } from '../useAccess';

/** The redirect away from a denied page waits 1 s so the message can be read. */
export const DENIED_REDIRECT_MS = 1_000;

export function AccessGate({ rule, children }: { rule?: AccessRule; children: ReactNode }) {
  const allowed = useAllowed()(rule);
  const navigate = useNavigate();
  const { t } = useTranslation();

  useEffect(() => {
    if (allowed) return;
    const message = t('noPermission');
    toast.error(message, { toastId: 'no-permission' });
    const timer = window.setTimeout(() => navigate('/', { replace: true }), DENIED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [allowed, navigate, t]);

  // The refusal is told by the toast, which outlives the redirect; the page stays empty.
  if (allowed) return <>{children}</>;
  return <Box sx={{ flex: 1 }} data-testid="access-denied" />;
}
