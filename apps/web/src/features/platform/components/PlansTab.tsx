import { PLAN_FEATURES, type Plan } from '@atende/contract';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { PageLoader } from '../../../components/PageLoader';
import { useDeletePlan, usePlans } from '../api';
import { PlanForm } from './PlanForm';

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** Settings tab Planos (super user): the plan form and the table of plans. */
export function PlansTab() {
  const { t } = useTranslation('platform');
  const plans = usePlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Plan | null>(null);
  const [toDelete, setToDelete] = useState<Plan | null>(null);

  useEffect(() => {
    if (plans.error) toast.error(t('common.loadError'));
  }, [plans.error, t]);

  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(t('common.saved'));
        setEditing(null);
      },
      onError: () => toast.error(t('common.deleteError')),
      onSettled: () => setToDelete(null),
    });
  }

  if (plans.isPending) return <PageLoader />;
  const yesNo = (on: boolean) => (on ? t('common.yes') : t('common.no'));

  return (
    <Box data-testid="platform-plans">
      <PlanForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(null)} onDelete={setToDelete} />
      <Divider />
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" data-testid="plans-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('plans.name')}</TableCell>
              <TableCell>{t('plans.users')}</TableCell>
              <TableCell>{t('plans.connections')}</TableCell>
              <TableCell>{t('plans.queues')}</TableCell>
              <TableCell>{t('plans.value')}</TableCell>
              {PLAN_FEATURES.map((f) => (
                <TableCell key={f}>{t(`plans.flags.${f}`)}</TableCell>
              ))}
              <TableCell align="center">{t('common.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(plans.data ?? []).map((plan) => (
              <TableRow key={plan.id} data-testid={`plan-row-${plan.id}`}>
                <TableCell>{plan.name}</TableCell>
                <TableCell>{plan.users}</TableCell>
                <TableCell>{plan.connections}</TableCell>
                <TableCell>{plan.queues}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{t('plans.perMonth', { value: brl.format(plan.value) })}</TableCell>
                {PLAN_FEATURES.map((f) => (
                  <TableCell key={f}>{yesNo(plan[f])}</TableCell>
                ))}
                <TableCell align="center">
                  <IconButton size="small" onClick={() => setEditing(plan)} data-testid={`plan-edit-${plan.id}`}>
                    <EditIcon fontSize="small" />
                  </IconButton>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
      <ConfirmationDialog open={toDelete !== null} title={t('common.confirmTitle')} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {t('common.confirmDelete')}
      </ConfirmationDialog>
    </Box>
  );
}
