import CalendarMonthIcon from '@mui/icons-material/CalendarMonthOutlined';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { format, isValid, parse } from 'date-fns';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** How each language writes a date (the field types the slashes itself). */
export function datePattern(language: string | undefined): string {
  return language === 'en' ? 'MM/dd/yyyy' : 'dd/MM/yyyy';
}

function shown(value: string, pattern: string): string {
  const date = parse(value, 'yyyy-MM-dd', new Date());
  return value && isValid(date) ? format(date, pattern) : '';
}

/** Digits only, the slashes put in as they are typed: '0403' -> '04/03'. */
function masked(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

interface DateFieldProps extends Pick<TextFieldProps, 'label' | 'size' | 'sx' | 'fullWidth' | 'margin' | 'helperText' | 'error' | 'onBlur'> {
  /** yyyy-MM-dd, or '' for none. */
  value: string;
  onChange: (value: string) => void;
  testId?: string;
}

/**
 * A date typed and shown in the chosen language's order (dd/mm/aaaa, mm/dd/yyyy). The browser's
 * own date input follows the browser's language instead, so a Portuguese page could show
 * MM/DD/YYYY. The calendar button still opens the browser's picker for choosing by click.
 */
export function DateField({ value, onChange, testId, error, ...field }: DateFieldProps) {
  const { t, i18n } = useTranslation();
  const pattern = datePattern(i18n.resolvedLanguage);
  const [text, setText] = useState(() => shown(value, pattern));
  const picker = useRef<HTMLInputElement>(null);

  // A value set from outside (a reset, the language changing) shows; a half-typed date stays.
  useEffect(() => {
    setText((current) => {
      const date = parse(current, pattern, new Date());
      const same = isValid(date) && format(date, 'yyyy-MM-dd') === value;
      return same ? current : shown(value, pattern);
    });
  }, [value, pattern]);

  const type = (raw: string) => {
    const next = masked(raw);
    setText(next);
    if (!next) return onChange('');
    const date = parse(next, pattern, new Date());
    if (next.length === 10 && isValid(date)) onChange(format(date, 'yyyy-MM-dd'));
  };

  return (
    <>
      <TextField
        {...field}
        value={text}
        onChange={(event) => type(event.target.value)}
        placeholder={t('datePlaceholder')}
        error={error || (text.length > 0 && text.length < 10)}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { inputMode: 'numeric', 'data-testid': testId },
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton size="small" edge="end" aria-label={t('pickDate')} onClick={() => picker.current?.showPicker?.()}>
                  <CalendarMonthIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={picker}
        type="date"
        tabIndex={-1}
        aria-hidden
        value={value}
        onChange={(event) => onChange(event.target.value)}
        style={{ position: 'absolute', width: 0, height: 0, opacity: 0, pointerEvents: 'none' }}
      />
    </>
  );
}
