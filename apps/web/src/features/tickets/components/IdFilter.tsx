import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface Option {
  id: number;
  name: string;
  color?: string;
}

interface Props {
  label: string;
  options: Option[];
  value: number[];
  onChange: (ids: number[]) => void;
  testId: string;
}

/** A compact multi-select of records by id (queues, tags, users) for the list filters. */
export function IdFilter({ label, options, value, onChange, testId }: Props) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      sx={{ minWidth: 120, flex: 1 }}
      onChange={(e) => {
        const raw = e.target.value as unknown as (number | string)[] | string;
        onChange((Array.isArray(raw) ? raw : raw.split(',')).map(Number));
      }}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        select: {
          multiple: true,
          renderValue: (ids) =>
            options
              .filter((o) => (ids as number[]).includes(o.id))
              .map((o) => o.name)
              .join(', '),
        },
      }}
    >
      {options.map((option) => (
        <MenuItem key={option.id} value={option.id} dense data-testid={`${testId}-option-${option.id}`}>
          <Checkbox size="small" checked={value.includes(option.id)} />
          {option.color && <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: option.color, mr: 1 }} />}
          <ListItemText primary={option.name} />
        </MenuItem>
      ))}
    </TextField>
  );
}
