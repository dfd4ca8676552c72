import { parseDocument, stringify } from 'yaml';
import type { JSONSchema7 } from 'json-schema';

export interface ScraperIdentity {
  name: string;
  namespace?: string | null | undefined;
}

/** The scraper as the ScrapeConfig resource the schema describes, in YAML. */
export function scraperToYaml(scraper: ScraperIdentity & { spec: unknown }): string {
  const metadata =
    scraper.namespace === null || scraper.namespace === undefined || scraper.namespace === ''
      ? { name: scraper.name }
      : { name: scraper.name, namespace: scraper.namespace };
  return stringify(
    {
      apiVersion: 'configs.flanksource.com/v1',
      kind: 'ScrapeConfig',
      metadata,
      spec: scraper.spec,
    },
    { lineWidth: 0 },
  );
}

export type SpecParse =
  | { ok: true; spec: Record<string, unknown> }
  | { ok: false; message: string; line: number | undefined };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The edited spec out of the YAML; name and namespace are fixed, only the spec is saved. */
export function parseScraperYaml(text: string): SpecParse {
  const document = parseDocument(text, { prettyErrors: false });
  const error = document.errors[0];
  if (error !== undefined) {
    const line = text.slice(0, error.pos[0]).split('\n').length;
    return { ok: false, message: error.message, line };
  }
  const content: unknown = document.toJS();
  if (!isRecord(content)) {
    return {
      ok: false,
      message: 'The YAML must describe a ScrapeConfig resource',
      line: undefined,
    };
  }
  const spec = content.spec;
  if (!isRecord(spec)) return { ok: false, message: 'spec is required', line: undefined };
  return { ok: true, spec };
}

/**
 * Guarantee: /api/schemas/scrape-config.schema.json is a JSON schema document (zod's
 * toJSONSchema output); the editor only needs an object and ignores keywords it does not know.
 */
export function isScrapeConfigSchema(value: unknown): value is JSONSchema7 {
  return isRecord(value);
}
