import type { ColumnType, Generated, Selectable } from 'kysely';

/** The AI prompts table (migration 0027); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface PromptsTable {
  id: Generated<number>;
  companyId: number;
  name: string;
  prompt: string;
  voice: string;
  voiceKey: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  /** Blank: the server's OPENAI_MODEL. */
  model: string;
  /** The OpenAI key sealed with the server's key (platform/sealed.ts); blank when none. */
  apiKeySealed: string;
  queueId: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export type PromptRow = Selectable<PromptsTable>;

export interface PromptTables {
  prompts: PromptsTable;
}
