import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { formatShortDateTime } from '../../../lib/dates';
import type { SessionCommand } from '../api';
import type { ConnectionRow } from '../connectionsCache';
import { ConnectionStatusLabel } from './ConnectionStatusLabel';
import { SessionActions } from './SessionActions';

export interface ConnectionsTableProps {
  connections: ConnectionRow[];
  loading: boolean;
  /** connections-page:actionButtons */
  showSession: boolean;
  /** connections-page:editOrDeleteConnection */
  showActions: boolean;
  /** The connection whose session command is on its way. */
  busyId: number | null;
  onShowQr: (connection: ConnectionRow) => void;
  onCommand: (connection: ConnectionRow, command: SessionCommand) => void;
  onEdit: (connection: ConnectionRow) => void;
  onDelete: (connection: ConnectionRow) => void;
}

/** The columns: name, status, session, last update, default flag, actions. */
export function ConnectionsTable(props: ConnectionsTableProps) {
  const { connections, loading, showSession, showActions, busyId, onShowQr, onCommand, onEdit, onDelete } = props;
  const { t } = useTranslation('connections');
  const { t: tc } = useTranslation();
  const columns = 4 + (showSession ? 1 : 0) + (showActions ? 1 : 0);

  return (
    <Table size="small" stickyHeader data-testid="connections-table">
      <TableHead>
        <TableRow>
          <TableCell>{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.status')}</TableCell>
          {showSession && <TableCell align="center">{t('columns.session')}</TableCell>}
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.lastUpdate')}</TableCell>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.default')}</TableCell>
          {showActions && <TableCell align="center">{t('columns.actions')}</TableCell>}
        </TableRow>
      </TableHead>
      <TableBody>
        {connections.map((connection) => (
          <TableRow key={connection.id} hover data-testid={`connection-row-${connection.id}`}>
            <TableCell>{connection.name}</TableCell>
            <TableCell align="center">
              <ConnectionStatusLabel id={connection.id} status={connection.status} nextRetryAt={connection.nextRetryAt} />
            </TableCell>
            {showSession && (
              <TableCell align="center">
                <SessionActions connection={connection} busy={busyId === connection.id} onShowQr={onShowQr} onCommand={onCommand} />
              </TableCell>
            )}
            <TableCell align="center" sx={{ ...WIDE_SCREEN_COLUMN, whiteSpace: 'nowrap' }} data-testid={`connection-updated-${connection.id}`}>
              {formatShortDateTime(connection.updatedAt)}
            </TableCell>
            <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>
              {connection.isDefault && (
                <CheckCircleIcon fontSize="small" color="success" titleAccess={t('columns.default')} data-testid={`connection-default-${connection.id}`} />
              )}
            </TableCell>
            {showActions && (
              <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
                <Tooltip title={tc('edit')}>
                  <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(connection)} data-testid={`connection-edit-${connection.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={tc('delete')}>
                  <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(connection)} data-testid={`connection-delete-${connection.id}`}>
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            )}
          </TableRow>
        ))}
        {!loading && connections.length === 0 && (
          <TableRow>
            <TableCell colSpan={columns} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="connections-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
