import { INTEGRATION_REQUIRED_FIELDS, queueIntegrationInput, V, type IntegrationType, type QueueIntegration } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type IntegrationPayload = z.output<typeof queueIntegrationInput>;

export interface IntegrationFormValues {
  type: IntegrationType;
  name: string;
  projectName: string;
  /** Blank keeps the stored service account (it is never sent back). */
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number | string;
  typebotDelayMessage: number | string;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
}

export const INTEGRATION_FORM_FIELDS = [
  'type', 'name', 'projectName', 'jsonContent', 'language', 'urlN8N', 'typebotSlug', 'typebotExpires', 'typebotDelayMessage',
  'typebotKeywordFinish', 'typebotKeywordRestart', 'typebotUnknownMessage', 'typebotRestartMessage',
] as const;

/** The contract's defaults (Typebot delay 1000 ms, expiry 1 minute, language pt-BR). */
export function emptyIntegrationForm(): IntegrationFormValues {
  const { name: _name, ...defaults } = queueIntegrationInput.parse({ name: 'xx' });
  return { ...defaults, name: '' };
}

export function integrationToForm(integration: QueueIntegration): IntegrationFormValues {
  const values = emptyIntegrationForm();
  for (const field of INTEGRATION_FORM_FIELDS) (values as unknown as Record<string, unknown>)[field] = integration[field];
  return { ...values, jsonContent: '' };
}

/** The contract's rules plus what the chosen type needs; a stored service account counts as given. */
export function integrationFormResolver(hasStoredJson: boolean): Resolver<IntegrationFormValues, unknown, IntegrationPayload> {
  const schema = queueIntegrationInput.superRefine((value, ctx) => {
    for (const field of INTEGRATION_REQUIRED_FIELDS[value.type]) {
      const given = field === 'jsonContent' ? Boolean(value.jsonContent) || hasStoredJson : Boolean(String(value[field] ?? '').trim());
      if (!given) ctx.addIssue({ code: 'custom', path: [field], message: V.required });
    }
  });
  return zodResolver(schema) as unknown as Resolver<IntegrationFormValues, unknown, IntegrationPayload>;
}
