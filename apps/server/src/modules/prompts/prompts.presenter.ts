import { PROMPT_VOICES, type Prompt, type PromptVoice } from '@atende/contract';
import type { PromptWithQueue } from './prompts.repository.js';

/** The key is never sent back: only its last four characters, behind dots, say which one is stored. */
export function keyHint(apiKey: string | null): string {
  if (!apiKey) return '';
  return `••••${apiKey.slice(-4)}`;
}

const voiceOf = (voice: string): PromptVoice => ((PROMPT_VOICES as readonly string[]).includes(voice) ? (voice as PromptVoice) : 'texto');

/** `apiKey`: the stored key opened (for its hint only), or null when none or unreadable. */
export function presentPrompt({ prompt, queue }: PromptWithQueue, apiKey: string | null): Prompt {
  return {
    id: prompt.id,
    name: prompt.name,
    prompt: prompt.prompt,
    voice: voiceOf(prompt.voice),
    voiceKey: prompt.voiceKey,
    voiceRegion: prompt.voiceRegion,
    maxTokens: prompt.maxTokens,
    temperature: Number(prompt.temperature),
    maxMessages: prompt.maxMessages,
    model: prompt.model,
    queueId: prompt.queueId,
    queue,
    apiKey: keyHint(apiKey),
    hasApiKey: prompt.apiKeySealed !== '',
    createdAt: prompt.createdAt.toISOString(),
    updatedAt: prompt.updatedAt.toISOString(),
  };
}
