import { STORAGE_KEYS, type SessionUser } from '@atende/contract';

/** The browser-kept session (localStorage keys the product has always used). */
export const sessionStorageKeys = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.companyDueDate,
  STORAGE_KEYS.cshow,
] as const;

export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Private mode or full quota: the app keeps working with in-memory state.
  }
}

export function removeStored(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* see writeStored */
  }
}

export function getToken(): string | null {
  return readStored(STORAGE_KEYS.token);
}

export function storeToken(token: string): void {
  writeStored(STORAGE_KEYS.token, token);
}

/** Keeps what the rest of the app reads synchronously after login or refresh. */
export function storeSession(token: string, user: SessionUser): void {
  storeToken(token);
  writeStored(STORAGE_KEYS.companyId, String(user.companyId));
  writeStored(STORAGE_KEYS.userId, String(user.id));
  if (user.company?.dueDate) writeStored(STORAGE_KEYS.companyDueDate, user.company.dueDate);
  else removeStored(STORAGE_KEYS.companyDueDate);
}

/** The campaign pages exist only while the company enables them (flag cshow). */
export function storeCampaignFlag(user: SessionUser): void {
  const enabled = user.company?.settings?.some((s) => s.key === 'campaignsEnabled' && s.value === 'true');
  if (enabled) writeStored(STORAGE_KEYS.cshow, 'true');
  else removeStored(STORAGE_KEYS.cshow);
}

export function hasCampaignFlag(): boolean {
  return readStored(STORAGE_KEYS.cshow) !== null;
}

/** On 401 only the token and the company id are dropped. */
export function clearAuthToken(): void {
  removeStored(STORAGE_KEYS.token);
  removeStored(STORAGE_KEYS.companyId);
}

export function clearSession(): void {
  for (const key of sessionStorageKeys) removeStored(key);
}

const SESSION_TAKEN_NOTICE = 'atende.sessionTaken';

/**
 * Remembers, across the reload that ends a session taken by another login, that the login page
 * must say why the user is back there (the toast alone dies with the reload).
 */
export function rememberSessionTaken(): void {
  try {
    window.sessionStorage.setItem(SESSION_TAKEN_NOTICE, '1');
  } catch {
    /* see writeStored */
  }
}

export function hasSessionTakenNotice(): boolean {
  try {
    return window.sessionStorage.getItem(SESSION_TAKEN_NOTICE) !== null;
  } catch {
    return false;
  }
}

export function forgetSessionTaken(): void {
  try {
    window.sessionStorage.removeItem(SESSION_TAKEN_NOTICE);
  } catch {
    /* see writeStored */
  }
}
