import { UI, recordId, type Schedule } from '@atende/contract';
import AddIcon from '@mui/icons-material/Add';
import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import TableRowsIcon from '@mui/icons-material/TableRows';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Tooltip from '@mui/material/Tooltip';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmationDialog } from '../../components/ConfirmationDialog';
import { PageContainer } from '../../components/PageContainer';
import { SearchField } from '../../components/SearchField';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDebouncedValue } from '../../components/useDebouncedValue';
import { useInfiniteRows } from '../../components/useInfiniteRows';
import { useContact } from '../../features/contacts/api';
import { useDeleteSchedule, useSchedulesList, useSchedulesLive } from '../../features/schedules/api';
import { ScheduleDialog } from '../../features/schedules/components/ScheduleDialog';
import { SchedulesCalendar } from '../../features/schedules/components/SchedulesCalendar';
import { SchedulesTable } from '../../features/schedules/components/SchedulesTable';
import { toastError } from '../../lib/errors';

type DialogState = { open: false } | { open: true; scheduleId: number | null; contact?: { id: number; name: string; number: string } };
type PageView = 'calendar' | 'table';

/** `?contactId=N` (from a contact's or a ticket's link): the add dialog opens for that contact. */
function useContactFromAddress() {
  const [params, setParams] = useSearchParams();
  const parsed = recordId().safeParse(params.get('contactId') ?? undefined);
  const contactId = parsed.success ? parsed.data : null;
  const contact = useContact(contactId);
  const forget = () =>
    setParams(
      (prev) => {
        prev.delete('contactId');
        return prev;
      },
      { replace: true },
    );
  return { contactId, contact, forget };
}

/** /schedules: the company's scheduled messages on a calendar or in a table, searched, kept live. */
export default function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const { t: tc } = useTranslation();
  const [view, setView] = useState<PageView>('calendar');
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useSchedulesList(searchParam, null, view === 'table');
  useSchedulesLive();
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const remove = useDeleteSchedule();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<Schedule>(remove, t('deleted'));
  const { rows, onScroll } = useInfiniteRows(list, (page) => page.schedules);
  const fromAddress = useContactFromAddress();

  useEffect(() => {
    const { data, error } = fromAddress.contact;
    if (data && fromAddress.contactId === data.id) {
      setDialog({ open: true, scheduleId: null, contact: { id: data.id, name: data.name, number: data.number } });
      fromAddress.forget();
    } else if (error) {
      toastError(error);
      fromAddress.forget();
    }
  }, [fromAddress.contact.data, fromAddress.contact.error]);

  const edit = (schedule: Schedule) => setDialog({ open: true, scheduleId: schedule.id });

  return (
    <PageContainer
      title={t('title')}
      testId="schedules-page"
      onScroll={view === 'table' ? onScroll : undefined}
      actions={
        <>
          <ToggleButtonGroup size="small" exclusive value={view} onChange={(_, next: PageView | null) => next && setView(next)}>
            <ToggleButton value="calendar" aria-label={t('views.calendar')} data-testid="schedules-view-calendar">
              <Tooltip title={t('views.calendar')}>
                <CalendarMonthIcon fontSize="small" />
              </Tooltip>
            </ToggleButton>
            <ToggleButton value="table" aria-label={t('views.table')} data-testid="schedules-view-table">
              <Tooltip title={t('views.table')}>
                <TableRowsIcon fontSize="small" />
              </Tooltip>
            </ToggleButton>
          </ToggleButtonGroup>
          <SearchField value={search} onChange={setSearch} testId="schedules-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, scheduleId: null })} data-testid="schedules-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {((view === 'table' && list.isFetching) || remove.isPending) && <LinearProgress />}
      {view === 'calendar' ? (
        <SchedulesCalendar search={searchParam} onEdit={edit} onDelete={setToDelete} />
      ) : (
        <SchedulesTable schedules={rows} loading={list.isPending} onOpen={edit} onDelete={setToDelete} />
      )}
      {dialog.open && <ScheduleDialog open scheduleId={dialog.scheduleId} contact={dialog.contact ?? null} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog open={toDelete !== null} title={t('deleteTitle', { name: toDelete?.contact.name ?? '' })} busy={remove.isPending} onClose={() => setToDelete(null)} onConfirm={confirmDelete}>
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
