import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { scraperEntry } from '../../scrape-spec/common-fields.ts';
import { emptyScrapeResult } from '../scrape-result.ts';
import { ScrapeConfigError, ScraperUnavailable, defineScraperType } from '../scraper-type.ts';
import { analysisOf, trivyReport } from './trivy-report.ts';

const kubernetesOptions = z
  .object({
    components: z.array(z.string()).optional(),
    context: z.string().optional(),
    kubeconfig: z.string().optional(),
    namespace: z.string().optional(),
  })
  .strict();

const trivyEntry = scraperEntry({
  version: z.string().optional().describe('Not installed here: the trivy on PATH is used'),
  compliance: z.array(z.string()).optional(),
  ignoredLicenses: z.array(z.string()).optional(),
  ignoreUnfixed: z.boolean().optional(),
  licenseFull: z.boolean().optional(),
  severity: z.array(z.string()).optional(),
  vulnType: z.array(z.string()).optional(),
  scanners: z.array(z.string()).optional(),
  timeout: z.string().optional(),
  kubernetes: kubernetesOptions.optional(),
});
type TrivyEntry = z.infer<typeof trivyEntry>;

const maxOutputBytes = 256 * 1024 * 1024;

/** config-db's `trivy k8s` arguments: JSON output, the entry's flags, then `all`. */
export function trivyArgs(entry: TrivyEntry): string[] {
  const args = ['k8s', '--format', 'json'];
  const list = (flag: string, values: string[] | undefined) => {
    if (values && values.length > 0) args.push(flag, values.join(','));
  };
  list('--compliance', entry.compliance);
  list('--ignored-licenses', entry.ignoredLicenses);
  if (entry.ignoreUnfixed) args.push('--ignore-unfixed');
  if (entry.licenseFull) args.push('--license-full');
  list('--severity', entry.severity);
  list('--vuln-type', entry.vulnType);
  list('--scanners', entry.scanners);
  if (entry.timeout) args.push('--timeout', entry.timeout);
  const k8s = entry.kubernetes ?? {};
  list('--components', k8s.components);
  if (k8s.kubeconfig) args.push('--kubeconfig', k8s.kubeconfig);
  if (k8s.namespace) args.push('--namespace', k8s.namespace);
  if (k8s.context) args.push('--context', k8s.context);
  args.push('all');
  return args;
}

/** `TRIVY_BINARY` when set, else `trivy` on PATH; undefined when neither is there. */
async function findTrivy(): Promise<string | undefined> {
  const candidates = process.env.TRIVY_BINARY
    ? [process.env.TRIVY_BINARY]
    : (process.env.PATH ?? '')
        .split(path.delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => path.join(dir, 'trivy'));
  for (const candidate of candidates) {
    try {
      await fs.access(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // Not here: try the next directory.
    }
  }
  return undefined;
}

/**
 * `spec.trivy[]`: runs `trivy k8s` and files its vulnerabilities and misconfigurations as
 * security analysis of the Kubernetes items they are about.
 */
export const trivyScraperType = defineScraperType({
  name: 'trivy',
  specKey: 'trivy',
  schema: trivyEntry,
  async scrape(ctx, entry) {
    if (!entry.kubernetes) {
      throw new ScrapeConfigError('trivy: kubernetes is required (only Kubernetes scans run)');
    }
    const binary = await findTrivy();
    if (!binary) {
      const where = process.env.TRIVY_BINARY ? `at ${process.env.TRIVY_BINARY}` : 'on PATH';
      throw new ScraperUnavailable(`trivy: trivy is not installed (not found ${where})`);
    }
    const output = await new Promise<string>((resolve, reject) => {
      execFile(
        binary,
        trivyArgs(entry),
        { signal: ctx.signal, maxBuffer: maxOutputBytes, encoding: 'utf8' },
        (error, stdout, stderr) => {
          if (!error) {
            resolve(stdout);
            return;
          }
          const how = typeof error.code === 'number' ? `exited ${error.code}` : error.message;
          const said = stderr.trim().slice(-2000);
          reject(new Error(`trivy: ${binary} failed (${how})${said ? `: ${said}` : ''}`));
        },
      );
    });
    let document: unknown;
    try {
      document = JSON.parse(output);
    } catch (error) {
      throw new Error('trivy: the report is malformed JSON', { cause: error });
    }
    const report = trivyReport.safeParse(document);
    if (!report.success) {
      const issue = report.error.issues[0];
      throw new Error(
        `trivy: the report is not trivy's JSON: ${issue?.path.join('.') ?? ''} ${issue?.message ?? ''}`,
      );
    }
    const result = emptyScrapeResult();
    result.analysis.push(...analysisOf(report.data));
    return result;
  },
});
