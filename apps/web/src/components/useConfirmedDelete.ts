import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import { toastError } from '../lib/errors';

/**
 * The delete flow of a list page: the row waiting for the agent's confirmation, then the delete,
 * its success toast or its translated error, and the confirmation closed either way.
 */
export function useConfirmedDelete<T extends { id: number }>(remove: Pick<UseMutationResult<unknown, unknown, number>, 'mutate'>, deletedText: string) {
  const [toDelete, setToDelete] = useState<T | null>(null);
  function confirmDelete() {
    if (!toDelete) return;
    remove.mutate(toDelete.id, {
      onSuccess: () => toast.success(deletedText),
      onError: toastError,
      onSettled: () => setToDelete(null),
    });
  }
  return { toDelete, setToDelete, confirmDelete };
}
