import { companySchedulesInput, type CompanySchedule } from '@atende/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { PageLoader } from '../../../components/PageLoader';
import { ApiError } from '../../../lib/api';
import { toastError } from '../../../lib/errors';
import { ScheduleEditor } from '../../../components/ScheduleEditor';
import { completeWeek, EMPTY_WEEK } from '../../../lib/weekSchedule';
import { useCompany, useSaveCompanySchedules } from '../api';

type RowErrors = Record<string, string | undefined>;

/** 'schedules.3.endTime' -> '3.endTime', as the schedule editor keys its rows. */
function rowErrors(fields: Record<string, string>): RowErrors {
  return Object.fromEntries(Object.entries(fields).flatMap(([path, key]) => (path.startsWith('schedules.') ? [[path.slice(10), key]] : [])));
}

/** The company's working hours (settings, Horários): the seven days, empty times for a closed day. */
export function CompanySchedulesForm({ companyId }: { companyId: number }) {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation();
  const company = useCompany(companyId);
  const save = useSaveCompanySchedules(companyId);
  const [week, setWeek] = useState<CompanySchedule[]>(() => completeWeek(null, EMPTY_WEEK));
  const [errors, setErrors] = useState<RowErrors>({});
  const [edited, setEdited] = useState(false);

  // A refetch (e.g. after the socket reconnects) must not wipe hours being typed.
  useEffect(() => {
    if (company.data && !edited) setWeek(completeWeek(company.data.schedules, EMPTY_WEEK));
  }, [company.data, edited]);

  function edit(next: CompanySchedule[]) {
    setEdited(true);
    setWeek(next);
  }

  useEffect(() => {
    if (company.error) toastError(company.error);
  }, [company.error]);

  function submit() {
    const parsed = companySchedulesInput.safeParse({ schedules: week });
    if (!parsed.success) {
      setErrors(rowErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]))));
      return;
    }
    setErrors({});
    save.mutate(parsed.data.schedules, {
      onSuccess: () => {
        setEdited(false);
        toast.success(t('schedulesSaved'));
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 'ERR_VALIDATION' && Object.keys(rowErrors(err.fields)).length) setErrors(rowErrors(err.fields));
        else toastError(err);
      },
    });
  }

  if (company.isPending) return <PageLoader />;

  return (
    <Box sx={{ p: 2 }} data-testid="company-schedules">
      <Alert severity="info" sx={{ mb: 2 }}>
        {t('schedulesHint')}
      </Alert>
      <ScheduleEditor value={week} onChange={edit} errors={errors} testId="company-schedule" />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="company-schedules-save">
          {tc('save')}
        </Button>
      </Box>
    </Box>
  );
}
