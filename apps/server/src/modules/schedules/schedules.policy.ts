import { AppError } from '../../platform/errors.js';

/**
 * Every user of a company sees and manages the company's schedules (the plan's useSchedules flag
 * gates the routes). A schedule already sent is history: its text and time no longer change.
 */
export function assertNotSent(schedule: { sentAt: Date | null }): void {
  if (schedule.sentAt) throw new AppError('ERR_SCHEDULE_ALREADY_SENT', 409);
}
