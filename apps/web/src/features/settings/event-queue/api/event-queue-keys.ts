export const eventQueueKeys = {
  all: ['event-queue'] as const,
  summary: () => [...eventQueueKeys.all, 'summary'] as const,
};
