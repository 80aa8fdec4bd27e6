import { UI, type FileList } from '@atende/contract';
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
import { useDeleteFileList, useFileListsPage } from '../../features/files/api';
import { FileListDialog } from '../../features/files/components/FileListDialog';
import { FileListsTable } from '../../features/files/components/FileListsTable';
import { useFileListsLive } from '../../features/files/useFileListsLive';

type DialogState = { open: false } | { open: true; fileListId: number | null };

export default function FilesPage() {
  const { t } = useTranslation('files');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const searchParam = useDebouncedValue(search.trim(), UI.debounceMs);
  const list = useFileListsPage(searchParam);
  const [dialog, setDialog] = useState<DialogState>({ open: false });
  const deleteFileList = useDeleteFileList();
  const { toDelete, setToDelete, confirmDelete } = useConfirmedDelete<FileList>(deleteFileList, t('deleted'));
  useFileListsLive();

  const { rows: fileLists, onScroll } = useInfiniteRows(list, (page) => page.files);

  return (
    <PageContainer
      title={t('title')}
      testId="files-page"
      onScroll={onScroll}
      actions={
        <>
          <SearchField value={search} onChange={setSearch} testId="files-search" />
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setDialog({ open: true, fileListId: null })} data-testid="files-add">
            {t('add')}
          </Button>
        </>
      }
    >
      {(list.isFetching || deleteFileList.isPending) && <LinearProgress />}
      <FileListsTable
        fileLists={fileLists}
        loading={list.isPending}
        onEdit={(fileList) => setDialog({ open: true, fileListId: fileList.id })}
        onDelete={setToDelete}
      />
      {dialog.open && <FileListDialog open fileListId={dialog.fileListId} onClose={() => setDialog({ open: false })} />}
      <ConfirmationDialog
        open={toDelete !== null}
        title={t('deleteTitle', { name: toDelete?.name ?? '' })}
        busy={deleteFileList.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={confirmDelete}
      >
        {tc('confirmDelete')}
      </ConfirmationDialog>
    </PageContainer>
  );
}
