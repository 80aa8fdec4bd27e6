/**
 * The browser's ways to tell an agent about a new message: a short chime at the stored volume
 * (the volume slider's level) and, while the tab is hidden, a desktop notification. Built on
 * Web Audio so no sound file has to be shipped or fetched.
 */
type AudioContextClass = typeof AudioContext;

export function playChime(volume: number): void {
  const Context: AudioContextClass | undefined = window.AudioContext ?? (window as { webkitAudioContext?: AudioContextClass }).webkitAudioContext;
  if (!Context || volume <= 0) return;
  try {
    const audio = new Context();
    const gain = audio.createGain();
    gain.gain.setValueAtTime(volume, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    gain.connect(audio.destination);
    const tone = audio.createOscillator();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(880, audio.currentTime);
    tone.frequency.setValueAtTime(660, audio.currentTime + 0.15);
    tone.connect(gain);
    tone.onended = () => void audio.close();
    tone.start();
    tone.stop(audio.currentTime + 0.4);
  } catch {
    // A browser that refuses audio before any user gesture: the badge and title still tell.
  }
}

/** Asks once for permission to show desktop notifications; later answers are the browser's. */
export function askNotificationPermission(): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined);
}

export function showDesktopNotification(title: string, options: { body: string; tag: string; icon?: string; onClick: () => void }): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  const { onClick, ...rest } = options;
  const notification = new Notification(title, { ...rest, renotify: true } as NotificationOptions);
  notification.onclick = () => {
    window.focus();
    onClick();
    notification.close();
  };
}
