import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface OptionText {
  title: string;
  message: string;
}

interface QueueOptionFormProps {
  ordinal: string;
  initial: OptionText;
  busy: boolean;
  onSave: (text: OptionText) => void;
  onCancel: () => void;
}

/** Title and message of one option, new or edited; the title is what the customer's menu lists. */
export function QueueOptionForm({ ordinal, initial, busy, onSave, onCancel }: QueueOptionFormProps) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const [text, setText] = useState(initial);
  const [touched, setTouched] = useState(false);
  const titleMissing = text.title.trim() === '';

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap', py: 0.5 }} data-testid="queue-option-form">
      <Chip label={ordinal} size="small" color="primary" sx={{ mt: 1 }} />
      <Box sx={{ flex: 1, minWidth: 200 }}>
        <TextField
          size="small"
          fullWidth
          margin="dense"
          label={t('options.title')}
          value={text.title}
          autoFocus
          onChange={(e) => setText({ ...text, title: e.target.value })}
          error={touched && titleMissing}
          helperText={touched && titleMissing ? t('options.titleRequired') : undefined}
          slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'queue-option-title' } }}
        />
        <TextField
          size="small"
          fullWidth
          margin="dense"
          multiline
          minRows={2}
          label={t('options.message')}
          value={text.message}
          onChange={(e) => setText({ ...text, message: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'queue-option-message' } }}
        />
        <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
          <Button size="small" color="inherit" onClick={onCancel} data-testid="queue-option-cancel">
            {tc('cancel')}
          </Button>
          <Button
            size="small"
            variant="contained"
            disabled={busy}
            data-testid="queue-option-save"
            onClick={() => {
              setTouched(true);
              if (!titleMissing) onSave({ title: text.title.trim(), message: text.message });
            }}
          >
            {tc('save')}
          </Button>
        </Box>
      </Box>
    </Box>
  );
}
