import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePlan } from '../../../app/usePlan';
import { OptionalIdSelect } from '../../../components/OptionalIdSelect';
import { useIntegrationOptions } from '../api';

interface Props<V extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any payload type of the form
  control: Control<V, unknown, any>;
  name: Path<V>;
  testId: string;
}

/**
 * The integration that answers a queue's (or a queueless connection's) waiting customers, or
 * none. Shown only when the plan has integrations; otherwise the form keeps the stored value.
 */
export function IntegrationSelect<V extends FieldValues>({ control, name, testId }: Props<V>) {
  const { t } = useTranslation('queueIntegrations');
  const allowed = Boolean(usePlan()?.useIntegrations);
  const options = useIntegrationOptions(allowed);
  if (!allowed) return null;
  return (
    <OptionalIdSelect
      control={control}
      name={name}
      label={t('select.label')}
      noneLabel={t('select.none')}
      options={(options.data ?? []).map((integration) => ({ id: integration.id, name: integration.name }))}
      testId={testId}
    />
  );
}
