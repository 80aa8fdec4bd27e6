import type { Announcement } from '@atende/contract';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import { WIDE_SCREEN_COLUMN } from '../../../components/tableColumns';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { PRIORITY_COLORS } from '../priority';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface AnnouncementsTableProps {
  announcements: Announcement[];
  loading: boolean;
  onEdit: (announcement: Announcement) => void;
  onDelete: (announcement: Announcement) => void;
}

/** Title, priority, image name, status and actions. */
export function AnnouncementsTable({ announcements, loading, onEdit, onDelete }: AnnouncementsTableProps) {
  const { t } = useTranslation('announcements');
  return (
    <Table size="small" stickyHeader data-testid="announcements-table">
      <TableHead>
        <TableRow>
          <TableCell align="center">{t('columns.title')}</TableCell>
          <TableCell align="center">{t('columns.priority')}</TableCell>
          <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{t('columns.mediaName')}</TableCell>
          <TableCell align="center">{t('columns.status')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {announcements.map((a) => (
          <TableRow key={a.id} hover data-testid={`announcement-row-${a.id}`}>
            <TableCell align="center">{a.title}</TableCell>
            <TableCell align="center">
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                <Box component="span" sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: PRIORITY_COLORS[a.priority] }} />
                {t(`priority.${a.priority}`)}
              </Box>
            </TableCell>
            <TableCell align="center" sx={WIDE_SCREEN_COLUMN}>{a.mediaName ?? t('noImage')}</TableCell>
            <TableCell align="center">{a.status ? t('status.active') : t('status.inactive')}</TableCell>
            <RowActionsCell testIdPrefix="announcement" id={a.id} onEdit={() => onEdit(a)} onDelete={() => onDelete(a)} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && announcements.length === 0} colSpan={5} testId="announcements-table-empty" />
      </TableBody>
    </Table>
  );
}
