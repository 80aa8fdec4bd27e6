import type { ContactList } from '@atende/contract';
import DownloadIcon from '@mui/icons-material/Download';
import PeopleIcon from '@mui/icons-material/People';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { RowAction, RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

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
            <RowActionsCell testIdPrefix="contact-list" id={list.id} onEdit={() => onEdit(list)} onDelete={() => onDelete(list)}>
              <RowAction title={t('downloadExample')} icon={<DownloadIcon fontSize="small" />} onClick={onDownloadExample} testId={`contact-list-example-${list.id}`} />
              <RowAction title={t('openContacts')} icon={<PeopleIcon fontSize="small" />} onClick={() => onOpen(list)} testId={`contact-list-open-${list.id}`} />
            </RowActionsCell>
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && lists.length === 0} colSpan={3} testId="contact-lists-empty" />
      </TableBody>
    </Table>
  );
}
