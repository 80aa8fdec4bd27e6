import type { QueueOption } from '@atende/contract';
import AddIcon from '@mui/icons-material/SubdirectoryArrowRight';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { QueueOptionForm, type OptionText } from './QueueOptionForm';
import { nextOrdinal } from '../optionOrdinals';

/** The one option form open at a time: a new option under a parent (null: the root), or an edit. */
export type OptionEditing = { kind: 'new'; parentId: number | null } | { kind: 'edit'; id: number } | null;

interface QueueOptionItemProps {
  option: QueueOption;
  /** Its place in the menu: the parents' numbers and its own, joined by dots (1.2.1). */
  ordinal: string;
  editing: OptionEditing;
  busy: boolean;
  onEdit: (editing: OptionEditing) => void;
  onDelete: (option: QueueOption) => void;
  onSave: (text: OptionText) => void;
  onCancel: () => void;
}

export function QueueOptionItem(props: QueueOptionItemProps) {
  const { option, ordinal, editing, busy, onEdit, onDelete, onSave, onCancel } = props;
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const isEditing = editing?.kind === 'edit' && editing.id === option.id;
  const addingChild = editing?.kind === 'new' && editing.parentId === option.id;

  return (
    <Box sx={{ borderLeft: 2, borderColor: 'divider', pl: 1, my: 0.5 }} data-testid={`queue-option-${ordinal}`}>
      {isEditing ? (
        <QueueOptionForm ordinal={ordinal} initial={{ title: option.title, message: option.message }} busy={busy} onSave={onSave} onCancel={onCancel} />
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Chip label={ordinal} size="small" variant="outlined" data-testid="queue-option-ordinal" />
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
              {option.title}
            </Typography>
            {option.message && (
              <Typography variant="caption" color="text.secondary" noWrap component="div">
                {option.message}
              </Typography>
            )}
          </Box>
          <Tooltip title={t('options.addChild')}>
            <IconButton size="small" aria-label={t('options.addChild')} onClick={() => onEdit({ kind: 'new', parentId: option.id })} data-testid={`queue-option-add-child-${ordinal}`}>
              <AddIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={tc('edit')}>
            <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit({ kind: 'edit', id: option.id })} data-testid={`queue-option-edit-${ordinal}`}>
              <EditIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title={tc('delete')}>
            <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(option)} data-testid={`queue-option-delete-${ordinal}`}>
              <DeleteIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
      <Box sx={{ pl: 2 }}>
        {option.children.map((child) => (
          <QueueOptionItem key={child.id} {...props} option={child} ordinal={`${ordinal}.${child.option}`} />
        ))}
        {addingChild && <QueueOptionForm ordinal={nextOrdinal(option.children, ordinal)} initial={{ title: '', message: '' }} busy={busy} onSave={onSave} onCancel={onCancel} />}
      </Box>
    </Box>
  );
}
