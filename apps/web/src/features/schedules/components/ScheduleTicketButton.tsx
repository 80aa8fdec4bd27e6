import { planAllows, type Ticket } from '@atende/contract';
import ScheduleIcon from '@mui/icons-material/Schedule';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlan } from '../../../app/usePlan';
import { lazyPreloaded, useLoadedCode } from '../../../components/lazyPreloaded';
import type { ScheduleDialogProps } from './ScheduleDialog';

// The form loads when first opened, not with every conversation's header.
const scheduleDialog = lazyPreloaded<ScheduleDialogProps>(() => import('./ScheduleDialog').then((module) => ({ default: module.ScheduleDialog })));
const ScheduleDialog = scheduleDialog.Component;

/** The ticket header's "schedule a message" button: for the ticket's contact, when the plan has schedules. */
export function ScheduleTicketButton({ ticket }: { ticket: Ticket }) {
  const { t } = useTranslation('schedules');
  const plan = usePlan();
  const [open, setOpen] = useState(false);
  const codeIn = useLoadedCode(scheduleDialog, open);
  if (!planAllows(plan, 'useSchedules')) return null;
  const { id, name, number } = ticket.contact;
  return (
    <>
      <Tooltip title={t('open')}>
        <IconButton aria-label={t('open')} onClick={() => setOpen(true)} data-testid="ticket-schedule">
          <ScheduleIcon />
        </IconButton>
      </Tooltip>
      {open && codeIn && <ScheduleDialog open scheduleId={null} contact={{ id, name, number }} ticket={{ id: ticket.id, contactId: ticket.contactId }} onClose={() => setOpen(false)} />}
    </>
  );
}
