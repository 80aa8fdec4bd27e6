import { can, UI, type ContactListItem, type OpenTicketHolder } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSessionUser } from '../../../app/auth';
import { useDebouncedValue } from '../../../components/useDebouncedValue';
import { toastError } from '../../../lib/errors';
import { useConnections } from '../../connections';
import { ContactDialog } from '../../contacts';
import { useQueueOptions } from '../../queues';
import { useContactSearch, useCreateTicket } from '../api';
import { holderNotice, openTicketHolder } from '../holderNotice';

/** The picker's last entry: add the typed name as a new contact. */
const ADD_CONTACT = { id: -1, name: '', number: '' } satisfies ContactListItem;

interface Props {
  open: boolean;
  onClose: () => void;
}

/**
 * Opens a ticket for a contact: contact search from 3 characters, a queue
 * unless the user is an admin, an optional connection. When the contact already has a live
 * ticket the dialog says who holds it and in which queue, and opens it when it is the user's.
 */
export function NewTicketDialog({ open, onClose }: Props) {
  const { t } = useTranslation('tickets');
  const { t: tc } = useTranslation();
  const user = useSessionUser();
  const navigate = useNavigate();
  const isAdmin = can(user, 'tickets-manager:showall');
  const [typed, setTyped] = useState('');
  const [contact, setContact] = useState<ContactListItem | null>(null);
  const [queueId, setQueueId] = useState<number | ''>(user.queues.length === 1 ? user.queues[0].id : '');
  const [whatsappId, setWhatsappId] = useState<number | ''>(user.whatsappId ?? '');
  const [queueMissing, setQueueMissing] = useState(false);
  const [holder, setHolder] = useState<OpenTicketHolder | null>(null);
  const [addingContact, setAddingContact] = useState(false);
  const search = useDebouncedValue(typed.trim(), UI.debounceMs);
  const contacts = useContactSearch(search);
  const companyQueues = useQueueOptions(isAdmin && open);
  const connections = useConnections(open);
  const create = useCreateTicket();
  const queues = isAdmin ? (companyQueues.data ?? user.queues) : user.queues;
  const enoughTyped = typed.trim().length >= 3;

  function openTicket(uuid: string) {
    onClose();
    void navigate(`/tickets/${uuid}`);
  }

  function submit() {
    if (!contact) return;
    // 'Selecione uma fila': only admins may open a ticket outside a queue.
    if (queueId === '' && !isAdmin) {
      setQueueMissing(true);
      return;
    }
    setHolder(null);
    create.mutate(
      { contactId: contact.id, queueId: queueId === '' ? null : queueId, whatsappId: whatsappId === '' ? null : whatsappId },
      {
        onSuccess: (ticket) => openTicket(ticket.uuid),
        onError: (err) => {
          const found = openTicketHolder(err);
          if (found && found.userId === user.id) openTicket(found.uuid);
          else if (found) setHolder(found);
          else toastError(err);
        },
      },
    );
  }

  return (
    <>
      <Dialog open={open && !addingContact} onClose={onClose} fullWidth maxWidth="xs" data-testid="new-ticket-dialog">
        <DialogTitle>{t('newTicket.title')}</DialogTitle>
        <DialogContent>
          <Autocomplete<ContactListItem>
            options={enoughTyped && contacts.data ? [...contacts.data, ADD_CONTACT] : []}
            loading={contacts.isFetching}
            value={contact}
            filterOptions={(options) => options}
            getOptionLabel={(option) => (option.id === ADD_CONTACT.id ? typed : `${option.name} - ${option.number}`)}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            noOptionsText={enoughTyped ? t('newTicket.noContacts') : t('newTicket.typeMore')}
            onInputChange={(_e, value, reason) => reason === 'input' && setTyped(value)}
            onChange={(_e, value) => {
              setHolder(null);
              if (value?.id === ADD_CONTACT.id) setAddingContact(true);
              else setContact(value);
            }}
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props} data-testid={option.id === ADD_CONTACT.id ? 'new-ticket-add-contact' : `new-ticket-contact-${option.id}`}>
                {option.id === ADD_CONTACT.id ? t('newTicket.addContact', { name: typed.trim() }) : `${option.name} - ${option.number}`}
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                autoFocus
                margin="dense"
                label={t('newTicket.contact')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'new-ticket-contact' } }}
              />
            )}
          />
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('newTicket.queue')}
            value={queueId}
            error={queueMissing}
            helperText={queueMissing ? t('newTicket.queueRequired') : undefined}
            onChange={(e) => {
              setQueueMissing(false);
              setQueueId(e.target.value === '' ? '' : Number(e.target.value));
            }}
            slotProps={{ htmlInput: { 'data-testid': 'new-ticket-queue' } }}
          >
            {isAdmin && (
              <MenuItem value="">
                <em>{t('noQueue')}</em>
              </MenuItem>
            )}
            {queues.map((queue) => (
              <MenuItem key={queue.id} value={queue.id} data-testid={`new-ticket-queue-${queue.id}`}>
                {queue.name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            fullWidth
            margin="dense"
            label={t('newTicket.connection')}
            value={whatsappId}
            onChange={(e) => setWhatsappId(e.target.value === '' ? '' : Number(e.target.value))}
            slotProps={{ htmlInput: { 'data-testid': 'new-ticket-connection' } }}
          >
            <MenuItem value="">
              <em>{t('newTicket.defaultConnection')}</em>
            </MenuItem>
            {(connections.data ?? []).map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.name}
              </MenuItem>
            ))}
          </TextField>
          {holder && (
            <Alert severity="warning" sx={{ mt: 1 }} data-testid="new-ticket-holder">
              {holderNotice(holder)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button color="inherit" onClick={onClose} data-testid="new-ticket-cancel">
            {tc('cancel')}
          </Button>
          <Button variant="contained" disabled={!contact || create.isPending} onClick={submit} data-testid="new-ticket-save">
            {t('newTicket.save')}
          </Button>
        </DialogActions>
      </Dialog>
      {addingContact && (
        <ContactDialog
          open
          initialValues={/^\+?\d+$/.test(typed.trim()) ? { number: typed.trim() } : { name: typed.trim() }}
          onClose={() => setAddingContact(false)}
          onSaved={(saved) => {
            setContact({ id: saved.id, name: saved.name, number: saved.number });
            setAddingContact(false);
          }}
        />
      )}
    </>
  );
}
