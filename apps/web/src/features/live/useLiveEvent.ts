import { companyEvent, type LiveEntity } from '@atende/contract';
import { useEffect, useEffectEvent } from 'react';
import { useSocket } from '../../app/SocketProvider';

/** Listens to `company-{companyId}-{entity}` on the current socket for as long as the caller is mounted. */
export function useLiveEvent<T>(entity: LiveEntity, handler: (payload: T) => void): void {
  const { socket, companyId } = useSocket();
  const onEvent = useEffectEvent((payload: T) => handler(payload));

  useEffect(() => {
    if (!socket || !companyId) return;
    const name = companyEvent(companyId, entity);
    const listener = (payload: T) => onEvent(payload);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, companyId, entity]);
}
