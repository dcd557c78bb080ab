export const prefetchAudit = async () => undefined;
