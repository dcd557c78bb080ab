export const prefetchStaff = async () => undefined;
