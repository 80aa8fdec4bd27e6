import { SIMULATOR_FAULTS } from '@atende/contract';
import BugReportIcon from '@mui/icons-material/BugReport';
import Button from '@mui/material/Button';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { toastError } from '../../../lib/errors';
import { useFault, type SimulatorFault } from '../api';

/** Makes the simulated network misbehave the way real WhatsApp does, to see how the inbox copes. */
export function FaultsMenu({ whatsappId }: { whatsappId: number | null }) {
  const { t } = useTranslation('simulator');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const fault = useFault();

  function inject(kind: SimulatorFault) {
    setAnchor(null);
    if (whatsappId === null) return;
    fault.mutate(
      { whatsappId, kind },
      { onSuccess: () => toast.info(t('faults.applied', { fault: t(`faults.kinds.${kind}`) })), onError: toastError },
    );
  }

  return (
    <>
      <Button
        variant="outlined"
        color="warning"
        startIcon={<BugReportIcon />}
        disabled={whatsappId === null || fault.isPending}
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        data-testid="simulator-faults"
      >
        {t('faults.button')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {SIMULATOR_FAULTS.map((kind) => (
          <MenuItem key={kind} onClick={() => inject(kind)} data-testid={`simulator-fault-${kind}`}>
            <ListItemText primary={t(`faults.kinds.${kind}`)} secondary={t(`faults.help.${kind}`)} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
