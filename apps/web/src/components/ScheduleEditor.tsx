import type { CompanySchedule } from '@atende/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { validationText } from '../lib/forms';
import { maskClock } from '../lib/weekSchedule';

type TimeField = 'startTime' | 'endTime';

export interface ScheduleEditorProps {
  /** The seven weekdays, Monday first. */
  value: CompanySchedule[];
  onChange: (next: CompanySchedule[]) => void;
  /** Validation keys by `{index}.{startTime|endTime}`. */
  errors?: Record<string, string | undefined>;
  testId: string;
}

/**
 * Working hours of a week as HH:MM masked fields, one row per weekday: used for a queue's hours
 * and for the company's (settings, Horários). An empty pair means closed that day.
 */
export function ScheduleEditor({ value, onChange, errors = {}, testId }: ScheduleEditorProps) {
  const { t } = useTranslation('queues');

  const change = (index: number, field: TimeField, raw: string) =>
    onChange(value.map((day, i) => (i === index ? { ...day, [field]: maskClock(raw) } : day)));

  const timeField = (index: number, field: TimeField) => {
    const error = errors[`${index}.${field}`];
    return (
      <TextField
        size="small"
        label={t(`schedules.${field}`)}
        value={value[index][field]}
        onChange={(e) => change(index, field, e.target.value)}
        placeholder="HH:MM"
        error={Boolean(error)}
        helperText={validationText(error)}
        sx={{ width: 140 }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', maxLength: 5, 'data-testid': `${testId}-${value[index].weekdayEn}-${field === 'startTime' ? 'start' : 'end'}` },
        }}
      />
    );
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }} data-testid={testId}>
      {value.map((day, index) => (
        <Box key={day.weekdayEn} sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap' }}>
          <Typography sx={{ width: 140, pt: 1 }}>{t(`weekdays.${day.weekdayEn}`, { defaultValue: day.weekday })}</Typography>
          {timeField(index, 'startTime')}
          {timeField(index, 'endTime')}
        </Box>
      ))}
    </Box>
  );
}

