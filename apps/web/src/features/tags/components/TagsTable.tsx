import type { Tag } from '@atende/contract';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface TagsTableProps {
  tags: Tag[];
  loading: boolean;
  onTickets: (tag: Tag) => void;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
}

export function TagsTable({ tags, loading, onTickets, onEdit, onDelete }: TagsTableProps) {
  const { t } = useTranslation('tags');
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
            <RowActionsCell testIdPrefix="tag" id={tag.id} onEdit={() => onEdit(tag)} onDelete={() => onDelete(tag)} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && tags.length === 0} colSpan={3} testId="tags-empty" />
      </TableBody>
    </Table>
  );
}
