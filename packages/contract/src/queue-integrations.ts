import { z } from 'zod';
import { V, listQuery, requiredText } from './common.js';

export const INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot'] as const;
export type IntegrationType = (typeof INTEGRATION_TYPES)[number];

export const INTEGRATION_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

export const TYPEBOT_DEFAULTS = { delayMessage: 1000, expires: 1 } as const;

/**
 * What each type needs before it can answer a customer (checked on save, after merging what was
 * sent with what is stored; jsonContent counts as given while one is stored).
 */
export const INTEGRATION_REQUIRED_FIELDS: Record<IntegrationType, readonly ('urlN8N' | 'typebotSlug' | 'projectName' | 'jsonContent' | 'language')[]> = {
  dialogflow: ['projectName', 'jsonContent', 'language'],
  n8n: ['urlN8N'],
  webhook: ['urlN8N'],
  typebot: ['urlN8N', 'typebotSlug'],
};

/** The header carrying the HMAC-SHA256 of an n8n/webhook call's raw body: `sha256=<hex>`. */
export const INTEGRATION_SIGNATURE_HEADER = 'X-Atende-Signature';

const text = (max: number) => z.string({ error: V.invalid }).trim().max(max, { error: V.tooLong }).optional().default('');
const httpUrl = z
  .string({ error: V.invalid })
  .trim()
  .max(2000, { error: V.tooLong })
  .refine((v) => v === '' || /^https?:\/\/[^\s/]+/i.test(v), { error: V.invalid })
  .optional()
  .default('');
const whole = (min: number, max: number, fallback: number) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.coerce.number({ error: V.invalid }).int({ error: V.invalid }).min(min, { error: V.invalid }).max(max, { error: V.invalid }).optional().default(fallback));

/**
 * POST /queueIntegration and PUT /queueIntegration/{id} (on update only the fields sent change).
 * `urlN8N` is the address called for n8n, webhook and typebot (the Typebot server's base URL).
 * A blank `jsonContent` on update keeps the stored service account: it is never answered.
 */
export const queueIntegrationInput = z.object({
  type: z.enum(INTEGRATION_TYPES, { error: V.invalid }).default('typebot'),
  name: requiredText(2, 50),
  projectName: text(200),
  jsonContent: text(20_000),
  language: z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(INTEGRATION_LANGUAGES, { error: V.invalid }).optional().default('pt-BR')),
  urlN8N: httpUrl,
  typebotSlug: text(200),
  /** Minutes of silence after which the next message starts a new Typebot session (0: never). */
  typebotExpires: whole(0, 100_000, TYPEBOT_DEFAULTS.expires),
  /** Milliseconds between the flow's messages. */
  typebotDelayMessage: whole(0, 60_000, TYPEBOT_DEFAULTS.delayMessage),
  typebotKeywordFinish: text(100),
  typebotKeywordRestart: text(100),
  typebotUnknownMessage: text(4000),
  typebotRestartMessage: text(4000),
});
export type QueueIntegrationInput = z.input<typeof queueIntegrationInput>;

export const queueIntegrationListQuery = listQuery;

/** POST /queueIntegration/testSession: opens a Dialogflow session with these credentials. */
export const queueIntegrationTestInput = z.object({
  projectName: requiredText(1, 200),
  jsonContent: requiredText(2, 20_000),
  language: z.enum(INTEGRATION_LANGUAGES, { error: V.invalid }).optional().default('pt-BR'),
});
export type QueueIntegrationTestInput = z.input<typeof queueIntegrationTestInput>;

export interface QueueIntegrationTestResult {
  ok: true;
  /** What the agent answered the greeting. */
  reply: string;
}

export interface QueueIntegration {
  id: number;
  type: IntegrationType;
  name: string;
  projectName: string;
  /** Always '': the service account is stored sealed and never sent back (see hasJsonContent). */
  jsonContent: string;
  hasJsonContent: boolean;
  /** The stored service account's client_email, to recognise it. */
  serviceAccountEmail: string | null;
  language: string;
  urlN8N: string;
  /** n8n and webhook: the secret of the X-Atende-Signature HMAC; null for the other types. */
  signingSecret: string | null;
  typebotSlug: string;
  typebotExpires: number;
  typebotDelayMessage: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotUnknownMessage: string;
  typebotRestartMessage: string;
  createdAt: string;
  updatedAt: string;
}

export interface QueueIntegrationPage {
  queueIntegrations: QueueIntegration[];
  count: number;
  hasMore: boolean;
}

/** `company-{id}-queueIntegration`: the admins' list refreshes. */
export type QueueIntegrationEventPayload = { action: 'create' | 'update'; queueIntegration: QueueIntegration } | { action: 'delete'; queueIntegrationId: number };

/** The body POSTed to an n8n or webhook receiver for each customer message. */
export interface IntegrationEvent {
  event: 'message';
  ticket: { id: number; uuid: string; status: string; queueId: number | null; whatsappId: number | null };
  contact: { id: number; name: string; number: string };
  message: { id: number; body: string; mediaType: string; createdAt: string };
  integration: { id: number; name: string };
}

/** What the receiver may answer (all optional): a text to the customer, a queue to hand over to, or closing the ticket. */
export const integrationAnswer = z.object({
  reply: z.string().max(4096).optional(),
  transferQueueId: z.number().int().positive().optional(),
  close: z.boolean().optional(),
});
export type IntegrationAnswer = z.infer<typeof integrationAnswer>;
