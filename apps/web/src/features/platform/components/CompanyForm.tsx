import type { Company, CompanyCreateInput, Plan } from '@atende/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { DateField } from '../../../components/DateField';
import { applyServerFieldErrors, textFieldProps, validationText } from '../../../lib/forms';
import { useSaveCompany } from '../api';
import { COMPANY_FIELDS, companyToForm, createResolver, editResolver, emptyCompanyForm, FORM_RECURRENCES, type CompanyFormValues } from './companyForm';

interface CompanyFormProps {
  /** Null adds a company. */
  editing: Company | null;
  plans: Plan[];
  onDone: () => void;
  onDelete: (company: Company) => void;
}

/** The super user's company form, above the table (spec: a form plus a table). */
export function CompanyForm({ editing, plans, onDone, onDelete }: CompanyFormProps) {
  const { t } = useTranslation('platform');
  const save = useSaveCompany();
  // The parent mounts a new form per company edited (key), so the resolver and defaults fit it.
  const form = useForm<CompanyFormValues, unknown, CompanyCreateInput>({
    resolver: editing ? editResolver : createResolver,
    defaultValues: editing ? companyToForm(editing) : emptyCompanyForm,
  });
  const { control, handleSubmit, reset, setError, formState } = form;

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(t('common.saved'));
          reset(emptyCompanyForm);
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, COMPANY_FIELDS);
          toast.error(t('companies.saveError'));
        },
      },
    );
  });

  const select = (name: 'planId' | 'status' | 'campaignsEnabled' | 'recurrence', label: string, options: { value: string | number; label: string }[]) => (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="dense"
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={validationText(fieldState.error?.message)}
          slotProps={{ select: { SelectDisplayProps: { 'data-testid': `company-${name}` } as object } }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value} data-testid={`company-${name}-${o.value}`}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );

  // A company on a recurrence the form does not offer keeps it visible until changed.
  const recurrences = [...new Set([...FORM_RECURRENCES, ...(editing ? [editing.recurrence] : [])])];
  const yesNo = [
    { value: 'true', label: t('common.yes') },
    { value: 'false', label: t('common.no') },
  ];

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ p: 2 }} data-testid="company-form">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' }, columnGap: 2 }}>
        <TextField {...textFieldProps(form, 'name', 'company-name')} label={t('companies.name')} />
        <TextField {...textFieldProps(form, 'email', 'company-email')} label={t('companies.email')} type="email" />
        <TextField {...textFieldProps(form, 'phone', 'company-phone')} label={t('companies.phone')} />
        {select('planId', t('companies.plan'), plans.map((p) => ({ value: p.id, label: p.name })))}
        {select('status', t('companies.status'), yesNo)}
        {select('campaignsEnabled', t('companies.campaigns'), [
          { value: 'true', label: t('companies.enabled') },
          { value: 'false', label: t('companies.disabled') },
        ])}
        <Controller
          name="dueDate"
          control={control}
          render={({ field, fieldState }) => (
            <DateField
              fullWidth
              margin="dense"
              label={t('companies.dueDate')}
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(fieldState.error)}
              helperText={validationText(fieldState.error?.message)}
              testId="company-dueDate"
            />
          )}
        />
        {select('recurrence', t('companies.recurrence'), recurrences.map((r) => ({ value: r, label: t(`companies.recurrences.${r}`) })))}
        {!editing && <TextField {...textFieldProps(form, 'password', 'company-password')} label={t('companies.password')} type="password" autoComplete="new-password" />}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button
          color="inherit"
          onClick={() => {
            reset(emptyCompanyForm);
            onDone();
          }}
          data-testid="company-clear"
        >
          {t('common.clear')}
        </Button>
        {editing && (
          <Button color="error" variant="outlined" onClick={() => onDelete(editing)} data-testid="company-delete">
            {t('common.delete')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending || formState.isSubmitting} data-testid="company-save">
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
