import type { FileList } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

interface FileListsTableProps {
  fileLists: FileList[];
  loading: boolean;
  onEdit: (fileList: FileList) => void;
  onDelete: (fileList: FileList) => void;
}

export function FileListsTable({ fileLists, loading, onEdit, onDelete }: FileListsTableProps) {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation();
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
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(fileList)} data-testid={`file-list-edit-${fileList.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(fileList)} data-testid={`file-list-delete-${fileList.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && fileLists.length === 0 && (
          <TableRow>
            <TableCell colSpan={2} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="files-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
