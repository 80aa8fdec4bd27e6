import { ANNOUNCEMENT_IMAGE, type Announcement, type AnnouncementInput, type AnnouncementPage } from '@atende/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';

export const announcementsKeys = {
  all: ['announcements'] as const,
  /** The top bar's: the active ones, for everyone (the super user included). */
  active: ['announcements', 'active'] as const,
  list: (search: string) => ['announcements', 'list', search] as const,
  detail: (id: number) => ['announcements', 'detail', id] as const,
};

/** The active announcements, high priority first (the first page is what the pop-over shows). */
export function useActiveAnnouncements(enabled = true) {
  return useQuery({
    queryKey: announcementsKeys.active,
    queryFn: ({ signal }) => api.get<AnnouncementPage>('/announcements', { activeOnly: true, pageNumber: 1 }, { signal }),
    enabled,
  });
}

/** GET /announcements for the super user's page, every status, as the user scrolls. */
export function useAnnouncementsList(search: string) {
  return useInfiniteQuery({
    queryKey: announcementsKeys.list(search),
    queryFn: ({ pageParam, signal }) => api.get<AnnouncementPage>('/announcements', { searchParam: search, pageNumber: pageParam }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last: AnnouncementPage, pages: unknown[]) => (last.hasMore ? pages.length + 1 : undefined),
  });
}

export function useAnnouncement(id: number | null) {
  return useQuery({
    queryKey: announcementsKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Announcement>(`/announcements/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface SaveAnnouncement {
  id: number | null;
  input: AnnouncementInput;
  /** A new image, uploaded once the announcement is saved (the upload needs its id). */
  file: File | null;
  /** The current image was removed in the dialog. */
  removeImage: boolean;
}

/** Saves the announcement, then its image: POST or DELETE /announcements/{id}/media-upload. */
export function useSaveAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file, removeImage }: SaveAnnouncement) => {
      let saved = id === null ? await api.post<Announcement>('/announcements', input) : await api.put<Announcement>(`/announcements/${id}`, input);
      if (file) {
        const body = new FormData();
        body.append(ANNOUNCEMENT_IMAGE.field, file);
        saved = await api.post<Announcement>(`/announcements/${saved.id}/media-upload`, body);
      } else if (removeImage && saved.mediaPath) {
        saved = await api.delete<Announcement>(`/announcements/${saved.id}/media-upload`);
      }
      return saved;
    },
    // Also after a failed upload: the announcement itself may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all }),
  });
}

export function useDeleteAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/announcements/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsKeys.all }),
  });
}
