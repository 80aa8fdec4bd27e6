import PaletteIcon from '@mui/icons-material/Palette';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationText } from '../../../lib/forms';
import { QUEUE_COLORS } from '../palette';
import type { QueueFormValues } from './queueForm';

/** A small square of a colour; an unreadable value shows as empty. */
export function ColorSwatch({ color, size = 20 }: { color: string; size?: number }) {
  return <Box component="span" sx={{ display: 'inline-block', width: size, height: size, borderRadius: 0.5, bgcolor: color, border: 1, borderColor: 'divider', flexShrink: 0 }} />;
}

/** The queue colour: typed freely (3-9 characters, e.g. #f00 or #ff000080) or picked from the palette. */
export function QueueColorField({ control }: { control: Control<QueueFormValues, unknown, any> }) {
  const { t } = useTranslation('queues');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);

  return (
    <Controller
      control={control}
      name="color"
      render={({ field, fieldState }) => (
        <>
          <TextField
            label={t('dialog.color')}
            fullWidth
            margin="dense"
            name={field.name}
            inputRef={field.ref}
            value={field.value}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.value.trim())}
            error={Boolean(fieldState.error)}
            helperText={validationText(fieldState.error?.message)}
            slotProps={{
              htmlInput: { 'data-testid': 'queue-color', maxLength: 9 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <ColorSwatch color={field.value} />
                  </InputAdornment>
                ),
                endAdornment: (
                  <InputAdornment position="end">
                    <Tooltip title={t('dialog.palette')}>
                      <IconButton aria-label={t('dialog.palette')} onClick={(e) => setAnchor(e.currentTarget)} data-testid="queue-color-palette" edge="end">
                        <PaletteIcon />
                      </IconButton>
                    </Tooltip>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Popover open={anchor !== null} anchorEl={anchor} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
            <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(10, 28px)', gap: 0.5, p: 1 }} data-testid="queue-palette">
              {QUEUE_COLORS.map((color) => (
                <Box
                  key={color}
                  component="button"
                  type="button"
                  aria-label={color}
                  aria-pressed={field.value === color}
                  data-testid={`queue-palette-${color.slice(1)}`}
                  onClick={() => {
                    field.onChange(color);
                    setAnchor(null);
                  }}
                  sx={{ width: 28, height: 28, p: 0, cursor: 'pointer', bgcolor: color, borderRadius: 0.5, border: 2, borderColor: field.value === color ? 'text.primary' : 'transparent' }}
                />
              ))}
            </Box>
          </Popover>
        </>
      )}
    />
  );
}
