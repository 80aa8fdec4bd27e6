import { companyEvent, type LiveEntity, type LiveEventMap } from '@atende/contract';
import { useEffect, useEffectEvent } from 'react';
import { useSocket } from '../../app/SocketProvider';

/**
 * Listens to `company-{companyId}-{entity}` on the current socket for as long as the caller is
 * mounted. The payload's type follows from the entity (`LiveEventMap`).
 */
export function useLiveEvent<E extends LiveEntity>(entity: E, handler: (payload: LiveEventMap[E]) => void): void {
  const { socket, companyId } = useSocket();
  const onEvent = useEffectEvent((payload: LiveEventMap[E]) => handler(payload));

  useEffect(() => {
    if (!socket || !companyId) return;
    const name = companyEvent(companyId, entity);
    const listener = (payload: LiveEventMap[E]) => onEvent(payload);
    socket.on(name, listener);
    return () => {
      socket.off(name, listener);
    };
  }, [socket, companyId, entity]);
}
