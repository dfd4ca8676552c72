export const sessionKeys = {
  all: ['session'] as const,
  whoami: () => [...sessionKeys.all, 'whoami'] as const,
  about: () => [...sessionKeys.all, 'about'] as const,
  properties: () => [...sessionKeys.all, 'properties'] as const,
};
