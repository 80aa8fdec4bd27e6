import type { ColumnType, Generated, Selectable } from 'kysely';
import type { ScheduleStatus } from '@atende/contract';

/** Table of scheduled messages (migration 0009); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface SchedulesTable {
  id: Generated<number>;
  companyId: number;
  contactId: number;
  ticketId: number | null;
  userId: number | null;
  body: string;
  sendAt: ColumnType<Date, Date | string, Date | string>;
  sentAt: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  status: ColumnType<ScheduleStatus, ScheduleStatus | undefined, ScheduleStatus>;
  mediaPath: string | null;
  mediaName: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface ScheduleTables {
  schedules: SchedulesTable;
}

export type ScheduleRow = Selectable<SchedulesTable>;
