import { signupInput, type Plan } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { AuthCard } from '../../components/AuthCard';
import { api } from '../../lib/api';
import { toastError } from '../../lib/errors';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../lib/forms';
import { formatPhone, phoneDigits } from '../../lib/phone';

type SignupForm = { name: string; email: string; phone: string; password: string; planId: number | '' };
type SignupPayload = z.output<typeof signupInput>;
// The form keeps an empty plan as '' for the select; the schema turns it into the 'required' error.
const resolver = zodResolver(signupInput) as unknown as Resolver<SignupForm, unknown, SignupPayload>;
const FIELDS = ['name', 'email', 'phone', 'password', 'planId'] as const;

export default function SignupPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const plans = useQuery({
    queryKey: ['plans', 'public'],
    queryFn: () => api.get<Plan[]>('/plans/list', undefined, { auth: false }),
  });

  const form = useForm<SignupForm, unknown, SignupPayload>({
    resolver,
    defaultValues: { name: '', email: '', phone: '', password: '', planId: '' },
  });
  const { handleSubmit, control, setError, formState } = form;
  const { errors } = formState;

  const signup = useMutation({
    mutationFn: (input: SignupPayload) => api.post('/companies/cadastro', input, { auth: false }),
    onSuccess: () => {
      toast.success(t('signup.success'));
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      if (!applyServerFieldErrors(err, setError, FIELDS)) toastError(err);
    },
  });

  return (
    <AuthCard title={t('signup.title')}>
      <Box component="form" noValidate onSubmit={handleSubmit((input) => signup.mutate(input))} sx={{ width: '100%' }}>
        <TextField {...textFieldProps(form, 'name', 'signup-name')} label={t('signup.name')} autoFocus />
        <TextField {...textFieldProps(form, 'email', 'signup-email')} label={t('signup.email')} type="email" autoComplete="email" />
        <Controller
          control={control}
          name="phone"
          render={({ field }) => (
            <TextField
              label={t('signup.phone')}
              fullWidth
              margin="dense"
              autoComplete="tel"
              name={field.name}
              inputRef={field.ref}
              value={formatPhone(field.value)}
              onChange={(e) => field.onChange(phoneDigits(e.target.value))}
              onBlur={field.onBlur}
              placeholder="(99) 99999-9999"
              error={Boolean(errors.phone)}
              helperText={validationText(errors.phone?.message)}
              slotProps={{ htmlInput: { inputMode: 'tel', 'data-testid': 'signup-phone' } }}
            />
          )}
        />
        <TextField
          {...textFieldProps(form, 'password', 'signup-password')}
          helperText={textFieldProps(form, 'password', 'signup-password').helperText ?? t('signup.passwordHint')}
          label={t('signup.password')}
          type="password"
          autoComplete="new-password"
        />
        <Controller
          control={control}
          name="planId"
          render={({ field }) => (
            <TextField
              select
              label={t('signup.plan')}
              fullWidth
              margin="dense"
              name={field.name}
              inputRef={field.ref}
              value={field.value}
              onChange={(e) => field.onChange(e.target.value === '' ? '' : Number(e.target.value))}
              onBlur={field.onBlur}
              error={Boolean(errors.planId)}
              helperText={validationText(errors.planId?.message)}
              slotProps={{ htmlInput: { 'data-testid': 'signup-plan' } }}
            >
              {(plans.data ?? []).map((plan) => (
                <MenuItem key={plan.id} value={plan.id}>
                  {t('signup.planOption', { name: plan.name, users: plan.users, connections: plan.connections, queues: plan.queues, value: plan.value })}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Button type="submit" variant="contained" fullWidth disabled={signup.isPending} sx={{ mt: 2, mb: 2 }} data-testid="signup-submit">
          {t('signup.submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2">
          {t('signup.login')}
        </Link>
      </Box>
    </AuthCard>
  );
}
