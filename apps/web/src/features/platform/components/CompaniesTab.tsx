import { advanceDueDate, type Company } from '@atende/contract';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../../components/ConfirmationDialog';
import { PageLoader } from '../../../components/PageLoader';
import { formatDate } from '../../../lib/dates';
import { toastError } from '../../../lib/errors';
import { CompanySchedulesForm, useSettingValue, useUpdateSetting } from '../../settings';
import { useCompanies, useDeleteCompany, usePlans, useSaveCompany } from '../api';
import { CompaniesTable } from './CompaniesTable';
import { CompanyForm } from './CompanyForm';

/** Whether visitors may sign up (/signup): the platform company's userCreation setting. */
function SignupSwitch() {
  const { t } = useTranslation('platform');
  const value = useSettingValue('userCreation');
  const update = useUpdateSetting();
  return (
    <TextField
      select
      size="small"
      label={t('companies.signup')}
      value={value}
      sx={{ minWidth: 280 }}
      onChange={(e) => update.mutate({ key: 'userCreation', value: e.target.value }, { onSuccess: () => toast.success(t('companies.signupSaved')), onError: toastError })}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'platform-userCreation' } as object } }}
    >
      <MenuItem value="enabled" data-testid="platform-userCreation-enabled">{t('companies.signupOn')}</MenuItem>
      <MenuItem value="disabled" data-testid="platform-userCreation-disabled">{t('companies.signupOff')}</MenuItem>
    </TextField>
  );
}

/** Settings tab Empresas (super user): the company form, the table, and the recurrence advance. */
export function CompaniesTab() {
  const { t } = useTranslation('platform');
  const companies = useCompanies();
  const plans = usePlans();
  const save = useSaveCompany();
  const remove = useDeleteCompany();
  const [editing, setEditing] = useState<Company | null>(null);
  const [toDelete, setToDelete] = useState<Company | null>(null);
  const [hoursOf, setHoursOf] = useState<Company | null>(null);

  useEffect(() => {
    if (companies.error || plans.error) toast.error(t('common.loadError'));
  }, [companies.error, plans.error, t]);

  function advance(company: Company) {
    const dueDate = advanceDueDate(company.dueDate, company.recurrence, format(new Date(), 'yyyy-MM-dd'));
    const { name, email, phone, planId, status, recurrence } = company;
    save.mutate(
      { id: company.id, input: { name, email, phone, planId, status, recurrence, dueDate } },
      { onSuccess: () => toast.success(t('companies.advanced', { date: formatDate(dueDate) })), onError: () => toast.error(t('companies.saveError')) },
    );
  }

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

  if (companies.isPending || plans.isPending) return <PageLoader />;

  return (
    <Box data-testid="platform-companies">
      <Box sx={{ px: 2, pt: 2 }}>
        <SignupSwitch />
      </Box>
      <CompanyForm key={editing?.id ?? 'new'} editing={editing} plans={plans.data ?? []} onDone={() => setEditing(null)} onDelete={setToDelete} />
      <Divider />
      <Box sx={{ overflowX: 'auto' }}>
        <CompaniesTable
          companies={companies.data ?? []}
          onEdit={setEditing}
          onAdvance={advance}
          onSchedules={setHoursOf}
          busyId={save.isPending ? (save.variables?.id ?? null) : null}
        />
      </Box>
      <ConfirmationDialog open={toDelete !== null} title={t('common.confirmTitle')} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {t('common.confirmDelete')}
      </ConfirmationDialog>
      <Dialog open={hoursOf !== null} onClose={() => setHoursOf(null)} maxWidth="md" fullWidth data-testid="company-schedules-dialog">
        <DialogTitle>{t('companies.schedulesTitle', { name: hoursOf?.name ?? '' })}</DialogTitle>
        {hoursOf && <CompanySchedulesForm companyId={hoursOf.id} />}
      </Dialog>
    </Box>
  );
}
