import type { QueueRef } from '@atende/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { withMissing } from '../../../components/OptionalIdSelect';

interface Props<V extends FieldValues> {
  control: Control<V, unknown, any>;
  name: Path<V>;
  label: string;
  queues: QueueRef[];
  testId: string;
}

/** A multi-select of queues shown as coloured chips, bound to a react-hook-form field of ids. */
export function QueueMultiSelect<V extends FieldValues>({ control, name, label, queues, testId }: Props<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          select
          label={label}
          fullWidth
          margin="dense"
          name={field.name}
          inputRef={field.ref}
          value={field.value}
          onBlur={field.onBlur}
          onChange={(e) => {
            // MUI hands a string back when the browser autofills the hidden input.
            const value = e.target.value as unknown as number[] | string;
            field.onChange(typeof value === 'string' ? value.split(',').map(Number) : value);
          }}
          slotProps={{
            htmlInput: { 'data-testid': testId },
            select: {
              multiple: true,
              renderValue: (selected) => (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {(selected as number[]).map((id) => {
                    const queue = queues.find((q) => q.id === id);
                    return <Chip key={id} size="small" label={queue?.name ?? `#${id}`} sx={{ bgcolor: queue?.color, color: queue ? '#fff' : undefined }} />;
                  })}
                </Box>
              ),
            },
          }}
        >
          {withMissing(queues, field.value as number[]).map((queue) => (
            <MenuItem key={queue.id} value={queue.id}>
              {queue.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
