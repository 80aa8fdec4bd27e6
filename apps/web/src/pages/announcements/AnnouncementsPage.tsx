import { UI, type Announcement } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { useAnnouncementsList, useDeleteAnnouncement } from '../../features/announcements/api';
import { AnnouncementDialog } from '../../features/announcements/components/AnnouncementDialog';
import { AnnouncementsTable } from '../../features/announcements/components/AnnouncementsTable';
import { useAnnouncementsLive } from '../../features/announcements/useAnnouncementsLive';

type DialogState = { open: false } | { open: true; announcementId: number | null };

/** The super user's announcements (the route's access rule refuses everyone else). */
export default function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useAnnouncementsList(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const remove = useDeleteAnnouncement();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Announcement>(remove, t('deleted'));
  useAnnouncementsLive();

  const { rows, onScroll } = useInfiniteRows(list, (page) => page.records);

  return (
    <PageContainer
      title={t('title')}
      testId="announcements-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="announcements-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, announcementId: null })} data-testid="announcements-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || remove.isPending) && <LinearProgress />}
      <AnnouncementsTable
        announcements={rows}
        loading={list.isPending}
        onEdit={(a) => setDialog({ open: true, announcementId: a.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <AnnouncementDialog open announcementId={dialog.announcementId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { title: toDelete?.title ?? '' })}
        busy={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
