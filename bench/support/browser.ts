/// <reference lib="dom" />
/**
 * Measuring inside the page, where the user's clock runs: the first moment something shows
 * (a MutationObserver noting performance.now()), the long tasks the main thread ran
 * (PerformanceObserver 'longtask'), and smooth scrolling paced by animation frames.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __longTasks: number[];
    /** Every long task since the page loaded, with when it started: what a wait was spent on. */
    __longTaskSpans: { start: number; duration: number }[];
    __firstSeen: Record<string, number>;
    /** When an element matching the awaited selector first held the awaited text (see `awaitText`). */
    __textSeen: number | null;
  }
}

/** Where the page's probes find, from its first script on, the text a navigation waits for. */
const AWAITED_TEXT = 'bench-awaited-text';

/** Installed before any page script (page.addInitScript): long tasks, and when each selector first matched. */
export function probes(selectors: string[]) {
  window.__longTasks = [];
  window.__longTaskSpans = [];
  window.__firstSeen = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      window.__longTasks.push(entry.duration);
      window.__longTaskSpans.push({ start: entry.startTime, duration: entry.duration });
    }
  }).observe({ type: 'longtask', buffered: true });
  window.__textSeen = null;
  // `awaitText` leaves it in sessionStorage, which the next document of the tab reads before any of its scripts.
  const awaited = JSON.parse(sessionStorage.getItem('bench-awaited-text') ?? 'null') as { selector: string; text: string } | null;
  const check = () => {
    for (const selector of selectors) if (!(selector in window.__firstSeen) && document.querySelector(selector)) window.__firstSeen[selector] = performance.now();
    if (awaited && window.__textSeen === null && Array.from(document.querySelectorAll(awaited.selector)).some((el) => el.textContent?.includes(awaited.text))) window.__textSeen = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, characterData: true });
}

/** The next document of the tab notes when `selector` first holds `text` (read it with `textSeen`). */
export async function awaitText(page: Page, selector: string, text: string): Promise<void> {
  await page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), { key: AWAITED_TEXT, value: JSON.stringify({ selector, text }) });
}

/** Milliseconds from the navigation's start until the awaited text showed. */
export async function textSeen(page: Page): Promise<number> {
  await page.waitForFunction(() => window.__textSeen !== null, undefined, { timeout: 20_000 });
  return page.evaluate(() => window.__textSeen!);
}

/** Milliseconds from the navigation's start until the selector first matched. */
export async function firstSeen(page: Page, selector: string): Promise<number> {
  await page.waitForFunction((s) => s in window.__firstSeen, selector);
  return page.evaluate((s) => window.__firstSeen[s], selector);
}

/** Empties the long-task record, so what follows is measured alone. */
export async function resetLongTasks(page: Page) {
  await page.evaluate(() => (window.__longTasks = []));
}

export async function longTasks(page: Page): Promise<number[]> {
  // A task still running shows up once it ends: one frame later.
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
  return page.evaluate(() => window.__longTasks);
}

/** One step of a wait: a request (what and when, in ms from the start of the wait) or a main-thread task. */
export interface Step {
  what: string;
  start: number;
  end: number;
}

/**
 * What the page waited on between `from` and `to` (performance.now() times): the document, the
 * scripts and API calls that started in that span, and the long tasks that ran in it, in order.
 */
export async function waterfall(page: Page, from: number, to: number): Promise<Step[]> {
  return page.evaluate(
    ({ from, to }) => {
      const steps: { what: string; start: number; end: number }[] = [];
      const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
      if (nav && from === 0) steps.push({ what: 'document', start: nav.startTime, end: nav.responseEnd });
      for (const entry of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
        if (entry.startTime < from || entry.startTime > to) continue;
        const url = new URL(entry.name);
        steps.push({ what: url.pathname.replace(/-[\w-]{8}\.js$/, '.js') + (url.pathname.startsWith('/api/') ? url.search.slice(0, 60) : ''), start: entry.startTime, end: entry.responseEnd });
      }
      for (const task of window.__longTaskSpans) {
        if (task.start + task.duration < from || task.start > to) continue;
        steps.push({ what: 'long task', start: task.start, end: task.start + task.duration });
      }
      return steps
        .sort((a, b) => a.start - b.start)
        .map((s) => ({ what: s.what, start: Math.round(s.start - from), end: Math.round(s.end - from) }));
    },
    { from, to },
  );
}

/**
 * Clicks the element and answers the milliseconds until `done` (a CSS selector) holds an element
 * whose text includes `text`, checked every animation frame: what the user waits for.
 */
export async function clickUntil(page: Page, click: string, done: string, text: string): Promise<number> {
  return (await clickUntilAt(page, click, done, text)).ms;
}

/** clickUntil, also answering when the click happened (performance.now()). */
export async function clickUntilAt(page: Page, click: string, done: string, text: string): Promise<{ ms: number; at: number }> {
  return page.evaluate(
    ({ click, done, text }) =>
      new Promise<{ ms: number; at: number }>((resolve, reject) => {
        const target = document.querySelector<HTMLElement>(click);
        if (!target) return reject(new Error(`nothing to click: ${click}`));
        const started = performance.now();
        target.click();
        const check = () => {
          if (Array.from(document.querySelectorAll(done)).some((el) => el.textContent?.includes(text))) resolve({ ms: performance.now() - started, at: started });
          else if (performance.now() - started > 20_000) reject(new Error(`${text} never showed`));
          else requestAnimationFrame(check);
        };
        check();
      }),
    { click, done, text },
  );
}

/** Scrolls the scroller under `selector` by `step` px per frame for `frames` frames (a fast wheel or a flick). */
export async function scrollFor(page: Page, selector: string, step: number, frames: number) {
  await page.evaluate(
    ({ selector, step, frames }) =>
      new Promise<void>((resolve, reject) => {
        const scroller = document.querySelector<HTMLElement>(selector);
        if (!scroller) return reject(new Error(`no scroller: ${selector}`));
        let left = frames;
        const tick = () => {
          // The wheel event first, as a real wheel sends it: the app tells the agent's scroll by it.
          scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: step, bubbles: true }));
          scroller.scrollBy(0, step);
          if (--left > 0) requestAnimationFrame(tick);
          else resolve();
        };
        requestAnimationFrame(tick);
      }),
    { selector, step, frames },
  );
}
