import type { ColumnType, Generated, Selectable } from 'kysely';

/** Platform-wide tables of announcements and help videos (migration 0019); part of `DB` in schema.ts. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface AnnouncementsTable {
  id: Generated<number>;
  title: string;
  text: string;
  priority: ColumnType<number, number | undefined, number>;
  status: ColumnType<boolean, boolean | undefined, boolean>;
  /** The image's media name (unguessable), stored under the company of the super user who uploaded it. */
  mediaPath: string | null;
  mediaName: string | null;
  mediaCompanyId: number | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface HelpsTable {
  id: Generated<number>;
  title: string;
  description: string;
  video: string;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface AnnouncementTables {
  announcements: AnnouncementsTable;
  helps: HelpsTable;
}

export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type HelpRow = Selectable<HelpsTable>;
