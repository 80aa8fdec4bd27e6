/**
 * The outside services an AI prompt speaks to: OpenAI chat completions and audio transcriptions
 * (the official SDK, OPENAI_BASE_URL, a timeout and one retry), and Azure Speech text-to-speech
 * (REST, AZURE_SPEECH_URL or the voice region's endpoint). Failures come back as `AiFailure` with
 * a reason people can read on the ticket.
 */
import OpenAI, { APIConnectionTimeoutError, APIError, toFile } from 'openai';
import type { Config } from '../../config.js';

export type ChatTurn = { role: 'system' | 'user' | 'assistant'; content: string };

export class AiFailure extends Error {}

type AiConfig = Config['ai'];

function client(config: AiConfig, apiKey: string) {
  return new OpenAI({ apiKey, baseURL: config.openAiBaseUrl, timeout: config.timeoutMs, maxRetries: 1 });
}

/** What went wrong, in words for the agents who take the ticket over. */
function reason(error: unknown): string {
  if (error instanceof APIConnectionTimeoutError) return 'o serviço de IA não respondeu a tempo';
  if (error instanceof APIError) {
    if (error.status === 401) return 'chave de API inválida (401)';
    if (error.status === 429) return 'limite de uso ou créditos da conta esgotados (429)';
    if (error.status !== undefined) return `o serviço de IA respondeu com erro ${error.status}`;
    return 'não foi possível falar com o serviço de IA';
  }
  return error instanceof Error ? error.message : String(error);
}

async function calling<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AiFailure) throw error;
    throw new AiFailure(reason(error), { cause: error });
  }
}

export function completeChat(
  config: AiConfig,
  request: { apiKey: string; model: string; messages: ChatTurn[]; maxTokens: number; temperature: number },
): Promise<string> {
  return calling(async () => {
    const completion = await client(config, request.apiKey).chat.completions.create({
      model: request.model,
      messages: request.messages,
      // max_tokens is deprecated and refused by reasoning models; this one is accepted by all.
      max_completion_tokens: request.maxTokens,
      temperature: request.temperature,
    });
    const content = completion.choices[0]?.message?.content;
    if (typeof content !== 'string') throw new AiFailure('o serviço de IA respondeu sem texto');
    return content;
  });
}

export function transcribe(config: AiConfig, apiKey: string, audio: { data: Buffer; contentType: string }): Promise<string> {
  return calling(async () => {
    const extension = audio.contentType.includes('ogg') ? 'ogg' : audio.contentType.includes('mpeg') ? 'mp3' : audio.contentType.includes('mp4') ? 'm4a' : 'wav';
    const file = await toFile(audio.data, `voice.${extension}`, { type: audio.contentType.split(';')[0] });
    const result = await client(config, apiKey).audio.transcriptions.create({ file, model: 'whisper-1' });
    return result.text;
  });
}

const REGION = /^[a-z0-9-]{2,40}$/;
const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The text spoken by an Azure neural voice, as an ogg/opus voice note. */
export function synthesizeSpeech(config: AiConfig, request: { key: string; region: string; voice: string; text: string }): Promise<Buffer> {
  return calling(async () => {
    if (!config.azureSpeechUrl && !REGION.test(request.region)) throw new AiFailure('região do serviço de voz inválida');
    const base = config.azureSpeechUrl ?? `https://${request.region}.tts.speech.microsoft.com`;
    const ssml = `<speak version="1.0" xml:lang="pt-BR"><voice xml:lang="pt-BR" name="${escapeXml(request.voice)}">${escapeXml(request.text)}</voice></speak>`;
    let response: Response;
    try {
      response = await fetch(`${base}/cognitiveservices/v1`, {
        method: 'POST',
        headers: {
          'Ocp-Apim-Subscription-Key': request.key,
          'Content-Type': 'application/ssml+xml',
          'X-Microsoft-OutputFormat': 'ogg-48khz-16bit-mono-opus',
          'User-Agent': 'atende',
        },
        body: ssml,
        signal: AbortSignal.timeout(config.timeoutMs),
      });
    } catch {
      throw new AiFailure('o serviço de voz não respondeu');
    }
    if (!response.ok) throw new AiFailure(response.status === 401 ? 'chave do serviço de voz inválida (401)' : `o serviço de voz respondeu com erro ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  });
}
