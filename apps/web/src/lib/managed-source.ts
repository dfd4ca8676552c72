/** The source of rows written in the console. */
export const consoleSource = 'UI';

/**
 * A canary, notification or other row with a source other than the console (a CRD, a file, a
 * repository) is managed where it comes from: shown here, changed only there.
 */
export function isManagedElsewhere(source: string | null | undefined): boolean {
  const text = (source ?? '').trim();
  return text !== '' && text !== consoleSource;
}
