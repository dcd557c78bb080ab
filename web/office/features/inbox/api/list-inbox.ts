export const prefetchInbox = async () => undefined;
