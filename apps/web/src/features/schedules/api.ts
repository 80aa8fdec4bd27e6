import { SCHEDULE_MEDIA_FIELD, type Schedule, type ScheduleInput, type SchedulePage } from '@atende/contract';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../lib/api';
import { useLiveEvent } from '../live';

export const schedulesKeys = {
  all: ['schedules'] as const,
  list: (search: string, contactId: number | null) => ['schedules', 'list', search, contactId] as const,
  detail: (id: number) => ['schedules', 'detail', id] as const,
};

/** GET /schedules: the company's scheduled messages, soonest first, page by page; optionally one contact's. */
export function useSchedulesList(search: string, contactId: number | null = null, enabled = true) {
  return useInfiniteQuery({
    queryKey: schedulesKeys.list(search, contactId),
    queryFn: ({ pageParam, signal }) =>
      api.get<SchedulePage>('/schedules', { searchParam: search, pageNumber: pageParam, ...(contactId ? { contactId } : {}) }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore ? pages.length + 1 : undefined),
    enabled,
  });
}

/** The most a calendar view reads (25 pages of 20): more would only crowd the cells. */
const CALENDAR_MAX_PAGES = 25;

/**
 * GET /schedules within the calendar's range [from, to), every page of it: the calendar shows
 * all the range's schedules at once, so the next page is read as soon as one arrives.
 */
export function useCalendarSchedules(search: string, range: { from: Date; to: Date }) {
  const from = range.from.toISOString();
  const to = range.to.toISOString();
  const query = useInfiniteQuery({
    queryKey: [...schedulesKeys.all, 'calendar', search, from, to] as const,
    queryFn: ({ pageParam, signal }) => api.get<SchedulePage>('/schedules', { searchParam: search, pageNumber: pageParam, from, to }, { signal }),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => (last.hasMore && pages.length < CALENDAR_MAX_PAGES ? pages.length + 1 : undefined),
    placeholderData: keepPreviousData,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  return query;
}

export function useSchedule(id: number | null) {
  return useQuery({
    queryKey: schedulesKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get<Schedule>(`/schedules/${id}`, undefined, { signal }),
    enabled: id !== null,
    staleTime: 0,
  });
}

export interface SaveSchedule {
  id: number | null;
  input: ScheduleInput;
  /** A new attachment, uploaded once the schedule is saved (the upload needs its id). */
  file: File | null;
  /** The current attachment was removed in the dialog. */
  removeMedia: boolean;
}

/** Saves the schedule, then its attachment: POST or DELETE /schedules/{id}/media-upload. */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, input, file, removeMedia }: SaveSchedule) => {
      let saved = id === null ? await api.post<Schedule>('/schedules', input) : await api.put<Schedule>(`/schedules/${id}`, input);
      if (file) {
        const body = new FormData();
        body.append(SCHEDULE_MEDIA_FIELD, file);
        saved = await api.post<Schedule>(`/schedules/${saved.id}/media-upload`, body);
      } else if (removeMedia && saved.mediaName) {
        saved = await api.delete<Schedule>(`/schedules/${saved.id}/media-upload`);
      }
      return saved;
    },
    // Also after a failed upload: the schedule itself may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: schedulesKeys.all }),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`/schedules/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKeys.all }),
  });
}

/** `company-{id}-schedule`: a schedule was saved, sent, failed or deleted elsewhere; open lists refetch. */
export function useSchedulesLive() {
  const queryClient = useQueryClient();
  useLiveEvent('schedule', () => {
    void queryClient.invalidateQueries({ queryKey: schedulesKeys.all });
  });
}
