import { z } from 'zod';
import type { ScrapedAnalysis, Severity } from '../scrape-result.ts';

const vulnerability = z
  .object({
    VulnerabilityID: z.string().optional(),
    PkgName: z.string().optional(),
    InstalledVersion: z.string().optional(),
    FixedVersion: z.string().optional(),
    PrimaryURL: z.string().optional(),
    Title: z.string().optional(),
    Description: z.string().optional(),
    Severity: z.string().optional(),
  })
  .loose();
type Vulnerability = z.infer<typeof vulnerability>;

const misconfiguration = z
  .object({
    ID: z.string().optional(),
    AVDID: z.string().optional(),
    Title: z.string().optional(),
    Description: z.string().optional(),
    Message: z.string().optional(),
    Severity: z.string().optional(),
  })
  .loose();

const result = z
  .object({
    Target: z.string().optional(),
    Vulnerabilities: z.array(vulnerability).nullish(),
    Misconfigurations: z.array(misconfiguration).nullish(),
  })
  .loose();

const resource = z
  .object({
    Namespace: z.string().optional(),
    Kind: z.string(),
    Name: z.string(),
    Results: z.array(result).nullish(),
  })
  .loose();
type Resource = z.infer<typeof resource>;

/** `trivy k8s --format json`: resources split by scanner (as config-db reads) or in one list. */
export const trivyReport = z
  .object({
    ClusterName: z.string().optional(),
    Resources: z.array(resource).nullish(),
    Vulnerabilities: z.array(resource).nullish(),
    Misconfigurations: z.array(resource).nullish(),
  })
  .loose();
export type TrivyReport = z.infer<typeof trivyReport>;

const severities: Readonly<Record<string, Severity>> = {
  CRITICAL: 'critical',
  HIGH: 'high',
  MEDIUM: 'medium',
  LOW: 'low',
};
const rank: readonly Severity[] = ['info', 'low', 'medium', 'high', 'critical'];

function severityOf(text: string | undefined): Severity {
  return severities[(text ?? '').toUpperCase()] ?? 'info';
}

/** The item a finding is about: config-db's `Kubernetes/<Kind>/<namespace>/<name>` alias. */
function refOf(item: Resource) {
  return {
    type: `Kubernetes::${item.Kind}`,
    externalId: `Kubernetes/${item.Kind}/${item.Namespace ?? ''}/${item.Name}`,
  };
}

function vulnerabilityMessage(found: Vulnerability): string {
  return [
    found.Title ?? '',
    `CVE: ${found.VulnerabilityID ?? ''} ${found.PrimaryURL ?? ''}`.trim(),
    `Installed Version: ${found.InstalledVersion ?? ''}`,
    `Fixed Version: ${found.FixedVersion ?? ''}`,
    found.Description ?? '',
  ].join('\n');
}

/**
 * As config-db: one analysis per resource and vulnerable package (analyzer = package, the
 * worst severity of its vulnerabilities) and one per misconfiguration (analyzer = its title).
 */
export function analysisOf(report: TrivyReport): ScrapedAnalysis[] {
  const out: ScrapedAnalysis[] = [];
  const all = [
    ...(report.Resources ?? []),
    ...(report.Vulnerabilities ?? []),
    ...(report.Misconfigurations ?? []),
  ];
  for (const item of all) {
    for (const scanned of item.Results ?? []) {
      const byPackage = new Map<string, Vulnerability[]>();
      for (const found of scanned.Vulnerabilities ?? []) {
        const pkg = found.PkgName ?? '';
        byPackage.set(pkg, [...(byPackage.get(pkg) ?? []), found]);
      }
      for (const [pkg, found] of byPackage) {
        const worst = found
          .map((entry) => severityOf(entry.Severity))
          .reduce((a, b) => (rank.indexOf(b) > rank.indexOf(a) ? b : a), 'info');
        out.push({
          config: refOf(item),
          analyzer: pkg,
          analysisType: 'security',
          severity: worst,
          summary: pkg,
          message: found.map(vulnerabilityMessage).join('\n\n'),
          analysis: Object.fromEntries(
            found.map((entry) => [entry.Title ?? entry.VulnerabilityID ?? '', entry]),
          ),
          source: 'Trivy',
          status: 'open',
        });
      }
      for (const found of scanned.Misconfigurations ?? []) {
        const title = found.Title ?? found.ID ?? '';
        out.push({
          config: refOf(item),
          analyzer: title,
          analysisType: 'security',
          severity: severityOf(found.Severity),
          summary: title,
          message: [found.Description ?? '', found.Message ?? ''].join('\n'),
          analysis: found,
          source: 'Trivy',
          status: 'open',
        });
      }
    }
  }
  return out;
}
