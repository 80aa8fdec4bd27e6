import type { Contact } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../../components/ContactAvatar';

interface ContactsTableProps {
  contacts: Contact[];
  loading: boolean;
  /** contacts-page:deleteContact: without it no delete button shows. */
  mayDelete: boolean;
  onOpenTicket: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
}

export function ContactsTable({ contacts, loading, mayDelete, onOpenTicket, onEdit, onDelete }: ContactsTableProps) {
  const { t } = useTranslation('contacts');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="contacts-table">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" sx={WIDE_SCREEN_COLUMN} />
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.number')}</TableCell>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.email')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-testid={`contact-row-${contact.id}`}>
            <TableCell sx={{ ...WIDE_SCREEN_COLUMN, pr: 0 }}>
              <ContactAvatar name={contact.name} picture={contact.profilePicUrl} sx={{ width: 32, height: 32 }} />
            </TableCell>
            <TableCell>{contact.name}</TableCell>
            <TableCell align="center">{contact.number}</TableCell>
            <TableCell align="center" sx={{ ...WIDE_SCREEN_COLUMN, wordBreak: 'break-all' }}>
              {contact.email}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('openTicket')}>
                <IconButton size="small" aria-label={t('openTicket')} onClick={() => onOpenTicket(contact)} data-testid={`contact-ticket-${contact.id}`}>
                  <WhatsAppIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(contact)} data-testid={`contact-edit-${contact.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {mayDelete && (
                <Tooltip title={tc('delete')}>
                  <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(contact)} data-testid={`contact-delete-${contact.id}`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </TableCell>
          </TableRow>
        ))}
        {!loading && contacts.length === 0 && (
          <TableRow>
            <TableCell colSpan={5} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="contacts-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
