import type { AnnouncementPriority } from '@atende/contract';

/** The left edge of an announcement in the top bar: 1 red, 2 orange, 3 grey. */
export const PRIORITY_COLORS: Record<AnnouncementPriority, string> = { 1: '#d32f2f', 2: '#ed6c02', 3: '#9e9e9e' };
