import type { User } from '@atende/contract';
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

interface UsersTableProps {
  users: User[];
  currentUserId: number | null;
  loading: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, loading, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="users-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell>{t('columns.email')}</TableCell>
          <TableCell align="center">{t('columns.profile')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {users.map((user) => (
          <TableRow key={user.id} hover data-testid={`user-row-${user.id}`}>
            <TableCell>{user.name}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{user.email}</TableCell>
            <TableCell align="center">{t(`profiles.${user.profile}`, { defaultValue: user.profile })}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(user)} data-testid={`user-edit-${user.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              {/* Nobody deletes their own row. */}
              {user.id !== currentUserId && (
                <Tooltip title={tc('delete')}>
                  <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(user)} data-testid={`user-delete-${user.id}`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              )}
            </TableCell>
          </TableRow>
        ))}
        {!loading && users.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="users-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
