import type { QueueIntegration } from '@atende/contract';
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
import { IntegrationTypeLogo } from './IntegrationTypeLogo';

interface Props {
  integrations: QueueIntegration[];
  loading: boolean;
  onEdit: (integration: QueueIntegration) => void;
  onDelete: (integration: QueueIntegration) => void;
}

export function IntegrationsTable({ integrations, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation('queueIntegrations');
  const { t: tc } = useTranslation();
  return (
    <Table size="small" stickyHeader data-testid="integrations-table">
      <TableHead>
        <TableRow>
          <TableCell align="center" sx={{ width: 64 }}>{t('columns.type')}</TableCell>
          <TableCell align="center">{t('columns.id')}</TableCell>
          <TableCell align="center">{t('columns.name')}</TableCell>
          <TableCell align="center">{t('columns.actions')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {integrations.map((integration) => (
          <TableRow key={integration.id} hover data-testid={`integration-row-${integration.id}`}>
            <TableCell align="center">
              <IntegrationTypeLogo type={integration.type} label={t(`types.${integration.type}`)} />
            </TableCell>
            <TableCell align="center">{integration.id}</TableCell>
            <TableCell align="center">{integration.name}</TableCell>
            <TableCell align="center" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={tc('edit')}>
                <IconButton size="small" aria-label={tc('edit')} onClick={() => onEdit(integration)} data-testid={`integration-edit-${integration.id}`}>
                  <EditIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={tc('delete')}>
                <IconButton size="small" aria-label={tc('delete')} onClick={() => onDelete(integration)} data-testid={`integration-delete-${integration.id}`}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </TableRow>
        ))}
        {!loading && integrations.length === 0 && (
          <TableRow>
            <TableCell colSpan={4} align="center" sx={{ color: 'text.secondary', py: 4 }} data-testid="integrations-empty">
              {tc('noRecords')}
            </TableCell>
          </TableRow>
        )}
      </TableBody>
    </Table>
  );
}
