import fs from 'node:fs/promises';
import path from 'node:path';

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

/** A run's figures with the fields every JSON run file names. */
export interface JsonRun extends Record<string, unknown> {
  readonly date: string;
  readonly command: string;
  readonly machine: string;
}

/**
 * Awaits the benchmark, writes its run to `bench/runs/<name>-<day>.md` as a titled JSON
 * block, prints it, and cleans up whatever happened.
 */
export function finishWithJsonRun(
  run: Promise<JsonRun>,
  options: {
    readonly name: string;
    readonly title: string;
    readonly repoRoot: string;
    readonly lifecycle: ReturnType<typeof benchLifecycle>;
  },
): void {
  const { lifecycle } = options;
  run
    .then(async (figures) => {
      const file = path.join(
        options.repoRoot,
        `bench/runs/${options.name}-${figures.date.slice(0, 10)}.md`,
      );
      const text = [
        `# ${options.title} (${figures.date})`,
        '',
        `Command: \`${figures.command}\`. Machine: ${figures.machine}.`,
        '',
        '```json',
        JSON.stringify(figures, null, 2),
        '```',
        '',
      ].join('\n');
      await fs.writeFile(file, text);
      console.log(JSON.stringify(figures, null, 2));
      lifecycle.step(`wrote ${path.relative(options.repoRoot, file)}`);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(async () => {
      await lifecycle.cleanUp();
      clearTimeout(lifecycle.deadline);
    });
}
