import type { Prompt } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

interface PromptsTableProps {
  prompts: Prompt[];
  loading: boolean;
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
}

export function PromptsTable({ prompts, loading, onEdit, onDelete }: PromptsTableProps) {
  const { t } = useTranslation('prompts');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="prompts-table">
      <TableHead>
        <TableRow>
          <TableCell align="left">{t('columns.name')}</TableCell>
          <TableCell align="left">{t('columns.queue')}</TableCell>
          <TableCell align="center">{t('columns.maxTokens')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {prompts.map((prompt) => (
          <TableRow key={prompt.id} hover data-testid={`prompt-row-${prompt.id}`}>
            <TableCell align="left">{prompt.name}</TableCell>
            <TableCell align="left">{prompt.queue?.name ?? ''}</TableCell>
            <TableCell align="center">{prompt.maxTokens}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(prompt)} data-testid={`prompt-edit-${prompt.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(prompt)} data-testid={`prompt-delete-${prompt.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && prompts.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="prompts-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
