import type { DashboardCounters } from '@atende/contract';
import AccessTimeIcon from '@mui/icons-material/AccessTime';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ForumIcon from '@mui/icons-material/Forum';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import TimerIcon from '@mui/icons-material/Timer';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import { useTranslation } from 'react-i18next';
import { formatMinutes } from '../filter';

const CARDS: { key: keyof DashboardCounters; icon: SvgIconComponent; minutes?: boolean }[] = [
  { key: 'supportHappening', icon: ForumIcon },
  { key: 'supportPending', icon: HourglassEmptyIcon },
  { key: 'supportFinished', icon: CheckCircleIcon },
  { key: 'newContacts', icon: PersonAddIcon },
  { key: 'avgSupportTime', icon: AccessTimeIcon, minutes: true },
  { key: 'avgWaitTime', icon: TimerIcon, minutes: true },
];

/** The dashboard's six counters; a dash while nothing is loaded. */
export function CounterCards({ counters }: { counters: DashboardCounters | undefined }) {
  const { t } = useTranslation('dashboard');
  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)' } }}>
      {CARDS.map(({ key, icon: Icon, minutes }) => {
        const value = counters?.[key];
        return (
          <Paper key={key} variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }} data-testid={`dashboard-counter-${key}`}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="subtitle2" color="primary">
                {t(`counters.${key}`)}
              </Typography>
              <Typography variant="h5" component="p" data-testid={`dashboard-counter-${key}-value`}>
                {value === undefined ? '-' : minutes ? formatMinutes(value) : value}
              </Typography>
            </Box>
            <Icon color="primary" sx={{ fontSize: 44, opacity: 0.8 }} />
          </Paper>
        );
      })}
    </Box>
  );
}
