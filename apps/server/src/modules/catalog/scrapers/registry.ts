import { awsScraperType } from './aws/aws.scraper.ts';
import { execScraperType } from './exec/exec.scraper.ts';
import { fileScraperType } from './file/file.scraper.ts';
import { httpScraperType } from './http/http.scraper.ts';
import { postgresScraperType } from './postgres/postgres.scraper.ts';
import { sqlScraperType } from './sql/sql.scraper.ts';
import { kubernetesFileScraperType } from './kubernetes/kubernetes-file.scraper.ts';
import { kubernetesScraperType } from './kubernetes/kubernetes.scraper.ts';
import { azureScraperType } from './azure/azure.scraper.ts';
import { azureDevopsScraperType } from './azure-devops/azure-devops.scraper.ts';
import { githubActionsScraperType } from './github-actions/github-actions.scraper.ts';
import { trivyScraperType } from './trivy/trivy.scraper.ts';
import type { ScraperType } from './scraper-type.ts';

/**
 * Every scraper type, one file each. Add a type by importing its file here; core code never
 * switches on a type name.
 */
const scraperTypes: readonly ScraperType[] = [
  fileScraperType,
  httpScraperType,
  sqlScraperType,
  postgresScraperType,
  execScraperType,
  kubernetesScraperType,
  kubernetesFileScraperType,
  githubActionsScraperType,
  azureScraperType,
  azureDevopsScraperType,
  trivyScraperType,
  awsScraperType,
];

/** By ScrapeConfig spec key (`file`, `http`, `sql`…). */
export const scraperRegistry: ReadonlyMap<string, ScraperType> = new Map(
  scraperTypes.map((type) => [type.specKey, type]),
);

export function scraperTypeFor(specKey: string): ScraperType | undefined {
  return scraperRegistry.get(specKey);
}
