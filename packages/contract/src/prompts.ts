import { z } from 'zod';
import { V, recordId } from './common.js';

/** The answer in text only; any other voice also speaks it as a voice note (Azure neural voices). */
export const PROMPT_TEXT_VOICE = 'texto';
export const PROMPT_VOICES = [
  PROMPT_TEXT_VOICE,
  'pt-BR-FranciscaNeural',
  'pt-BR-AntonioNeural',
  'pt-BR-BrendaNeural',
  'pt-BR-DonatoNeural',
  'pt-BR-ElzaNeural',
  'pt-BR-FabioNeural',
  'pt-BR-GiovannaNeural',
  'pt-BR-HumbertoNeural',
  'pt-BR-JulioNeural',
  'pt-BR-LeilaNeural',
  'pt-BR-LeticiaNeural',
  'pt-BR-ManuelaNeural',
  'pt-BR-NicolauNeural',
  'pt-BR-ValerioNeural',
  'pt-BR-YaraNeural',
] as const;
export type PromptVoice = (typeof PROMPT_VOICES)[number];

export const PROMPT_DEFAULTS = { voice: PROMPT_TEXT_VOICE, maxTokens: 100, temperature: 1, maxMessages: 10 } as const;
export const PROMPT_LIMITS = { maxTokens: 4096, maxMessages: 50, temperatureMax: 2 } as const;

/**
 * What the assistant answers to hand the customer over to people: the agent sends the text before
 * it, moves the ticket to the prompt's queue and stops answering.
 */
export const PROMPT_TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';

const text = (max: number) => z.string({ error: V.invalid }).trim().max(max, { error: V.tooLong });
const whole = (min: number, max: number) => z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(min, { error: V.invalid }).max(max, { error: V.invalid });

export const promptInput = z.object({
  name: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(100, { error: V.tooLong }),
  prompt: z.string({ error: V.required }).trim().min(1, { error: V.required }).max(20_000, { error: V.tooLong }),
  /** Required: a prompt answers for a queue (missing answers ERR_PROMPT_QUEUE_REQUIRED, 'Informe o setor'). */
  queueId: recordId(V.required),
  voice: z.enum(PROMPT_VOICES, { error: V.invalid }).optional().default(PROMPT_DEFAULTS.voice),
  voiceKey: text(200).optional().default(''),
  voiceRegion: text(50).optional().default(''),
  maxTokens: whole(1, PROMPT_LIMITS.maxTokens).optional().default(PROMPT_DEFAULTS.maxTokens),
  temperature: z.coerce
    .number({ error: V.invalid })
    .min(0, { error: V.invalid })
    .max(PROMPT_LIMITS.temperatureMax, { error: V.invalid })
    .optional()
    .default(PROMPT_DEFAULTS.temperature),
  maxMessages: whole(1, PROMPT_LIMITS.maxMessages).optional().default(PROMPT_DEFAULTS.maxMessages),
  /** The OpenAI model; blank: the server's OPENAI_MODEL. */
  model: text(100).optional().default(''),
  /** Blank on an update keeps the stored key; it is never sent back. */
  apiKey: text(500).optional().default(''),
});
export type PromptInput = z.input<typeof promptInput>;

export interface Prompt {
  id: number;
  name: string;
  prompt: string;
  voice: PromptVoice;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  model: string;
  queueId: number;
  queue: { id: number; name: string; color: string } | null;
  /** Never the key itself: blank, or its last four characters behind dots. */
  apiKey: string;
  /** Whether a key is stored (the dialog says 'leave empty to keep'). */
  hasApiKey: boolean;
  createdAt: string;
  updatedAt: string;
}

/** DELETE /prompt/:id answers the message the web shows as information. */
export interface PromptDeleted {
  message: string;
}
