import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import {
  commonCheckFields,
  defineCheckType,
  errorText,
  failed,
  type CheckOutcome,
  type CheckRunContext,
} from './check-type.ts';
import type { ProcessResult } from './child-process.ts';
import { displayPath, matchFiles } from './file-match.ts';
import { failedTests, summarise, totalsText, type JunitResults } from './junit-summary.ts';
import { JunitFormatError, parseJunitXml, type RawSuite } from './junit-xml.ts';
import { artifactSpec, collectArtifacts } from './script-artifacts.ts';
import { namedEnvVar, scriptEnvironment, withScratchDir } from './script-environment.ts';
import { runScript, scriptFailure, scriptOutput, type ScriptOutput } from './script-run.ts';

const junitCheck = z
  .object({
    ...commonCheckFields,
    testResults: z.string().min(1, 'is required'),
    /** Vigil's stand-in for canary-checker's pod `spec`: a bash script that runs the tests. */
    script: z
      .string()
      .refine((s) => s.trim() !== '', 'must not be empty')
      .optional(),
    env: z.array(namedEnvVar).optional(),
    spec: z.unknown().optional(),
    artifacts: z.array(artifactSpec).optional(),
  })
  .strict()
  .refine((c) => c.spec === undefined, {
    message: 'is not supported: Vigil runs no pods; give the test command as `script` instead',
    path: ['spec'],
  })
  .refine((c) => c.script !== undefined || path.isAbsolute(c.testResults), {
    message: 'must be an absolute path when there is no script',
    path: ['testResults'],
  });

type JunitCheck = z.infer<typeof junitCheck>;

const maxReportBytes = 20 * 1024 * 1024;

/**
 * `spec.junit[]`: runs `script` (when given) in a fresh temporary directory, then reads every
 * JUnit XML file under `testResults` (a file, a directory or a glob, relative to that
 * directory). Fails when a test failed or errored, or when the script exited non-zero.
 */
export const junitCheckType = defineCheckType({
  type: 'junit',
  schema: junitCheck,
  endpoint: (check) => check.testResults,
  run: (check, ctx) => withScratchDir((dir) => runIn(dir, check, ctx)),
});

async function runIn(dir: string, check: JunitCheck, ctx: CheckRunContext): Promise<CheckOutcome> {
  const script = check.script === undefined ? undefined : await runTests(check, ctx, dir);
  const output: Partial<ScriptOutput> = script === undefined ? {} : scriptOutput(script);
  const scriptError = script === undefined ? undefined : scriptFailure(script, ctx.timeoutMs);
  if (script?.aborted || script?.spawnError) return failed(scriptError ?? 'script failed', output);
  const found = await readResults(check.testResults, dir, ctx.signal);
  if (typeof found === 'string') {
    const why = scriptError === undefined ? '' : `; the script failed with ${scriptError}`;
    return failed(`${found}${why}`, output);
  }
  const { results, files } = found;
  const artifacts = check.artifacts
    ? await collectArtifacts(
        check.artifacts,
        { stdout: output.stdout ?? '', stderr: output.stderr ?? '' },
        dir,
      )
    : undefined;
  const data = { ...output, results };
  const detail = { results, files, artifacts };
  const duration = Math.round(results.duration * 1000);
  const error = verdict(check, results, scriptError);
  if (error !== undefined) return { pass: false, error, data, detail, duration };
  return { pass: true, message: totalsText(results), data, detail, duration };
}

async function runTests(
  check: JunitCheck,
  ctx: CheckRunContext,
  dir: string,
): Promise<ProcessResult> {
  const env = await scriptEnvironment(check, ctx, dir);
  return runScript(check.script ?? '', env, dir, ctx.signal);
}

/** The summed reports `testResults` names, or why there are none to judge. */
async function readResults(
  testResults: string,
  dir: string,
  signal: AbortSignal,
): Promise<{ results: JunitResults; files: string[] } | string> {
  const files = await matchFiles(testResults, { cwd: dir, inDirectory: '**/*.xml', signal });
  if (files.length === 0) return `no JUnit XML files match ${testResults}`;
  const suites: RawSuite[] = [];
  for (const file of files) {
    try {
      suites.push(...(await readReport(file, signal)));
    } catch (error) {
      return `${displayPath(file, dir)}: ${errorText(error)}`;
    }
  }
  return { results: summarise(suites), files: files.map((file) => displayPath(file, dir)) };
}

async function readReport(file: string, signal: AbortSignal): Promise<RawSuite[]> {
  const { size } = await fs.stat(file);
  if (size > maxReportBytes) throw new JunitFormatError(`larger than ${maxReportBytes} bytes`);
  return parseJunitXml(await fs.readFile(file, { encoding: 'utf8', signal }));
}

/** Failed tests decide unless the check has its own `test` expression (as in canary-checker). */
function verdict(
  check: JunitCheck,
  results: JunitResults,
  scriptError: string | undefined,
): string | undefined {
  const summary = totalsText(results);
  if (scriptError !== undefined) return `${summary}; the script failed with ${scriptError}`;
  if (check.test !== undefined || results.failed + results.error === 0) return undefined;
  return `${summary}: ${failedTests(results).join('; ')}`;
}
