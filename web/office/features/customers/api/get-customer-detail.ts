export const prefetchCustomerDetail = async () => undefined;
