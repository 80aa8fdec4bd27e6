import { UI, type User } from '@atende/contract';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useEffect, useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useAuth } from '../../app/auth';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { SearchField } from '../../components/SearchField';
import { PageContainer } from '../../components/PageContainer';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDeleteUser, useUsersList } from '../../features/users/api';
import UserDialog from '../../features/users/components/UserDialog';
import { UsersTable } from '../../features/users/components/UsersTable';
import { useUsersLive } from '../../features/users/useUsersLive';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; userId: number | null };

export default function UsersPage() {
  const { t } = useTranslation('users');
  const { t: tc } = useTranslation();
  const { user: me } = useAuth();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim().toLowerCase(), UI.debounceMs);
  const list = useUsersList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [toDelete, setToDelete] = useState<User | null>(null);
  const deleteUser = useDeleteUser();
  useUsersLive();

  // A record can move between pages while scrolling (live changes): show it once.
  const users = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages ?? []).flatMap((page) => page.users ?? []).filter((user) => !seen.has(user.id) && seen.add(user.id));
  }, [list.data]);

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    const pane = event.currentTarget;
    const nearBottom = pane.scrollHeight - (pane.scrollTop + pane.clientHeight) < UI.listBottomPx;
    if (nearBottom && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }

  function confirmDelete() {
    if (!toDelete) return;
    deleteUser.mutate(toDelete.id, {
      onSuccess: () => toast.success(t('deleted')),
      onError: toastError,
      onSettled: () => setToDelete(null),
    });
  }

  useEffect(() => {
    if (list.error) toastError(list.error);
  }, [list.error]);

  return (
    <PageContainer
      title={t('title')}
      testId="users-page"
      onScroll={handleScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="users-search" />
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setDialog({ open: true, userId: null })} data-testid="users-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || deleteUser.isPending) && <LinearProgress />}
      <UsersTable
        users={users}
        currentUserId={me?.id ?? null}
        loading={list.isPending}
        onEdit={(user) => setDialog({ open: true, userId: user.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <UserDialog open userId={dialog.userId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteUser.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
