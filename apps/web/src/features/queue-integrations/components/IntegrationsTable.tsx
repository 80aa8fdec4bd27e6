import type { QueueIntegration } from '@atende/contract';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { IntegrationTypeLogo } from './IntegrationTypeLogo';
import { RowActionsCell, EmptyTableRow } from '../../../components/RowActions';

interface Props {
  integrations: QueueIntegration[];
  loading: boolean;
  onEdit: (integration: QueueIntegration) => void;
  onDelete: (integration: QueueIntegration) => void;
}

export function IntegrationsTable({ integrations, loading, onEdit, onDelete }: Props) {
  const { t } = useTranslation('queueIntegrations');
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
            <RowActionsCell testIdPrefix="integration" id={integration.id} onEdit={() => onEdit(integration)} onDelete={() => onDelete(integration)} />
          </TableRow>
        ))}
        <EmptyTableRow show={!loading && integrations.length === 0} colSpan={4} testId="integrations-empty" />
      </TableBody>
    </Table>
  );
}
