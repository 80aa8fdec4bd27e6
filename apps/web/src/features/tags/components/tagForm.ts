import { tagInput, type Tag, type TagInput } from '@atende/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';

export interface TagFormValues {
  name: string;
  color: string;
  kanban: boolean;
}

export const TAG_FORM_FIELDS = ['name', 'color', 'kanban'] as const;

/** Colours offered at a click; any other comes from the browser's colour picker. */
export const TAG_COLORS = ['#5c6bc0', '#26a69a', '#66bb6a', '#ffa726', '#ef5350', '#ab47bc', '#8d6e63', '#78909c'] as const;

export const emptyTagForm: TagFormValues = { name: '', color: TAG_COLORS[0], kanban: false };

export function tagToForm(tag: Tag): TagFormValues {
  return { name: tag.name, color: tag.color, kanban: tag.kanban === 1 };
}

export const tagFormResolver = zodResolver(tagInput) as unknown as Resolver<TagFormValues, unknown, TagInput>;
