import { fileURLToPath } from 'node:url';
import { parseOptions } from './health/options.ts';
import { scenarioBlock } from './health/report.ts';
import { writeScenario } from './health/results-file.ts';
import { runScenario } from './health/scenario.ts';

/**
 * Health scheduler throughput (bench/runs/health-scheduler.md): N one-check
 * HTTP canaries on the real server, measured over a window. One scenario per run; see --help.
 */
const options = parseOptions(process.argv.slice(2));
const cleanups: Array<() => Promise<unknown>> = [];

async function cleanUp(): Promise<void> {
  for (const step of cleanups.splice(0).reverse()) {
    await step().catch((error: unknown) => console.error('bench: clean-up step failed', error));
  }
}

// Everything is bounded: setup, one period, the window and shutdown fit well inside this.
const deadlineMs = (options.durationS + options.intervalMs / 1000 + 20 * 60) * 1000;
const deadline = setTimeout(() => {
  console.error(`bench: still running after ${deadlineMs / 60_000} min; stopping`);
  void cleanUp().finally(() => process.exit(2));
}, deadlineMs);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
// A crash must not leave the server, the target or the database behind.
process.once('uncaughtException', (error) => {
  console.error('bench: crashed', error);
  void cleanUp().finally(() => process.exit(1));
});

try {
  const result = await runScenario(options, cleanups);
  console.log(`\n${scenarioBlock(result)}\n`);
  if (options.write) {
    await writeScenario(
      fileURLToPath(new URL('./runs/health-scheduler.md', import.meta.url)),
      result,
    );
    console.log(`bench: wrote block "${options.label}" in bench/runs/health-scheduler.md`);
  }
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
