/**
 * Where the page's main thread spent a measured wait, from a Chromium trace: self time per kind
 * of work (scripts, style, layout, paint, parsing...), which a V8 profile lumps together as
 * "(program)".
 */
import type { Browser, Page } from '@playwright/test';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string } };
}

const CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'loading'];

/** Runs `wait` under a trace and appends what the renderer's main thread did to `file`. */
export async function traced<T>(browser: Browser, page: Page, file: string, label: string, wait: () => Promise<T>): Promise<T> {
  await browser.startTracing(page, { categories: CATEGORIES });
  const result = await wait();
  const buffer = await browser.stopTracing();
  const { traceEvents } = JSON.parse(buffer.toString()) as { traceEvents: TraceEvent[] };
  const { appendFileSync } = await import('node:fs');
  appendFileSync(file, `\n=== ${label}\n${mainThreadSelfTime(traceEvents).join('\n')}\n`);
  return result;
}

/** Self time (an event's duration less its children's) by event name on the renderer's main thread, then its tasks over 8 ms in order. */
export function mainThreadSelfTime(events: TraceEvent[]): string[] {
  const mains = new Set(events.filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  const spans = events
    .filter((e) => e.ph === 'X' && e.dur !== undefined && mains.has(`${e.pid}:${e.tid}`))
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  const tasks: { start: number; dur: number; self: Map<string, number> }[] = [];
  const stack: { end: number; key: string }[] = [];
  const add = (map: Map<string, number>, key: string, us: number) => map.set(key, (map.get(key) ?? 0) + us);
  for (const e of spans) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const dur = e.dur ?? 0;
    const parent = stack[stack.length - 1];
    if (!parent) tasks.push({ start: e.ts, dur, self: new Map() });
    const task = tasks[tasks.length - 1];
    if (parent) {
      add(self, parent.key, -dur);
      add(task.self, parent.key, -dur);
    }
    const key = e.name === 'EvaluateScript' || e.name === 'v8.compile' ? `${e.name} ${(e.args?.data?.url ?? '').replace(/^.*\//, '')}` : e.name;
    add(self, key, dur);
    add(task.self, key, dur);
    stack.push({ end: e.ts + dur, key });
  }
  const first = spans[0]?.ts ?? 0;
  const last = Math.max(0, ...spans.map((e) => e.ts + (e.dur ?? 0)));
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  const ms = (us: number) => (us / 1000).toFixed(1);
  const heaviest = (map: Map<string, number>, min: number) => [...map].filter(([, us]) => us >= min).sort((a, b) => b[1] - a[1]);
  return [
    `main thread busy ${ms(busy)} ms of ${ms(last - first)} ms`,
    ...heaviest(self, 1000).map(([name, us]) => `${ms(us).padStart(7)} ms  ${name}`),
    '--- tasks over 8 ms (start, duration, heaviest parts)',
    ...tasks
      .filter((t) => t.dur >= 8000)
      .map((t) => `${ms(t.start - first).padStart(7)} +${ms(t.dur).padStart(6)}  ${heaviest(t.self, 500).slice(0, 5).map(([n, us]) => `${n} ${ms(us)}`).join(', ')}`),
  ];
}
