import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The copy confirmation lasts 1 s. */
export const COPIED_MS = 1_000;

interface CopyFieldProps {
  label: string;
  value: string;
  helperText?: string;
  testId: string;
}

/** A read-only value (a token, a webhook URL) with a button that puts it on the clipboard. */
export function CopyField({ label, value, helperText, testId }: CopyFieldProps) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = window.setTimeout(() => setCopied(false), COPIED_MS);
    return () => window.clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      // No clipboard (insecure origin, denied): the field stays selectable by hand.
    }
  }

  return (
    <TextField
      label={label}
      value={value}
      helperText={helperText}
      fullWidth
      margin="dense"
      slotProps={{
        htmlInput: { readOnly: true, 'data-testid': testId },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={copied ? t('copied') : t('copy')} open={copied || undefined}>
                <IconButton size="small" edge="end" aria-label={t('copy')} onClick={() => void copy()} disabled={!value} data-testid={`${testId}-copy`}>
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
