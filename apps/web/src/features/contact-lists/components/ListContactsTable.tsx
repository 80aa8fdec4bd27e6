import type { ListContact } from '@atende/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface ListContactsTableProps {
  contacts: ListContact[];
  loading: boolean;
  /** contacts-page:deleteContact: without it no delete button shows. */
  mayDelete: boolean;
  onEdit: (contact: ListContact) => void;
  onDelete: (contact: ListContact) => void;
}

/** Whether WhatsApp knows the number: valid, invalid, or not asked yet. */
function ValidityIcon({ contact }: { contact: ListContact }) {
  const { t } = useTranslation('contactLists');
  const state = contact.isWhatsappValid === null ? 'pending' : contact.isWhatsappValid ? 'valid' : 'invalid';
  const Icon = state === 'valid' ? CheckCircleIcon : state === 'invalid' ? HighlightOffIcon : HourglassEmptyIcon;
  const color = state === 'valid' ? 'success' : state === 'invalid' ? 'error' : 'disabled';
  return (
    <Tooltip title={t(`validity.${state}`)}>
      <Icon fontSize="small" color={color} aria-label={t(`validity.${state}`)} data-testid={`list-contact-valid-${contact.id}`} data-state={state} />
    </Tooltip>
  );
}

export function ListContactsTable({ contacts, loading, mayDelete, onEdit, onDelete }: ListContactsTableProps) {
  const { t } = useTranslation('contactLists');
  return (
    <Table size="small" stickyHeader data-testid="list-contacts-table">
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" />
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.number')}</TableCell>
          <TableCell align="center">{t('columns.email')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {contacts.map((contact) => (
          <TableRow key={contact.id} hover data-testid={`list-contact-row-${contact.id}`}>
            <TableCell align="center">
              <ValidityIcon contact={contact} />
            </TableCell>
            <TableCell>{contact.name}</TableCell>
            <TableCell align="center">{contact.number}</TableCell>
            <TableCell align="center" sx={{ wordBreak: 'break-all' }}>
              {contact.email}
            </TableCell>
            <RowActionsCell testIdPrefix="list-contact" id={contact.id} onEdit={() => onEdit(contact)} onDelete={mayDelete ? () => onDelete(contact) : undefined} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && contacts.length === 0} colSpan={5} testId="list-contacts-empty" />
      </TableBody>
    </Table>
  );
}
