import type { Contact } from '@atende/contract';
import WhatsAppIcon from '@mui/icons-material/WhatsApp';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { ContactAvatar } from '../../../components/ContactAvatar';
import { RowAction, RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

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
            <RowActionsCell testIdPrefix="contact" id={contact.id} onEdit={() => onEdit(contact)} onDelete={mayDelete ? () => onDelete(contact) : undefined}>
              <RowAction title={t('openTicket')} icon={<WhatsAppIcon fontSize="small" />} onClick={() => onOpenTicket(contact)} testId={`contact-ticket-${contact.id}`} />
            </RowActionsCell>
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && contacts.length === 0} colSpan={5} testId="contacts-empty" />
      </TableBody>
    </Table>
  );
}
