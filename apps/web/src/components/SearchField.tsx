import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

/** The search box in a list page's title row (the page debounces what it sends). */
export function SearchField({ value, onChange, testId }: { value: string; onChange: (value: string) => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <TextField
      size="small"
      placeholder={t('search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{
        htmlInput: { 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" color="action" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
