import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A local stand-in for the OpenAI API (chat completions, audio transcriptions) and for Azure
 * Speech text-to-speech, speaking their real protocols over plain HTTP: the app reaches it through
 * OPENAI_BASE_URL (`{url}/v1`) and AZURE_SPEECH_URL. It records what it was asked and how many
 * completions ran at once. Plain node:http, so the journeys' global setup can start it too.
 */
export const FAKE_OPENAI_KEY = 'sk-test-fake-openai-key-0001';
export const FAKE_SPEECH_KEY = 'fake-azure-speech-key';
/** The default reply hands over to people when the customer writes one of these words. */
export const FAKE_TRANSFER_WORDS = ['atendente', 'humano', 'pessoa'];
export const FAKE_TRANSFER_MARKER = 'Ação: Transferir para o setor de atendimento';

export interface ChatRequest {
  model: string;
  messages: { role: string; content: string }[];
  max_completion_tokens?: number;
  max_tokens?: number;
  temperature?: number;
}

/** A scripted answer: the assistant's text, or an HTTP error as OpenAI answers it. */
export type ScriptedReply = string | { status: number; message: string; type?: string; code?: string };

export interface FakeOpenAi {
  url: string;
  /** OPENAI_BASE_URL and AZURE_SPEECH_URL pointing here. */
  env: Record<string, string>;
  chats: ChatRequest[];
  transcriptions: { model: string; fileName: string; bytes: number }[];
  speeches: { ssml: string; format: string }[];
  /** Most completions in flight at one time. */
  maxConcurrent: number;
  /** Answers used in order before the default one (echo, or the transfer marker). */
  script: ScriptedReply[];
  /** How long a completion takes (ms). */
  delayMs: number;
  transcript: string;
  reset(): void;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const openAiError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error', code: string | null = null) =>
  json(res, status, { error: { message, type, param: null, code } });

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The parts of a multipart/form-data body: name, file name and bytes. */
function multipartParts(body: Buffer, contentType: string) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType);
  if (!boundary) return [];
  const delimiter = `--${boundary[1] ?? boundary[2]}`;
  return body
    .toString('latin1')
    .split(delimiter)
    .slice(1, -1)
    .map((raw) => {
      const [head, ...rest] = raw.replace(/^\r\n/, '').split('\r\n\r\n');
      const data = rest.join('\r\n\r\n').replace(/\r\n$/, '');
      return {
        name: /name="([^"]*)"/.exec(head)?.[1] ?? '',
        fileName: /filename="([^"]*)"/.exec(head)?.[1],
        data: Buffer.from(data, 'latin1'),
      };
    });
}

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  let inFlight = 0;
  const fake: FakeOpenAi = {
    url: '',
    env: {},
    chats: [],
    transcriptions: [],
    speeches: [],
    maxConcurrent: 0,
    script: [],
    delayMs: 0,
    transcript: 'Quero saber o horário de funcionamento',
    reset() {
      fake.chats.length = 0;
      fake.transcriptions.length = 0;
      fake.speeches.length = 0;
      fake.script.length = 0;
      fake.maxConcurrent = 0;
      fake.delayMs = 0;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${FAKE_OPENAI_KEY}`;

  async function completion(req: IncomingMessage, res: ServerResponse) {
    if (!authorized(req)) return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    const request = JSON.parse((await bodyOf(req)).toString('utf8')) as ChatRequest;
    const wellFormed =
      typeof request.model === 'string' &&
      Array.isArray(request.messages) &&
      request.messages.length > 0 &&
      request.messages.every((m) => ['system', 'user', 'assistant'].includes(m.role) && typeof m.content === 'string');
    if (!wellFormed) return openAiError(res, 400, 'Invalid request: model and messages are required.');
    fake.chats.push(request);
    inFlight += 1;
    fake.maxConcurrent = Math.max(fake.maxConcurrent, inFlight);
    try {
      if (fake.delayMs) await new Promise((resolve) => setTimeout(resolve, fake.delayMs));
      const scripted = fake.script.shift();
      if (scripted && typeof scripted === 'object') return openAiError(res, scripted.status, scripted.message, scripted.type, scripted.code ?? null);
      const lastUser = [...request.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
      const content =
        scripted ?? (FAKE_TRANSFER_WORDS.some((word) => lastUser.toLowerCase().includes(word)) ? `Vou chamar alguém.\n${FAKE_TRANSFER_MARKER}` : `Eco: ${lastUser}`);
      json(res, 200, {
        id: `chatcmpl-${fake.chats.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model,
        choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      });
    } finally {
      inFlight -= 1;
    }
  }

  async function transcription(req: IncomingMessage, res: ServerResponse) {
    if (!authorized(req)) return openAiError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key');
    const contentType = req.headers['content-type'] ?? '';
    if (!contentType.startsWith('multipart/form-data')) return openAiError(res, 400, 'Expected multipart/form-data.');
    const parts = multipartParts(await bodyOf(req), contentType);
    const model = parts.find((p) => p.name === 'model')?.data.toString('utf8') ?? '';
    const file = parts.find((p) => p.name === 'file' && p.fileName);
    if (!model || !file || file.data.length === 0) return openAiError(res, 400, 'model and file are required.');
    fake.transcriptions.push({ model, fileName: file.fileName!, bytes: file.data.length });
    json(res, 200, { text: fake.transcript });
  }

  async function speech(req: IncomingMessage, res: ServerResponse) {
    if (req.headers['ocp-apim-subscription-key'] !== FAKE_SPEECH_KEY) {
      res.writeHead(401).end();
      return;
    }
    const format = String(req.headers['x-microsoft-outputformat'] ?? '');
    const ssml = (await bodyOf(req)).toString('utf8');
    if (!String(req.headers['content-type']).startsWith('application/ssml+xml') || !format || !ssml.includes('<speak')) {
      res.writeHead(400).end();
      return;
    }
    fake.speeches.push({ ssml, format });
    res.writeHead(200, { 'content-type': 'audio/ogg' });
    res.end(Buffer.concat([Buffer.from('OggS'), Buffer.alloc(256, 7)]));
  }

  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const route =
      req.method === 'POST' && path === '/v1/chat/completions' ? completion
      : req.method === 'POST' && path === '/v1/audio/transcriptions' ? transcription
      : req.method === 'POST' && path === '/cognitiveservices/v1' ? speech
      : null;
    if (!route) return openAiError(res, 404, `Unknown route ${req.method} ${path}`);
    route(req, res).catch(() => openAiError(res, 500, 'fake failure', 'server_error'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.env = { OPENAI_BASE_URL: `${fake.url}/v1`, AZURE_SPEECH_URL: fake.url };
  return fake;
}
