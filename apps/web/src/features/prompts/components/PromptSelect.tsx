import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { usePlan } from '../../../app/usePlan';
import { OptionalIdSelect } from '../../../components/OptionalIdSelect';
import { usePrompts } from '../api';

interface Props<V extends FieldValues> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any payload type of the form
  control: Control<V, unknown, any>;
  name: Path<V>;
  testId: string;
}

/** The AI prompt of a queue or connection (or none); shown only while the plan has useOpenAi. */
export function PromptSelect<V extends FieldValues>({ control, name, testId }: Props<V>) {
  const { t } = useTranslation('prompts');
  const allowed = Boolean(usePlan()?.useOpenAi);
  const prompts = usePrompts(allowed);
  if (!allowed) return null;
  return <OptionalIdSelect control={control} name={name} label={t('select.label')} noneLabel={t('none')} options={prompts.data ?? []} testId={testId} />;
}
