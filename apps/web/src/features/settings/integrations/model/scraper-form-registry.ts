import type { ScraperFormType } from './scraper-form-type.ts';
import { awsScraper } from './scraper-types/aws.ts';
import { azureDevopsScraper } from './scraper-types/azure-devops.ts';
import { azureScraper } from './scraper-types/azure.ts';
import { customScraper } from './scraper-types/custom.ts';
import { fileScraper } from './scraper-types/file.ts';
import { githubActionsScraper } from './scraper-types/github-actions.ts';
import { httpScraper } from './scraper-types/http.ts';
import { kubernetesFileScraper } from './scraper-types/kubernetes-file.ts';
import { kubernetesScraper } from './scraper-types/kubernetes.ts';
import { sqlScraper } from './scraper-types/sql.ts';
import { trivyScraper } from './scraper-types/trivy.ts';

/** The catalog scraper types in the order of spec 002 §4; one file each. */
export const scraperFormTypes: readonly ScraperFormType[] = [
  kubernetesScraper,
  azureScraper,
  kubernetesFileScraper,
  sqlScraper,
  trivyScraper,
  awsScraper,
  fileScraper,
  githubActionsScraper,
  httpScraper,
  azureDevopsScraper,
  customScraper,
];

/** The form type of a spec: the first of its keys that names one, else Custom. */
export function scraperTypeOfSpec(spec: Readonly<Record<string, unknown>>): ScraperFormType {
  return (
    scraperFormTypes.find((type) => type.fields.length > 0 && Array.isArray(spec[type.specKey])) ??
    customScraper
  );
}

export function scraperTypeByKey(key: string | null | undefined): ScraperFormType | undefined {
  return scraperFormTypes.find((type) => type.specKey === key);
}
