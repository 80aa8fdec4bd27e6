import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useRef } from 'react';
import { filesWithinLimit, uploadLimitHint } from '../lib/uploads';

interface AttachmentFieldProps {
  /** Test ids: `{testId}-file`, `-attach`, `-attachment`, `-remove-attachment`. */
  testId: string;
  /** The attachment's name (picked now or already saved), or null for none. */
  name: string | null;
  attachLabel: string;
  removeLabel: string;
  /** Shown but not changed (a sent schedule, a campaign past its edit window). */
  readOnly?: boolean;
  onPick: (file: File) => void;
  onRemove: () => void;
}

/** One file attached to a record in a dialog: pick it (within the upload limit), see its name, remove it. */
export function AttachmentField({ testId, name, attachLabel, removeLabel, readOnly = false, onPick, onRemove }: AttachmentFieldProps) {
  const fileRef = useRef<HTMLInputElement>(null);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 1 }}>
      <input
        ref={fileRef}
        type="file"
        hidden
        data-testid={`${testId}-file`}
        onChange={(e) => {
          const [chosen] = filesWithinLimit(Array.from(e.target.files ?? []));
          if (chosen) onPick(chosen);
          e.target.value = '';
        }}
      />
      {!readOnly && (
        <Button size="small" startIcon={<AttachFileIcon />} onClick={() => fileRef.current?.click()} data-testid={`${testId}-attach`} title={uploadLimitHint()}>
          {attachLabel}
        </Button>
      )}
      {name && (
        <>
          <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0 }} data-testid={`${testId}-attachment`}>
            {name}
          </Typography>
          {!readOnly && (
            <IconButton size="small" aria-label={removeLabel} onClick={onRemove} data-testid={`${testId}-remove-attachment`}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          )}
        </>
      )}
    </Box>
  );
}
