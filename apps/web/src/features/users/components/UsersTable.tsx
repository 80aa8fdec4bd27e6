import type { User } from '@atende/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface UsersTableProps {
  users: User[];
  currentUserId: number | null;
  loading: boolean;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export function UsersTable({ users, currentUserId, loading, onEdit, onDelete }: UsersTableProps) {
  const { t } = useTranslation('users');
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
            {/* Nobody deletes their own row. */}
            <RowActionsCell testIdPrefix="user" id={user.id} onEdit={() => onEdit(user)} onDelete={user.id !== currentUserId ? () => onDelete(user) : undefined} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && users.length === 0} colSpan={4} testId="users-empty" />
      </TableBody>
    </Table>
  );
}
