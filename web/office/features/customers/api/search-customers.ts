export const prefetchCustomers = async () => undefined;
