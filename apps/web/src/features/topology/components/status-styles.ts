/** Spec 001 §2: red border for unhealthy, orange for warning; the rest stay neutral. */
export const statusBorder: Readonly<Record<string, string>> = {
  unhealthy: 'border-t-unhealthy',
  warning: 'border-t-warning',
};

export const statusDot: Readonly<Record<string, string>> = {
  healthy: 'bg-healthy',
  unhealthy: 'bg-unhealthy',
  warning: 'bg-warning',
};

export const statusText: Readonly<Record<string, string>> = {
  healthy: 'text-healthy',
  unhealthy: 'text-unhealthy',
  warning: 'text-warning',
};
