import type { Ticket } from '@atende/contract';
import CloseIcon from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ContactDialog } from '../../contacts';
import { ticketsKeys } from '../../tickets';
import { useContactDetails } from '../api';
import { TicketNotes } from './TicketNotes';
import { ContactAvatar } from '../../../components/ContactAvatar';

/** The contact drawer is 320 px wide. */
export const CONTACT_DRAWER_WIDTH = 320;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }}>
      <Typography variant="subtitle2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** The right-hand drawer: who the customer is, their extra info and the ticket's internal notes. */
export function ContactDrawer({ ticket, onClose }: { ticket: Ticket; onClose: () => void }) {
  const { t } = useTranslation('ticketScreen');
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const details = useContactDetails(ticket.contactId);
  const contact = details.data ?? ticket.contact;
  const extraInfo = details.data?.extraInfo ?? [];

  return (
    <Box
      component="aside"
      data-testid="contact-drawer"
      sx={{ width: CONTACT_DRAWER_WIDTH, flexShrink: 0, borderLeft: 1, borderColor: 'divider', display: 'flex', flexDirection: 'column', bgcolor: 'background.default', minHeight: 0 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 1, py: 1, borderBottom: 1, borderColor: 'divider' }}>
        <IconButton aria-label={t('drawer.close')} onClick={onClose} data-testid="contact-drawer-close">
          <CloseIcon />
        </IconButton>
        <Typography variant="subtitle1">{t('drawer.title')}</Typography>
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', p: 1.5, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Paper variant="outlined" sx={{ p: 2, display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 0.5 }}>
          <ContactAvatar name={contact.name} picture={contact.profilePicUrl} sx={{ width: 96, height: 96 }} />
          <Typography variant="subtitle1" sx={{ wordBreak: 'break-word', textAlign: 'center' }} data-testid="contact-drawer-name">
            {contact.name}
          </Typography>
          <Typography variant="body2">
            <a href={`tel:${contact.number}`}>{contact.number}</a>
          </Typography>
          {contact.email && (
            <Typography variant="body2">
              <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </Typography>
          )}
          <Button variant="outlined" size="small" onClick={() => setEditing(true)} data-testid="contact-edit">
            {t('drawer.edit')}
          </Button>
        </Paper>
        <Section title={t('notes.title')}>
          <TicketNotes ticket={ticket} />
        </Section>
        <Section title={t('drawer.extraInfo')}>
          {extraInfo.length === 0 ? (
            <Typography variant="caption" color="text.secondary">
              {t('drawer.noExtraInfo')}
            </Typography>
          ) : (
            extraInfo.map((info, index) => (
              <Box key={info.id}>
                {index > 0 && <Divider sx={{ my: 0.5 }} />}
                <Typography variant="caption" color="text.secondary">
                  {info.name}
                </Typography>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {info.value}
                </Typography>
              </Box>
            ))
          )}
        </Section>
      </Box>
      <ContactDialog
        open={editing}
        contactId={ticket.contactId}
        onClose={() => setEditing(false)}
        onSaved={() => {
          setEditing(false);
          void details.refetch();
          void queryClient.invalidateQueries({ queryKey: ticketsKeys.detail(ticket.uuid) });
        }}
      />
    </Box>
  );
}
