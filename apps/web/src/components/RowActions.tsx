import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface RowActionProps {
  /** Tooltip and accessible name. */
  title: string;
  icon: ReactElement;
  onClick: () => void;
  testId?: string;
  disabled?: boolean;
}

/** One icon action of a table row: its tooltip names it for sighted users and screen readers alike. */
export function RowAction({ title, icon, onClick, testId, disabled }: RowActionProps) {
  const button = (
    <IconButton size="small" aria-label={title} onClick={onClick} data-testid={testId} disabled={disabled}>
      {icon}
    </IconButton>
  );
  // A disabled button fires no events: the tooltip needs a live element around it.
  return <Tooltip title={title}>{disabled ? <span>{button}</span> : button}</Tooltip>;
}

interface RowActionsCellProps {
  /** Test ids `${testIdPrefix}-edit-${id}` and `${testIdPrefix}-delete-${id}`. */
  testIdPrefix: string;
  id: number | string;
  /** Without a handler the button is not shown (e.g. no permission to delete). */
  onEdit?: () => void;
  onDelete?: () => void;
  /** Further actions, before edit and delete. */
  children?: ReactNode;
}

/** The last cell of a table row: extra actions, then edit and delete. */
export function RowActionsCell({ testIdPrefix, id, onEdit, onDelete, children }: RowActionsCellProps) {
  const { t } = useTranslation();
  return (
    <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
      {children}
      {onEdit && <RowAction title={t('edit')} icon={<EditIcon fontSize="small" />} onClick={onEdit} testId={`${testIdPrefix}-edit-${id}`} />}
      {onDelete && <RowAction title={t('delete')} icon={<DeleteIcon fontSize="small" />} onClick={onDelete} testId={`${testIdPrefix}-delete-${id}`} />}
    </TableCell>
  );
}

/** The row a table shows when it has finished loading and holds nothing. */
export function EmptyTableRow({ show, colSpan, testId }: { show: boolean; colSpan: number; testId: string }) {
  const { t } = useTranslation();
  if (!show) return null;
  return (
    <TableRow>
      <TableCell colSpan={colSpan} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid={testId}>
        {t('noRecords')}
      </TableCell>
    </TableRow>
  );
}
