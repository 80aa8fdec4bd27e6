import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useConnections } from '../../features/connections/api';
import { ConversationView } from '../../features/simulator/components/ConversationView';
import { CustomerPanel } from '../../features/simulator/components/CustomerPanel';
import { SimulatorConnectionBar } from '../../features/simulator/components/SimulatorConnectionBar';
import { useSimulatedCustomers } from '../../features/simulator/customers';
import { useSimulatorStatus } from '../../features/connections/useSimulatorEnabled';
import { ACCESS } from '../../features/shell/access';
import { AccessGate } from '../../features/shell/components/AccessGate';
import { toastError } from '../../lib/errors';

/**
 * Plays the customers of a simulated WhatsApp network: scan a connection's QR, chat as several
 * customers with every media type, watch the acks, call, inject faults. Only while the server
 * runs the simulator, and only for those the server lets play it (admins): anyone else opening
 * the address is refused like any other page, rather than shown buttons that cannot work.
 */
export default function SimulatorPage() {
  const status = useSimulatorStatus();
  if (status.isPending) return <PageLoader />;
  if (status.data !== true) return <Navigate to="/" replace />;
  return (
    <AccessGate rule={ACCESS.simulator}>
      <SimulatorWorkbench />
    </AccessGate>
  );
}

function SimulatorWorkbench() {
  const { t } = useTranslation('simulator');
  const list = useConnections();
  const { customers, add, remove } = useSimulatedCustomers();
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [number, setNumber] = useState<string | null>(null);

  const lines = useMemo(() => (list.data ?? []).filter((connection) => connection.provider === 'simulator'), [list.data]);
  // The chosen line, or the first one while none is chosen (or the chosen one was deleted).
  const line = lines.find((connection) => connection.id === chosenId) ?? lines[0] ?? null;
  const customer = customers.find((c) => c.number === number) ?? customers[0] ?? null;

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minHeight: 0, p: { xs: 1, sm: 2 }, gap: 1.5 }} data-testid="simulator-page">
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1.5 }}>
        <Typography variant="h6" component="h1" color="primary" sx={{ flex: 1, minWidth: 160 }}>
          {t('title')}
        </Typography>
        {lines.length > 0 && <SimulatorConnectionBar connections={lines} selected={line} onSelect={setChosenId} />}
      </Box>
      {list.isPending ? (
        <PageLoader />
      ) : !line ? (
        <Paper variant="outlined" sx={{ p: 3 }} data-testid="simulator-no-connection">
          <Typography variant="body2">{t('noConnection')}</Typography>
        </Paper>
      ) : (
        <>
          {line.status === 'DISCONNECTED' && (
            <Alert severity="info" data-testid="simulator-disconnected-hint">
              {t('disconnectedHint')}
            </Alert>
          )}
          <Paper variant="outlined" sx={{ flex: 1, minHeight: 0, display: 'flex', flexDirection: { xs: 'column', md: 'row' }, overflow: 'hidden' }}>
            <Box sx={{ width: { xs: '100%', md: 300 }, maxHeight: { xs: 280, md: 'none' }, borderRight: { md: 1 }, borderBottom: { xs: 1, md: 0 }, borderColor: 'divider' }}>
              <CustomerPanel customers={customers} selected={customer?.number ?? null} onSelect={setNumber} onAdd={add} onRemove={remove} />
            </Box>
            <Box sx={{ flex: 1, minWidth: 0, minHeight: 0 }}>
              {customer ? (
                <ConversationView whatsappId={line.id} customer={customer} offline={line.status !== 'CONNECTED'} />
              ) : (
                <Typography variant="body2" color="text.secondary" sx={{ p: 3 }}>
                  {t('pickCustomer')}
                </Typography>
              )}
            </Box>
          </Paper>
        </>
      )}
    </Box>
  );
}
