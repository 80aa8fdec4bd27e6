import type { FileList } from '@atende/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface FileListsTableProps {
  fileLists: FileList[];
  loading: boolean;
  onEdit: (fileList: FileList) => void;
  onDelete: (fileList: FileList) => void;
}

export function FileListsTable({ fileLists, loading, onEdit, onDelete }: FileListsTableProps) {
  const { t } = useTranslation('files');
  return (
    <Table size="small" stickyHeader data-testid="files-table">
      <TableHead>
        <TableRow>
          <TableCell align="center">{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {fileLists.map((fileList) => (
          <TableRow key={fileList.id} hover data-testid={`file-list-row-${fileList.id}`}>
            <TableCell align="center">{fileList.name}</TableCell>
            <RowActionsCell testIdPrefix="file-list" id={fileList.id} onEdit={() => onEdit(fileList)} onDelete={() => onDelete(fileList)} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && fileLists.length === 0} colSpan={2} testId="files-empty" />
      </TableBody>
    </Table>
  );
}
