import type { Language } from '@atende/contract';
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS, es, ptBR } from 'date-fns/locale';
import { dateFnsLocalizer, type Formats } from 'react-big-calendar';

/** The calendar's cultures are the app's languages. */
export const CALENDAR_CULTURES: Record<Language, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

export const calendarLocalizer = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { 'pt-BR': ptBR, 'en-US': enUS, es },
});

/**
 * A schedule is an instant: the calendar shows its send time only (never a "start – end"
 * range), in 24-hour time as the rest of the app.
 */
export const calendarFormats: Formats = {
  timeGutterFormat: 'HH:mm',
  eventTimeRangeFormat: ({ start }, culture, localizer) => localizer!.format(start, 'HH:mm', culture),
  agendaTimeRangeFormat: ({ start }, culture, localizer) => localizer!.format(start, 'HH:mm', culture),
  agendaTimeFormat: 'HH:mm',
  agendaDateFormat: 'EEE dd/MM',
  dayFormat: 'EEE dd/MM',
};
