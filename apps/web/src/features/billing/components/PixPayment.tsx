import { BILLING, type PixCharge } from '@atende/contract';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/dates';
import { toastError } from '../../../lib/errors';
import { useDemoPay } from '../api';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

interface PixPaymentProps {
  charge: PixCharge;
  /** The company's new due date once the payment is confirmed. */
  renewedUntil: string | null;
}

/** The Pix view: the charge's QR (256 px), its copy-and-paste code, and the confirmation once paid. */
export function PixPayment({ charge, renewedUntil }: PixPaymentProps) {
  const { t } = useTranslation('billing');
  const [copied, setCopied] = useState(false);
  const demoPay = useDemoPay();

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), BILLING.copiedMs);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(charge.qrcode.qrcode);
    } catch {
      // Without clipboard access the code stays selectable in the field below.
    }
    setCopied(true);
  }

  if (renewedUntil) {
    return (
      <Alert severity="success" data-testid="checkout-renewed">
        {t('checkout.renewed', { date: formatDate(renewedUntil) })}
      </Alert>
    );
  }

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }} data-testid="checkout-pix">
      <Typography>{t('checkout.subscribed')}</Typography>
      <Box sx={{ p: 1, bgcolor: 'common.white' }}>
        <QRCodeSVG value={charge.qrcode.qrcode} size={BILLING.qrSize} marginSize={0} data-testid="checkout-qr" />
      </Box>
      <Typography variant="h6" data-testid="checkout-value">
        {brl.format(Number(charge.valor.original))}
      </Typography>
      <TextField
        value={charge.qrcode.qrcode}
        fullWidth
        size="small"
        label={t('checkout.copyPaste')}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'checkout-code' } }}
      />
      <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void copy()} data-testid="checkout-copy">
        {copied ? t('checkout.copied') : t('checkout.copy')}
      </Button>
      {charge.demo && (
        <Button
          variant="contained"
          color="success"
          disabled={demoPay.isPending || demoPay.isSuccess}
          onClick={() => demoPay.mutate(charge.txid, { onError: toastError })}
          data-testid="checkout-demo-pay"
        >
          {t('checkout.demoPay')}
        </Button>
      )}
    </Box>
  );
}
