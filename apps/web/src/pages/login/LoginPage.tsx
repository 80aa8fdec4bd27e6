import { DUE_DATE_WARNING_DAYS, type SessionUser } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { LanguageSwitch } from '../../app/LanguageSwitch';
import { AuthCard } from '../../components/AuthCard';
import { ApiError } from '../../lib/api';
import { daysUntil, formatDate } from '../../lib/dates';
import { toastError } from '../../lib/errors';
import { forgetSessionTaken, hasSessionTakenNotice } from '../../lib/storage';

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const { login } = useAuth();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const { t: tc } = useTranslation();
  // Set when another login ended this browser's session.
  const [sessionTaken] = useState(hasSessionTakenNotice);

  function warnIfDueSoon(user: SessionUser) {
    const days = daysUntil(user.company?.dueDate);
    if (days === null || days >= DUE_DATE_WARNING_DAYS) return;
    // Past due: signed in only to pay (the app opens the invoices).
    if (days < 0) toast.warn(t('login.expired', { date: formatDate(user.company.dueDate) }));
    else toast.warn(days === 0 ? t('login.dueToday') : t('login.dueSoon', { count: days }));
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    forgetSessionTaken();
    setBusy(true);
    try {
      warnIfDueSoon(await login(email.trim(), password));
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ERR_SUBSCRIPTION_EXPIRED') {
        const dueDate = err.details.dueDate;
        toast.error(t('login.expired', { date: formatDate(typeof dueDate === 'string' ? dueDate : null) }));
      } else if (err instanceof ApiError && err.code === 'ERR_TOO_MANY_ATTEMPTS' && typeof err.details.retryAfterSeconds === 'number') {
        toast.error(t('login.retryIn', { seconds: err.details.retryAfterSeconds }));
      } else {
        toastError(err);
      }
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('login.title')}>
      {sessionTaken && (
        <Alert severity="warning" sx={{ width: '100%', mb: 1 }} data-testid="login-session-taken">
          {tc('sessionTaken')}
        </Alert>
      )}
      <Box component="form" onSubmit={handleSubmit} noValidate={false} sx={{ width: '100%' }}>
        <TextField
          label={t('login.email')}
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          required
          fullWidth
          margin="normal"
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <TextField
          label={t('login.password')}
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
          fullWidth
          margin="normal"
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
        />
        <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2, mb: 2 }} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgetpsw" variant="body2" data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
          <Link component={RouterLink} to="/signup" variant="body2" data-testid="login-signup">
            {t('login.signup')}
          </Link>
        </Box>
      </Box>
      <LanguageSwitch />
    </AuthCard>
  );
}
