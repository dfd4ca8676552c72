/** Clean-up steps run last-in first-out, and a deadline after which the benchmark cleans up and exits 2. */
export function benchLifecycle(limitMinutes: number) {
  const cleanups: Array<() => Promise<unknown>> = [];
  async function cleanUp(): Promise<void> {
    for (const undo of cleanups.splice(0).reverse()) {
      await undo().catch((error: unknown) => console.error('bench: clean-up step failed', error));
    }
  }
  const deadline = setTimeout(
    () => void cleanUp().finally(() => process.exit(2)),
    limitMinutes * 60_000,
  );
  const step = (text: string): void => console.log(`bench: ${text}`);
  return { cleanups, cleanUp, deadline, step };
}
