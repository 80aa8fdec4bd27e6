import { UI, type Schedule } from '@atende/contract';
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
import { useDeleteSchedule, useSchedulesList, useSchedulesLive } from '../../features/schedules/api';
import { ScheduleDialog } from '../../features/schedules/components/ScheduleDialog';
import { SchedulesTable } from '../../features/schedules/components/SchedulesTable';

type DialogState = { open: false } | { open: true; scheduleId: number | null };

/** /schedules: the company's scheduled messages, searched by text or contact, kept live. */
export default function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useSchedulesList(searchParam);
  useSchedulesLive();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const remove = useDeleteSchedule();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Schedule>(remove, t('deleted'));
  const { rows, onScroll } = useInfiniteRows(list, (page) => page.schedules);

  return (
    <PageContainer
      title={t('title')}
      testId="schedules-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="schedules-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, scheduleId: null })} data-testid="schedules-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || remove.isPending) && <LinearProgress />}
      <SchedulesTable schedules={rows} loading={list.isPending} onOpen={(s) => setDialog({ open: true, scheduleId: s.id })} onDelete={setToDelete} />
      {dialog.open && <ScheduleDialog open scheduleId={dialog.scheduleId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog open={toDelete !== null} title={t('deleteTitle', { name: toDelete?.contact.name ?? '' })} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
