import { LANGUAGES, type Language } from '@atende/contract';
import TranslateIcon from '@mui/icons-material/Translate';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage } from './i18n';

/** The language choice before anyone logs in (inside, it lives in the account menu); the choice is kept. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation('shell');
  const current: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'pt';
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'center', mt: 2 }}>
      <TranslateIcon fontSize="small" color="action" />
      <TextField
        select
        size="small"
        variant="standard"
        value={current}
        onChange={(event) => isLanguage(event.target.value) && changeLanguage(event.target.value)}
        slotProps={{ htmlInput: { 'data-testid': 'login-language', 'aria-label': t('topbar.language') } }}
      >
        {LANGUAGES.map((language) => (
          <MenuItem key={language} value={language} data-testid={`login-language-${language}`}>
            {t(`languages.${language}`)}
          </MenuItem>
        ))}
      </TextField>
    </Box>
  );
}
