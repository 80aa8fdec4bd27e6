import { STRONG_PASSWORD, emailField, type RecoveryStatus } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { AuthCard } from '../../components/AuthCard';
import { api, ApiError } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { validationText } from '../../lib/forms';

export default function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<'email' | 'reset'>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [resetErrors, setResetErrors] = useState<{ code?: string; password?: string; confirmation?: string }>({});
  const [busy, setBusy] = useState(false);
  // Without SMTP_URL the server cannot mail codes: the page says so instead of offering the form.
  const status = useQuery({
    queryKey: ['password-recovery'],
    queryFn: ({ signal }) => api.get<RecoveryStatus>('/forgetpassword', undefined, { signal, auth: false }),
  });

  async function sendEmail(event: FormEvent) {
    event.preventDefault();
    const parsed = emailField.safeParse(email);
    if (!parsed.success) {
      setEmailError(validationText(parsed.error.issues[0]?.message));
      return;
    }
    setEmailError(undefined);
    setBusy(true);
    try {
      await api.post(`/forgetpassword/${encodeURIComponent(parsed.data)}`, undefined, { auth: false });
      toast.success(t('forgot.sent'));
      setEmail(parsed.data);
      setStep('reset');
    } catch (err) {
      // A 404 answer means the address is unknown.
      if (err instanceof ApiError && err.status === 404) {
        toast.error(t('forgot.notFound'));
      } else toastError(err);
    } finally {
      setBusy(false);
    }
  }

  async function resetPassword(event: FormEvent) {
    event.preventDefault();
    const errors = {
      code: code.trim() ? undefined : validationText('required'),
      password: STRONG_PASSWORD.test(password) ? undefined : t('forgot.passwordRule'),
      confirmation: confirmation === password ? undefined : t('forgot.passwordsDontMatch'),
    };
    setResetErrors(errors);
    if (errors.code || errors.password || errors.confirmation) return;
    setBusy(true);
    try {
      const path = [email, code.trim(), password].map(encodeURIComponent).join('/');
      await api.post(`/resetpasswords/${path}`, undefined, { auth: false });
      toast.success(t('forgot.done'));
      navigate('/login', { replace: true });
    } catch (err) {
      toastError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t('forgot.title')}>
      {status.data?.configured === false ? (
        <Alert severity="warning" sx={{ width: '100%', my: 2 }} data-testid="forgot-not-configured">
          {t('forgot.notConfigured')}
        </Alert>
      ) : step === 'email' ? (
        <Box component="form" noValidate onSubmit={sendEmail} sx={{ width: '100%' }}>
          <TextField
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            fullWidth
            margin="normal"
            autoFocus
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={Boolean(emailError)}
            helperText={emailError}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
          />
          <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2, mb: 2 }} data-testid="forgot-submit">
            {t('forgot.send')}
          </Button>
        </Box>
      ) : (
        <Box component="form" noValidate onSubmit={resetPassword} sx={{ width: '100%' }}>
          <TextField
            label={t('forgot.code')}
            fullWidth
            margin="dense"
            autoFocus
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={Boolean(resetErrors.code)}
            helperText={resetErrors.code}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-code' } }}
          />
          <TextField
            label={t('forgot.newPassword')}
            type="password"
            autoComplete="new-password"
            fullWidth
            margin="dense"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={Boolean(resetErrors.password)}
            helperText={resetErrors.password}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-password' } }}
          />
          <TextField
            label={t('forgot.confirmPassword')}
            type="password"
            autoComplete="new-password"
            fullWidth
            margin="dense"
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            error={Boolean(resetErrors.confirmation)}
            helperText={resetErrors.confirmation}
            slotProps={{ htmlInput: { 'data-testid': 'forgot-confirm' } }}
          />
          <Button type="submit" variant="contained" fullWidth disabled={busy} sx={{ mt: 2, mb: 2 }} data-testid="forgot-reset">
            {t('forgot.reset')}
          </Button>
        </Box>
      )}
      <Link component={RouterLink} to="/login" variant="body2" sx={{ alignSelf: 'flex-start' }}>
        {t('forgot.backToLogin')}
      </Link>
    </AuthCard>
  );
}
