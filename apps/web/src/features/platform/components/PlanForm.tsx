import { PLAN_FEATURES, planInput, type Plan, type PlanFeature, type PlanInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { applyServerFieldErrors, textFieldProps } from '../../../lib/forms';
import { useSavePlan } from '../api';

type PlanFormValues = { name: string; users: string; connections: string; queues: string; value: string } & Record<PlanFeature, 'true' | 'false'>;

const resolver = zodResolver(planInput) as unknown as Resolver<PlanFormValues, unknown, PlanInput>;
const FIELDS = ['name', 'users', 'connections', 'queues', 'value', ...PLAN_FEATURES] as const;

/** Plan defaults (spec): counts and value 0, every feature on. */
const emptyPlan = {
  name: '', users: '0', connections: '0', queues: '0', value: '0',
  ...Object.fromEntries(PLAN_FEATURES.map((f) => [f, 'true'])),
} as PlanFormValues;

function planToForm(plan: Plan): PlanFormValues {
  return {
    name: plan.name,
    users: String(plan.users),
    connections: String(plan.connections),
    queues: String(plan.queues),
    value: String(plan.value),
    ...Object.fromEntries(PLAN_FEATURES.map((f) => [f, plan[f] ? 'true' : 'false'])),
  } as PlanFormValues;
}

interface PlanFormProps {
  /** Null adds a plan. The parent mounts a new form per plan edited. */
  editing: Plan | null;
  onDone: () => void;
  onDelete: (plan: Plan) => void;
}

export function PlanForm({ editing, onDone, onDelete }: PlanFormProps) {
  const { t } = useTranslation('platform');
  const save = useSavePlan();
  const form = useForm<PlanFormValues, unknown, PlanInput>({ resolver, defaultValues: editing ? planToForm(editing) : emptyPlan });
  const { control, handleSubmit, reset, setError, formState } = form;

  const onSubmit = handleSubmit((input) => {
    save.mutate(
      { id: editing?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(t('common.saved'));
          reset(emptyPlan);
          onDone();
        },
        onError: (err) => {
          applyServerFieldErrors(err, setError, FIELDS);
          toast.error(t('plans.saveError'));
        },
      },
    );
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ p: 2 }} data-testid="plan-form">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, columnGap: 2 }}>
        <TextField {...textFieldProps(form, 'name', 'plan-name')} label={t('plans.name')} />
        <TextField {...textFieldProps(form, 'users', 'plan-users')} label={t('plans.users')} type="number" />
        <TextField {...textFieldProps(form, 'connections', 'plan-connections')} label={t('plans.connections')} type="number" />
        <TextField {...textFieldProps(form, 'queues', 'plan-queues')} label={t('plans.queues')} type="number" />
        <TextField
          {...textFieldProps(form, 'value', 'plan-value')}
          label={t('plans.value')}
          type="number"
          slotProps={{ htmlInput: { 'data-testid': 'plan-value', step: '0.01', min: 0 } }}
        />
        {PLAN_FEATURES.map((feature) => (
          <Controller
            key={feature}
            name={feature}
            control={control}
            render={({ field }) => (
              <TextField
                select
                fullWidth
                margin="dense"
                label={t(`plans.flags.${feature}`)}
                value={field.value}
                onChange={field.onChange}
                slotProps={{ select: { SelectDisplayProps: { 'data-testid': `plan-${feature}` } as object } }}
              >
                <MenuItem value="true" data-testid={`plan-${feature}-true`}>{t('companies.enabled')}</MenuItem>
                <MenuItem value="false" data-testid={`plan-${feature}-false`}>{t('companies.disabled')}</MenuItem>
              </TextField>
            )}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 1 }}>
        <Button color="inherit" onClick={() => { reset(emptyPlan); onDone(); }} data-testid="plan-clear">
          {t('common.clear')}
        </Button>
        {editing && (
          <Button color="error" variant="outlined" onClick={() => onDelete(editing)} data-testid="plan-delete">
            {t('common.delete')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={save.isPending || formState.isSubmitting} data-testid="plan-save">
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
