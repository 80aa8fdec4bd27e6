import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** Keeps a selected id selectable even when its record is not in the loaded options. */
export function withMissing<T extends { id: number; name: string }>(options: T[], selected: number[]): { id: number; name: string }[] {
  const missing = selected.filter((id) => !options.some((option) => option.id === id));
  return [...options, ...missing.map((id) => ({ id, name: `#${id}` }))];
}

interface Props<V extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any payload type of the form
  control: Control<V, unknown, any>;
  name: Path<V>;
  label: string;
  /** The text of the empty choice, which stores null. */
  noneLabel: string;
  options: { id: number; name: string }[];
  testId: string;
  /** The field's error text, shown under it. */
  error?: string;
}

/**
 * A select of one record by id, or none (null). A chosen id missing from the options (deleted,
 * or not visible to the editor) stays listed as `#id` so saving does not silently drop it.
 */
export function OptionalIdSelect<V extends FieldValues>({ control, name, label, noneLabel, options, testId, error }: Props<V>) {
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
          onBlur={field.onBlur}
          error={Boolean(error)}
          helperText={error}
          value={field.value ?? ''}
          onChange={(e) => field.onChange(e.target.value === '' ? null : Number(e.target.value))}
          slotProps={{ htmlInput: { 'data-testid': testId } }}
        >
          <MenuItem value="">
            <em>{noneLabel}</em>
          </MenuItem>
          {withMissing(options, field.value === null || field.value === undefined ? [] : [field.value as number]).map((option) => (
            <MenuItem key={option.id} value={option.id}>
              {option.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
