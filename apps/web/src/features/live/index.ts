export { useLiveEvent } from './useLiveEvent';
export { useSessionLiveEvents } from './useSessionLiveEvents';
