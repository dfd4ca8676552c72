export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  recipients: () => [...notificationKeys.all, 'recipients'] as const,
};
