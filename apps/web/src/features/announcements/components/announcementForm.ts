import { ANNOUNCEMENT_DEFAULTS, ANNOUNCEMENT_IMAGE, announcementInput, type Announcement, type AnnouncementInput, type AnnouncementPriority } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export interface AnnouncementFormValues {
  title: string;
  text: string;
  priority: AnnouncementPriority;
  status: boolean;
}

export const ANNOUNCEMENT_FORM_FIELDS = ['title', 'text', 'priority', 'status'] as const;

export const emptyAnnouncementForm: AnnouncementFormValues = { title: '', text: '', priority: ANNOUNCEMENT_DEFAULTS.priority, status: ANNOUNCEMENT_DEFAULTS.status };

export function announcementToForm(a: Announcement): AnnouncementFormValues {
  return { title: a.title, text: a.text, priority: a.priority, status: a.status };
}

export const announcementFormResolver = zodResolver(announcementInput) as unknown as Resolver<AnnouncementFormValues, unknown, AnnouncementInput>;

/** A .png, .jpg or .jpeg by its name (checked before the upload; the server checks its content). */
export function isImageName(file: File): boolean {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : '';
  return (ANNOUNCEMENT_IMAGE.extensions as readonly string[]).includes(extension);
}
