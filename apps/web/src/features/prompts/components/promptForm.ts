import { PROMPT_DEFAULTS, promptInput, type Prompt, type PromptVoice } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import type { z } from 'zod';

/** What the dialog edits; numbers stay text while typed and the contract's schema reads them. */
export interface PromptFormValues {
  name: string;
  prompt: string;
  queueId: number | null;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: string;
  temperature: string;
  maxMessages: string;
  model: string;
  /** Blank keeps the stored key. */
  apiKey: string;
}

export const PROMPT_FORM_FIELDS = ['name', 'prompt', 'queueId', 'voice', 'voiceKey', 'voiceRegion', 'maxTokens', 'temperature', 'maxMessages', 'model', 'apiKey'] as const;

export const emptyPromptForm: PromptFormValues = {
  name: '',
  prompt: '',
  queueId: null,
  voice: PROMPT_DEFAULTS.voice,
  voiceKey: '',
  voiceRegion: '',
  maxTokens: String(PROMPT_DEFAULTS.maxTokens),
  temperature: String(PROMPT_DEFAULTS.temperature),
  maxMessages: String(PROMPT_DEFAULTS.maxMessages),
  model: '',
  apiKey: '',
};

export function promptToForm(prompt: Prompt): PromptFormValues {
  return {
    name: prompt.name,
    prompt: prompt.prompt,
    queueId: prompt.queueId,
    voice: prompt.voice,
    voiceKey: prompt.voiceKey,
    voiceRegion: prompt.voiceRegion,
    maxTokens: String(prompt.maxTokens),
    temperature: String(prompt.temperature),
    maxMessages: String(prompt.maxMessages),
    model: prompt.model,
    apiKey: '',
  };
}

export const promptFormResolver = zodResolver(promptInput) as unknown as Resolver<PromptFormValues, unknown, PromptPayload>;

export type PromptPayload = z.output<typeof promptInput>;
