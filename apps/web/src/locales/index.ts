import type { Language } from '@atende/contract';

type Tree = { [key: string]: string | Tree };

/**
 * One namespace per feature, one file per language: `<language>/<namespace>.json`. A new feature
 * adds its three files and nothing else. `errors` translates every ERR_* code, `validation` the
 * contract's keys (both enforced by locales.test.tsx).
 */
const files = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });

function collect(): Record<Language, Record<string, Tree>> {
  const out: Record<string, Record<string, Tree>> = { pt: {}, en: {}, es: {} };
  for (const [path, tree] of Object.entries(files)) {
    const [, language, namespace] = /^\.\/(\w+)\/([\w-]+)\.json$/.exec(path) ?? [];
    if (language && namespace && out[language]) out[language][namespace] = tree;
  }
  return out as Record<Language, Record<string, Tree>>;
}

export const resources = collect();

export const NAMESPACES = Object.keys(resources.pt);
