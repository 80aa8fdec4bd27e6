import { FILE_LIST_UPLOAD_FIELDS, type FileList, type FileListInput, type Paged } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const filesKeys = {
  all: ['files'] as const,
  list: (search: string) => ['files', 'list', search] as const,
  detail: (id: number) => ['files', 'detail', id] as const,
  /** Every list, for pickers (the campaign dialog). */
  options: ['files', 'options'] as const,
};

/** GET /files: the company's file lists, page by page as the user scrolls. */
export function useFileListsPage(search: string) {
  return useInfiniteQuery({
    queryKey: filesKeys.list(search),
    queryFn: ({ pageParam, signal }) => api.get<Paged<'files', FileList>>('/files', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

/** GET /files/list: every list with its files. */
export function useFileListOptions(enabled = true) {
  return useQuery({ queryKey: filesKeys.options, queryFn: ({ signal }) => api.get<FileList[]>('/files/list', undefined, { signal }), enabled });
}

export function useFileList(id: number | null) {
  return useQuery({
    queryKey: filesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<FileList>(`/files/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface SaveFileList {
  id: number | null;
  input: FileListInput;
  /** New files by the option's place in `input.options`, uploaded once the list is saved (the upload needs the option's id). */
  files: ReadonlyMap<number, File>;
}

/** Saves the list and its options, then each new file: POST /files/uploadList/{id}, one option at a time. */
export function useSaveFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, files }: SaveFileList) => {
      let saved = id === null ? await api.post<FileList>('/files', input) : await api.put<FileList>(`/files/${id}`, input);
      // The server keeps the options in the order sent, so a place names the same option.
      const optionIds = saved.options.map((option) => option.id);
      for (const [place, file] of files) {
        const optionId = optionIds[place];
        if (optionId === undefined) continue;
        const body = new FormData();
        body.append(FILE_LIST_UPLOAD_FIELDS.option, String(optionId));
        body.append('typeArch', 'fileList');
        body.append(FILE_LIST_UPLOAD_FIELDS.file, file);
        saved = await api.post<FileList>(`/files/uploadList/${saved.id}`, body);
      }
      return saved;
    },
    // Also after a failed upload: the list itself may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}

export function useDeleteFileList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/files/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKeys.all }),
  });
}
