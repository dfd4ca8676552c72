import { useState } from 'react';
import {
  EditorProblems,
  LazyYamlEditor,
  type SchemaProblem,
  type YamlProblem,
} from '@/features/settings/canaries/index.ts';
import { Button } from '@/ui/button.tsx';
import { useSaveScraperSpec, type Scraper } from '@/features/catalog/api/scraper-query.ts';
import { useScrapeConfigSchemaQuery } from '@/features/catalog/api/scrape-config-schema-query.ts';
import {
  isScrapeConfigSchema,
  parseScraperYaml,
  scraperToYaml,
} from '@/features/catalog/model/scraper-resource.ts';

export interface ScraperSpecEditorProps {
  scraper: Scraper;
  readOnly: boolean;
}

/**
 * The scraper as a ScrapeConfig in YAML, checked against the schema as you type; editors save
 * the spec (the server validates it again and names the field it refuses).
 */
export function ScraperSpecEditor({ scraper, readOnly }: ScraperSpecEditorProps) {
  const schema = useScrapeConfigSchemaQuery();
  const save = useSaveScraperSpec();
  const [initial] = useState(() => scraperToYaml(scraper));
  const [yaml, setYaml] = useState(initial);
  const [schemaProblems, setSchemaProblems] = useState<SchemaProblem[]>([]);
  const parsed = parseScraperYaml(yaml);
  const yamlProblem: YamlProblem | null = parsed.ok
    ? null
    : { message: parsed.message, line: parsed.line };
  const blocked = !parsed.ok || schemaProblems.length > 0;
  return (
    <div className="space-y-3">
      <LazyYamlEditor
        value={yaml}
        onChange={setYaml}
        schema={isScrapeConfigSchema(schema.data) ? schema.data : undefined}
        readOnly={readOnly}
        label="Scraper spec"
        onProblems={setSchemaProblems}
      />
      {!readOnly && (
        <>
          <EditorProblems yamlProblem={yamlProblem} schemaProblems={schemaProblems} />
          {save.isError && (
            <p role="alert" className="text-sm text-unhealthy">
              {save.error.message}
            </p>
          )}
          <div className="flex justify-end">
            <Button
              variant="primary"
              disabled={blocked || yaml === initial || save.isPending}
              onClick={() => {
                if (parsed.ok)
                  save.mutate({ id: scraper.id, name: scraper.name, spec: parsed.spec });
              }}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
