import type { Prompt } from '@atende/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface PromptsTableProps {
  prompts: Prompt[];
  loading: boolean;
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
}

export function PromptsTable({ prompts, loading, onEdit, onDelete }: PromptsTableProps) {
  const { t } = useTranslation('prompts');
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
            <RowActionsCell testIdPrefix="prompt" id={prompt.id} onEdit={() => onEdit(prompt)} onDelete={() => onDelete(prompt)} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && prompts.length === 0} colSpan={4} testId="prompts-empty" />
      </TableBody>
    </Table>
  );
}
