import { z } from 'zod';
import { requiredText } from './common.js';

/**
 * Spec admin §5: name 2-50, colour 3-9 characters, both required. The colour is kept in lower
 * case so '#FF0000' and '#ff0000' count as the same colour for the per-company uniqueness rule.
 * Greeting, schedules and options join this schema when those features arrive.
 */
export const queueInput = z.object({
  name: requiredText(2, 50),
  color: requiredText(3, 9).transform((s) => s.toLowerCase()),
});
export type QueueInput = z.input<typeof queueInput>;

export interface Queue {
  id: number;
  name: string;
  color: string;
}
