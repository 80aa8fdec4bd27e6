import { BILLING, type Invoice, type PixCharge, type SessionUser } from '@atende/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAuth } from '../../../app/auth';
import { api } from '../../../lib/api';
import { formatDate } from '../../../lib/dates';
import { toastError } from '../../../lib/errors';
import { useInvoiceWatch, useSubscribe } from '../api';
import { checkoutErrors, emptyCheckout, subscriptionBody, type CheckoutValues } from '../checkoutForm';
import { useBillingLive } from '../useBillingLive';
import { PixPayment } from './PixPayment';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const STEPS = ['data', 'customize', 'review'] as const;
const FIELDS: Array<keyof CheckoutValues> = ['firstName', 'lastName', 'address2', 'city', 'state', 'zipcode'];

interface CheckoutDialogProps {
  invoice: Invoice;
  onClose: () => void;
}

/**
 * Falta pouco!: Dados, Personalizar, Revisar (opening at Personalizar), then the Pix charge. The
 * payment is confirmed by the live event, or by reading the invoice again (see useInvoiceWatch);
 * then the renewed due date shows and the app goes to / after 4 s.
 */
export function CheckoutDialog({ invoice, onClose }: CheckoutDialogProps) {
  const { t } = useTranslation('billing');
  const navigate = useNavigate();
  const { updateUser } = useAuth();
  const [step, setStep] = useState(1);
  const [values, setValues] = useState<CheckoutValues>(emptyCheckout);
  const [touched, setTouched] = useState(false);
  const [charge, setCharge] = useState<PixCharge | null>(null);
  const [renewedUntil, setRenewedUntil] = useState<string | null>(null);
  const subscribe = useSubscribe();
  const errors = touched ? checkoutErrors(values) : {};
  const plan = { title: invoice.detail, price: invoice.value };

  const paid = useCallback(
    (dueDate: string | null) => {
      if (renewedUntil) return;
      setRenewedUntil(dueDate ?? invoice.dueDate);
      // The session learns the new due date: the pages the company was kept from open again.
      void api
        .get<SessionUser>('/auth/me')
        .then((user) => {
          updateUser(user);
          if (user.company.dueDate) setRenewedUntil(user.company.dueDate);
        })
        .catch(() => undefined);
    },
    [renewedUntil, invoice.dueDate, updateUser],
  );

  useBillingLive((payment) => {
    if (charge && payment.invoiceId === invoice.id) paid(payment.dueDate);
  });
  const watched = useInvoiceWatch(invoice.id, charge !== null && renewedUntil === null);
  useEffect(() => {
    if (watched.data?.status === 'paid') paid(null);
  }, [watched.data?.status, paid]);

  useEffect(() => {
    if (!renewedUntil) return;
    const timer = window.setTimeout(() => navigate('/'), BILLING.redirectAfterPaymentMs);
    return () => window.clearTimeout(timer);
  }, [renewedUntil, navigate]);

  const set = (field: keyof CheckoutValues) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  function next() {
    if (step === 0) {
      setTouched(true);
      if (Object.keys(checkoutErrors(values)).length) return;
    }
    if (step < 2) {
      setStep(step + 1);
      return;
    }
    setTouched(true);
    if (Object.keys(checkoutErrors(values)).length) {
      // The checkout opens past Dados: what is missing there is asked for there.
      setStep(0);
      return;
    }
    subscribe.mutate(subscriptionBody(values, plan, invoice.id), { onSuccess: setCharge, onError: toastError });
  }

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="checkout-dialog">
      <DialogTitle>{t('checkout.title')}</DialogTitle>
      <DialogContent>
        {charge ? (
          <PixPayment charge={charge} renewedUntil={renewedUntil} />
        ) : (
          <>
            <Stepper activeStep={step} sx={{ mb: 3 }}>
              {STEPS.map((key) => (
                <Step key={key}>
                  <StepLabel>{t(`checkout.steps.${key}`)}</StepLabel>
                </Step>
              ))}
            </Stepper>
            {step === 0 && (
              <Box sx={{ display: 'grid', gridTemplateColumns: { sm: '1fr 1fr' }, gap: 2 }} data-testid="checkout-step-data">
                {FIELDS.map((field) => (
                  <TextField
                    key={field}
                    label={t(`checkout.fields.${field}`)}
                    value={values[field]}
                    onChange={set(field)}
                    error={Boolean(errors[field])}
                    helperText={errors[field] ? t(errors[field]) : undefined}
                    size="small"
                    slotProps={{ htmlInput: { 'data-testid': `checkout-${field}` } }}
                  />
                ))}
                <TextField
                  select
                  label={t('checkout.fields.country')}
                  value={values.country}
                  onChange={set('country')}
                  size="small"
                  slotProps={{ htmlInput: { 'data-testid': 'checkout-country' } }}
                >
                  {BILLING.countries.map((country) => (
                    <MenuItem key={country} value={country}>
                      {country}
                    </MenuItem>
                  ))}
                </TextField>
              </Box>
            )}
            {step === 1 && (
              <Box data-testid="checkout-step-customize">
                <Typography variant="subtitle1">{invoice.detail}</Typography>
                <Typography variant="h5">{t('checkout.perMonth', { value: brl.format(invoice.value) })}</Typography>
                <Typography color="text.secondary">{t('checkout.due', { date: formatDate(invoice.dueDate) })}</Typography>
              </Box>
            )}
            {step === 2 && (
              <Box data-testid="checkout-step-review" sx={{ display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                <Typography variant="subtitle1">{invoice.detail}</Typography>
                <Typography>{brl.format(invoice.value)}</Typography>
                <Typography>{[values.firstName, values.lastName].filter(Boolean).join(' ')}</Typography>
                <Typography>{[values.address2, values.city, values.state, values.zipcode, values.country].filter(Boolean).join(', ')}</Typography>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {!charge && step > 0 && (
          <Button onClick={() => setStep(step - 1)} data-testid="checkout-back">
            {t('checkout.back')}
          </Button>
        )}
        {!charge && (
          <Button variant="contained" onClick={next} disabled={subscribe.isPending} data-testid="checkout-next">
            {step === 2 ? t('checkout.submit') : t('checkout.next')}
          </Button>
        )}
        {!renewedUntil && (
          <Button onClick={onClose} data-testid="checkout-close">
            {t('checkout.close')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
