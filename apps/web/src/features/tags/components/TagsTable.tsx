import type { Tag } from '@atende/contract';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';

interface TagsTableProps {
  tags: Tag[];
  loading: boolean;
  onTickets: (tag: Tag) => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

export function TagsTable({ tags, loading, onTickets, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation('tags');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="tags-table">
      <TableHead>
        <TableRow>
          <TableCell align="center">{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.tickets')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {tags.map((tag) => (
          <TableRow key={tag.id} hover data-testid={`tag-row-${tag.id}`}>
            <TableCell align="center">
              <Chip size="small" label={tag.name} sx={{ bgcolor: tag.color, color: 'common.white', textShadow: '0 0 2px rgba(0,0,0,.6)' }} />
            </TableCell>
            <TableCell align="center">
              <Tooltip title={t('ticketsOf', { name: tag.name })}>
                <Button size="small" onClick={() => onTickets(tag)} data-testid={`tag-tickets-${tag.id}`}>
                  {tag.ticketsCount ?? 0}
                </Button>
              </Tooltip>
            </TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(tag)} data-testid={`tag-edit-${tag.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(tag)} data-testid={`tag-delete-${tag.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && tags.length === 0 && (
          <TableRow>
            <TableCell colSpan={3} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="tags-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
