import type { ContactList } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import PeopleIcon from '@mui/icons-material/People';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

interface ContactListsTableProps {
  lists: ContactList[];
  loading: boolean;
  onDownloadExample: () => void;
  onOpen: (list: ContactList) => void;
  onEdit: (list: ContactList) => void;
  onDelete: (list: ContactList) => void;
}

/** Name, number of contacts and actions of each list. */
export function ContactListsTable({ lists, loading, onDownloadExample, onOpen, onEdit, onDelete }: ContactListsTableProps) {
  const { t } = useTranslation('contactLists');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="contact-lists-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.contacts')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {lists.map((list) => (
          <TableRow key={list.id} hover data-testid={`contact-list-row-${list.id}`}>
            <TableCell>{list.name}</TableCell>
            <TableCell align="center" data-testid={`contact-list-count-${list.id}`}>
              {list.contactsCount}
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('downloadExample')}>
                <IconButton size="small" aria-label={t('downloadExample')} onClick={onDownloadExample} data-testid={`contact-list-example-${list.id}`}>
                  <DownloadIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('openContacts')}>
                <IconButton size="small" aria-label={t('openContacts')} onClick={() => onOpen(list)} data-testid={`contact-list-open-${list.id}`}>
                  <PeopleIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(list)} data-testid={`contact-list-edit-${list.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(list)} data-testid={`contact-list-delete-${list.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && lists.length === 0 && (
          <TableRow>
            <TableCell colSpan={3} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="contact-lists-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
