import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@atende/contract';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStored, writeStored } from '../lib/storage';
import { NAMESPACES, resources } from '../locales';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The first of the browser's languages we speak ('en-GB' counts as 'en'), else Portuguese. */
export function browserLanguage(preferred: readonly string[] = navigator.languages ?? [navigator.language]): Language {
  for (const tag of preferred) {
    const primary = tag?.split('-')[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/** A language the user chose wins; until they choose, the browser's (a first visit may not read Portuguese). */
export function storedLanguage(): Language {
  const stored = readStored(STORAGE_KEYS.language);
  return isLanguage(stored) ? stored : browserLanguage();
}

/** Resources are bundled: three small languages cost less than a loading round trip on login. */
export function initI18n(language: Language = storedLanguage()) {
  if (!i18n.isInitialized) {
    void i18n.use(initReactI18next).init({
      resources,
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  } else if (i18n.language !== language) {
    void i18n.changeLanguage(language);
  }
  document.documentElement.lang = language === 'pt' ? 'pt-BR' : language;
  return i18n;
}

export function changeLanguage(language: Language): void {
  writeStored(STORAGE_KEYS.language, language);
  document.documentElement.lang = language === 'pt' ? 'pt-BR' : language;
  void i18n.changeLanguage(language);
}

export { i18n };
