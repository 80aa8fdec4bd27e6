import { UI, type Tag } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { useDeleteTag, useTagsList } from '../../features/tags/api';
import { TagDialog } from '../../features/tags/components/TagDialog';
import { TagsTable } from '../../features/tags/components/TagsTable';
import { TagTicketsDialog } from '../../features/tags/components/TagTicketsDialog';
import { useTagsLive } from '../../features/tags/useTagsLive';

type DialogState = { open: false } | { open: true; tagId: number | null };

export default function TagsPage() {
  const { t } = useTranslation('tags');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useTagsList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const [ticketsOf, setTicketsOf] = useState<Tag | null>(null);
  const deleteTag = useDeleteTag();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Tag>(deleteTag, t('deleted'));
  useTagsLive();

  const { rows: tags, onScroll } = useInfiniteRows(list, (page) => page.tags);

  return (
    <PageContainer
      title={t('title')}
      testId="tags-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="tags-search" />
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
