import type { Language, Schedule, ScheduleStatus } from '@atende/contract';
import Box from '@mui/material/Box';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { useTheme } from '@mui/material/styles';
import { addMinutes, startOfDay, subHours } from 'date-fns';
import { useMemo, useState } from 'react';
import { Calendar, type Messages } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { useTranslation } from 'react-i18next';
import { useCalendarSchedules } from '../api';
import { CALENDAR_VIEWS, visibleRange, type CalendarView } from '../calendarRange';
import { CALENDAR_CULTURES, calendarFormats, calendarLocalizer } from './scheduleCalendarLocalizer';

interface ScheduleEvent {
  title: string;
  start: Date;
  end: Date;
  schedule: Schedule;
}

/** An event needs some height in the week and day grids; only its start is ever shown. */
const EVENT_MINUTES = 15;

const STATUS_COLOR: Record<ScheduleStatus, 'primary' | 'success' | 'error'> = { PENDENTE: 'primary', ENVIADA: 'success', ERRO: 'error' };

interface SchedulesCalendarProps {
  search: string;
  onEdit: (schedule: Schedule) => void;
  onDelete: (schedule: Schedule) => void;
}

/**
 * The schedules on a calendar (month, week, day, agenda): each at its send time, titled with the
 * contact's name. A click on one offers edit and delete. Only the shown range is read.
 */
export function SchedulesCalendar({ search, onEdit, onDelete }: SchedulesCalendarProps) {
  const { t, i18n } = useTranslation('schedules');
  const theme = useTheme();
  const [view, setView] = useState<CalendarView>('month');
  const [date, setDate] = useState(() => new Date());
  const [picked, setPicked] = useState<{ schedule: Schedule; anchor: HTMLElement } | null>(null);
  const range = useMemo(() => visibleRange(view, date), [view, date]);
  // The week and day grids open an hour before now, where the next schedules are.
  const scrollToTime = useMemo(() => {
    const now = new Date();
    return now.getHours() === 0 ? startOfDay(now) : subHours(now, 1);
  }, []);
  const list = useCalendarSchedules(search, range);

  const events = useMemo<ScheduleEvent[]>(
    () =>
      (list.data?.pages ?? []).flatMap((page) =>
        page.schedules.map((schedule) => {
          const start = new Date(schedule.sendAt);
          return { title: schedule.contact.name, start, end: addMinutes(start, EVENT_MINUTES), schedule };
        }),
      ),
    [list.data],
  );

  const messages = useMemo<Messages>(
    () => ({
      date: t('calendar.date'),
      time: t('calendar.time'),
      event: t('calendar.event'),
      allDay: t('calendar.allDay'),
      week: t('calendar.week'),
      work_week: t('calendar.workWeek'),
      day: t('calendar.day'),
      month: t('calendar.month'),
      previous: t('calendar.previous'),
      next: t('calendar.next'),
      yesterday: t('calendar.yesterday'),
      tomorrow: t('calendar.tomorrow'),
      today: t('calendar.today'),
      agenda: t('calendar.agenda'),
      noEventsInRange: t('calendar.noEventsInRange'),
      showMore: (count: number) => t('calendar.showMore', { count }),
    }),
    [t],
  );

  const act = (then: (schedule: Schedule) => void) => {
    if (picked) then(picked.schedule);
    setPicked(null);
  };

  return (
    <Box
      data-testid="schedules-calendar"
      sx={{
        height: 'calc(100vh - 220px)',
        minHeight: 520,
        '& .rbc-off-range-bg': { bgcolor: 'action.hover' },
        '& .rbc-today': { bgcolor: 'action.selected' },
        '& .rbc-toolbar button': { color: 'text.primary' },
        '& .rbc-toolbar button.rbc-active, & .rbc-toolbar button:hover': { bgcolor: 'action.selected' },
      }}
    >
      <Calendar<ScheduleEvent>
        localizer={calendarLocalizer}
        culture={CALENDAR_CULTURES[(i18n.language as Language) in CALENDAR_CULTURES ? (i18n.language as Language) : 'pt']}
        formats={calendarFormats}
        messages={messages}
        events={events}
        views={[...CALENDAR_VIEWS]}
        view={view}
        onView={(next) => setView(next as CalendarView)}
        date={date}
        onNavigate={setDate}
        popup
        scrollToTime={scrollToTime}
        tooltipAccessor={(event) => event.schedule.body}
        onSelectEvent={(event, e) => setPicked({ schedule: event.schedule, anchor: e.currentTarget as HTMLElement })}
        eventPropGetter={(event) => ({
          style: { backgroundColor: theme.palette[STATUS_COLOR[event.schedule.status]].main, color: theme.palette.common.white },
        })}
        components={{ event: ({ event }) => <span data-testid={`schedule-event-${event.schedule.id}`}>{event.title}</span> }}
      />
      <Menu open={picked !== null} anchorEl={picked?.anchor} onClose={() => setPicked(null)} data-testid="schedule-event-menu">
        <MenuItem onClick={() => act(onEdit)} data-testid="schedule-event-edit">
          <ListItemIcon>
            <EditIcon fontSize="small" />
          </ListItemIcon>
          {t('calendar.edit')}
        </MenuItem>
        <MenuItem onClick={() => act(onDelete)} data-testid="schedule-event-delete">
          <ListItemIcon>
            <DeleteIcon fontSize="small" />
          </ListItemIcon>
          {t('calendar.delete')}
        </MenuItem>
      </Menu>
    </Box>
  );
}
