import { useEffect, useState } from 'react';
import { apiAddress, refreshAccessToken } from '../../lib/api';
import { getToken } from '../../lib/storage';

async function fetchWithToken(url: string, signal: AbortSignal): Promise<Response> {
  const send = () => fetch(apiAddress(url), { headers: { Authorization: `Bearer ${getToken() ?? ''}` }, credentials: 'include', signal });
  const first = await send();
  if (first.status !== 403 && first.status !== 401) return first;
  // An access token that expired while the screen was open: renew once, as the API client does.
  await refreshAccessToken();
  return send();
}

export type MediaBlobState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; url: string };

/**
 * Media is served only with the bearer token, so an <img> cannot point at it: the
 * bytes are fetched as a blob and shown through an object URL, released when the message leaves
 * the screen (the virtualised list unmounts rows scrolled away).
 */
export function useMediaBlob(mediaUrl: string | null, enabled = true): MediaBlobState {
  const [state, setState] = useState<MediaBlobState>({ status: 'loading' });

  useEffect(() => {
    if (!mediaUrl || !enabled) return;
    const controller = new AbortController();
    let objectUrl: string | null = null;
    setState({ status: 'loading' });
    fetchWithToken(mediaUrl, controller.signal)
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status));
        const blob = await response.blob();
        if (controller.signal.aborted) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ status: 'ready', url: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [mediaUrl, enabled]);

  return mediaUrl ? state : { status: 'error' };
}

/** Downloads a media file under its name (the click of a document's download button). */
export async function downloadMedia(mediaUrl: string, fileName: string): Promise<void> {
  const response = await fetchWithToken(mediaUrl, new AbortController().signal);
  if (!response.ok) throw new Error(String(response.status));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
