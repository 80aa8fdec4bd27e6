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
    __firstSeen: Record<string, number>;
  }
}

/** Installed before any page script (page.addInitScript): long tasks, and when each selector first matched. */
export function probes(selectors: string[]) {
  window.__longTasks = [];
  window.__firstSeen = {};
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    for (const selector of selectors) if (!(selector in window.__firstSeen) && document.querySelector(selector)) window.__firstSeen[selector] = performance.now();
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
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

/**
 * Clicks the element and answers the milliseconds until `done` (a CSS selector) holds an element
 * whose text includes `text`, checked every animation frame: what the user waits for.
 */
export async function clickUntil(page: Page, click: string, done: string, text: string): Promise<number> {
  return page.evaluate(
    ({ click, done, text }) =>
      new Promise<number>((resolve, reject) => {
        const target = document.querySelector<HTMLElement>(click);
        if (!target) return reject(new Error(`nothing to click: ${click}`));
        const started = performance.now();
        target.click();
        const check = () => {
          if (Array.from(document.querySelectorAll(done)).some((el) => el.textContent?.includes(text))) resolve(performance.now() - started);
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
