import { UI, type Tag } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import TextField from '@mui/material/TextField';
import { useEffect, useMemo, useState, type UIEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useDeleteTag, useTagsList } from '../../features/tags/api';
import { TagDialog } from '../../features/tags/components/TagDialog';
import { TagsTable } from '../../features/tags/components/TagsTable';
import { TagTicketsDialog } from '../../features/tags/components/TagTicketsDialog';
import { useTagsLive } from '../../features/tags/useTagsLive';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; tagId: number | null };

export default function TagsPage() {
  const { t } = useTranslation('tags');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useTagsList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [ticketsOf, setTicketsOf] = useState<Tag | null>(null);
  const [toDelete, setToDelete] = useState<Tag | null>(null);
  const deleteTag = useDeleteTag();
  useTagsLive();

  const tags = useMemo(() => {
    const seen = new Set<number>();
    return (list.data?.pages ?? []).flatMap((page) => page.tags ?? []).filter((tag) => !seen.has(tag.id) && seen.add(tag.id));
  }, [list.data]);

  function handleScroll(event: UIEvent<HTMLDivElement>) {
    const pane = event.currentTarget;
    const nearBottom = pane.scrollHeight - (pane.scrollTop + pane.clientHeight) < UI.listBottomPx;
    if (nearBottom && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  }

  function confirmDelete() {
    if (!toDelete) return;
    deleteTag.mutate(toDelete.id, {
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
      testId="tags-page"
      onScroll={handleScroll}
      actions={
        <>
          <TextField
            size="small"
            placeholder={tc('search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              htmlInput: { 'data-testid': 'tags-search' },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" color="action" />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, tagId: null })} data-testid="tags-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || deleteTag.isPending) && <LinearProgress />}
      <TagsTable
        tags={tags}
        loading={list.isPending}
        onTickets={setTicketsOf}
        onEdit={(tag) => setDialog({ open: true, tagId: tag.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <TagDialog open tagId={dialog.tagId} onClose={() => setDialog({ open: false })} />}
      {ticketsOf && <TagTicketsDialog tag={ticketsOf} onClose={() => setTicketsOf(null)} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteTag.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
