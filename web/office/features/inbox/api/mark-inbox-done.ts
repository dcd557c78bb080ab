import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { markInboxEntryDone, type InboxPage } from '../../../../../contracts/office/inbox';
import { callEndpoint } from '../../../../shared/api/client';
import { inboxQuery } from './list-inbox';

/** 'Done': once the server has it, the entry leaves the loaded pages (no refetch: the pages' cursors stay valid). */
export function useMarkInboxEntryDone() {
  const queryClient = useQueryClient();
  const { queryKey } = inboxQuery();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(markInboxEntryDone, { params: { id } }),
    onSuccess: ({ id }) => {
      queryClient.setQueryData<InfiniteData<InboxPage, string | undefined>>(
        queryKey,
        (data) =>
          data && { ...data, pages: data.pages.map((page) => ({ ...page, entries: page.entries.filter((entry) => entry.id !== id) })) },
      );
    },
  });
}
