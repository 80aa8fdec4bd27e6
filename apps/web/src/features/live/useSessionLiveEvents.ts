import { LIVE, STORAGE_KEYS, type SettingEntry } from '@atende/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { reloadPage } from '../../lib/browser';
import { errorMessage } from '../../lib/errors';
import { tokenSessionId } from '../../lib/jwt';
import { clearSession, getToken, rememberSessionTaken, removeStored, writeStored } from '../../lib/storage';
import { useLiveEvent } from './useLiveEvent';

/** Session-wide live events: a login elsewhere, or a session or company no longer valid, ends this tab; company settings stay current. */
export function useSessionLiveEvents(): void {
  const { t } = useTranslation();
  const { user, updateUser } = useAuth();
  const queryClient = useQueryClient();

  useLiveEvent('auth', (payload) => {
    if (payload?.action !== 'sessionEnded') return;
    const sid = tokenSessionId(getToken());
    if (!sid || !payload.endedSessionIds?.includes(sid)) return;
    // With a reason the session or the company stopped being valid; without one, a newer login took over.
    const reason = payload.reason;
    if (reason) toast.error(errorMessage({ error: reason }), { toastId: 'session-ended' });
    else toast.error(t('sessionTaken'), { toastId: 'session-taken' });
    window.setTimeout(() => {
      clearSession();
      if (!reason) rememberSessionTaken();
      reloadPage();
    }, LIVE.reloadAfterMs);
  });

  useLiveEvent('settings', (payload) => {
    if (payload?.action !== 'update' || !payload.setting) return;
    const { key, value } = payload.setting;
    queryClient.setQueryData<SettingEntry[]>(['settings'], (list) =>
      list?.map((entry) => (entry.key === key ? { ...entry, value } : entry)),
    );
    if (user) {
      const others = user.company.settings.filter((entry) => entry.key !== key);
      updateUser({ company: { ...user.company, settings: [...others, payload.setting] } });
    }
    if (key === 'campaignsEnabled') {
      if (value === 'true') writeStored(STORAGE_KEYS.cshow, 'true');
      else removeStored(STORAGE_KEYS.cshow);
    }
  });
}
