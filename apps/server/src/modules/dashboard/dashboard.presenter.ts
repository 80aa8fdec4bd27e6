import type { DashboardAttendant, DashboardCounters, TicketsPerDay } from '@atende/contract';
import type { CycleTotals } from './dashboard.repository.js';

/** Minutes with one decimal; 0 when nothing was measured. */
const minutes = (seconds: number, count: number) => (count > 0 ? Math.round(seconds / count / 6) / 10 : 0);

interface Sums {
  cycles: number;
  finished: number;
  supportSeconds: number;
  supported: number;
  waitSeconds: number;
  waited: number;
  ratingSum: number;
  rated: number;
}

const ZERO: Sums = { cycles: 0, finished: 0, supportSeconds: 0, supported: 0, waitSeconds: 0, waited: 0, ratingSum: 0, rated: 0 };

function sumsOf(rows: CycleTotals[]): Sums {
  const total = { ...ZERO };
  for (const row of rows) {
    for (const key of Object.keys(ZERO) as (keyof Sums)[]) total[key] += Number(row[key]);
  }
  return total;
}

export function presentCounters(rows: CycleTotals[], live: { open: number; pending: number }, newContacts: number): DashboardCounters {
  const sums = sumsOf(rows);
  return {
    supportHappening: live.open,
    supportPending: live.pending,
    supportFinished: sums.finished,
    newContacts,
    avgSupportTime: minutes(sums.supportSeconds, sums.supported),
    avgWaitTime: minutes(sums.waitSeconds, sums.waited),
  };
}

/** Every user listed, with what they did in the window (zeros and no rating when nothing). */
export function presentAttendants(users: { id: number; name: string; online: boolean }[], rows: CycleTotals[]): DashboardAttendant[] {
  return users.map((user) => {
    const sums = sumsOf(rows.filter((row) => row.userId === user.id));
    return {
      id: user.id,
      name: user.name,
      rating: sums.rated > 0 ? Math.round((sums.ratingSum / sums.rated) * 10) / 10 : null,
      avgSupportTime: minutes(sums.supportSeconds, sums.supported),
      tickets: sums.cycles,
      online: Boolean(user.online),
    };
  });
}

/** Every day (or hour) of the range gets a bar, zero when nothing began in it. */
export function presentPerDay(labels: string[], counted: { label: string; count: string }[], unit: TicketsPerDay['unit']): TicketsPerDay {
  const byLabel = new Map(counted.map((row) => [row.label, Number(row.count)]));
  const data = labels.map((label) => ({ label, total: byLabel.get(label) ?? 0 }));
  return { unit, data, total: data.reduce((sum, bar) => sum + bar.total, 0) };
}
