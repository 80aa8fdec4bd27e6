import type { DashboardAttendant } from '@atende/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../filter';

/** The name, rating (1 to 3), average support time and online status of each attendant. */
export function AttendantsTable({ attendants }: { attendants: DashboardAttendant[] }) {
  const { t } = useTranslation('dashboard');
  return (
    <Table size="small" data-testid="dashboard-attendants">
      <TableHead>
        <TableRow>
          <TableCell>{t('attendants.name')}</TableCell>
          <TableCell align="center">{t('attendants.rating')}</TableCell>
          <TableCell align="center">{t('attendants.avgSupportTime')}</TableCell>
          <TableCell align="center">{t('attendants.status')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {attendants.map((a) => (
          <TableRow key={a.id} data-testid={`dashboard-attendant-${a.id}`}>
            <TableCell>{a.name}</TableCell>
            <TableCell align="center">
              {a.rating === null ? (
                <Typography variant="body2" color="text.secondary">
                  {t('attendants.noRating')}
                </Typography>
              ) : (
                <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
                  <Rating value={a.rating} max={3} precision={0.1} readOnly size="small" />
                  <span data-testid={`dashboard-attendant-${a.id}-rating`}>{a.rating.toFixed(1)}</span>
                </Box>
              )}
            </TableCell>
            <TableCell align="center">{formatMinutes(a.avgSupportTime)}</TableCell>
            <TableCell align="center" data-testid={`dashboard-attendant-${a.id}-status`}>
              {a.online ? (
                <CheckCircleIcon color="success" titleAccess={t('attendants.online')} />
              ) : (
                <ErrorIcon color="error" titleAccess={t('attendants.offline')} />
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
