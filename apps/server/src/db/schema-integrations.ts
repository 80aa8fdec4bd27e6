import type { ColumnType, Generated, Selectable } from 'kysely';

/** The queue integrations table (migration 0030); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

export interface QueueIntegrationsTable {
  id: Generated<number>;
  companyId: number;
  /** dialogflow, n8n, webhook or typebot. */
  type: string;
  name: string;
  projectName: Defaulted<string>;
  /** The Dialogflow service-account JSON, sealed (platform/sealed.ts); null when none was given. */
  jsonContentSealed: ColumnType<string | null, string | null | undefined, string | null>;
  language: Defaulted<string>;
  /** The URL called: the n8n or webhook receiver, or the Typebot server. */
  urlN8n: Defaulted<string>;
  /** The HMAC secret of n8n and webhook calls, sealed. */
  secretSealed: ColumnType<string | null, string | null | undefined, string | null>;
  typebotSlug: Defaulted<string>;
  typebotExpires: Defaulted<number>;
  typebotDelayMessage: Defaulted<number>;
  typebotKeywordFinish: Defaulted<string>;
  typebotKeywordRestart: Defaulted<string>;
  typebotUnknownMessage: Defaulted<string>;
  typebotRestartMessage: Defaulted<string>;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface IntegrationTables {
  queueIntegrations: QueueIntegrationsTable;
}

export type QueueIntegrationRow = Selectable<QueueIntegrationsTable>;
