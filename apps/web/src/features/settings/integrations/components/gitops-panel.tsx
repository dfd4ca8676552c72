import { useState } from 'react';
import { CopyButton } from '@/ui/copy-button.tsx';
import { FormField, controlProps, inputClassName } from '@/ui/form-field.tsx';
import { LazyYamlEditor, type SchemaProblem } from '@/features/settings/canaries/index.ts';
import { useSpecSchemaQuery } from '@/features/settings/resources/index.ts';
import { isJsonSchema } from '../model/json-schema.ts';
import {
  defaultGitOpsNamespace,
  gitOpsFiles,
  gitOpsKinds,
  gitOpsNameProblem,
  type GitOpsKind,
} from '../model/gitops-files.ts';

/** 'Add via GitOps': the resource YAML and a kustomization to commit, checked against the schema. */
export function GitOpsPanel() {
  const [kind, setKind] = useState<GitOpsKind>('Catalog Scraper');
  const [name, setName] = useState('');
  const [namespace, setNamespace] = useState(defaultGitOpsNamespace);
  const [problems, setProblems] = useState<SchemaProblem[]>([]);
  const schema = useSpecSchemaQuery(kind === 'Catalog Scraper' ? 'scrape-config' : undefined);
  const nameProblem = gitOpsNameProblem(name);
  const namespaceProblem = namespace.trim() === '' ? 'Namespace is required' : null;
  const valid = nameProblem === null && namespaceProblem === null && problems.length === 0;
  const files = gitOpsFiles(kind, name || 'my-integration', namespace || defaultGitOpsNamespace);
  return (
    <div className="space-y-3">
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Kind" htmlFor="gitops-kind">
          <select
            id="gitops-kind"
            className={inputClassName}
            value={kind}
            onChange={(event) => {
              const next = gitOpsKinds.find((option) => option === event.target.value);
              if (next) setKind(next);
            }}
          >
            {gitOpsKinds.map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        </FormField>
        <FormField
          label="Name"
          htmlFor="gitops-name"
          error={name === '' ? undefined : (nameProblem ?? undefined)}
        >
          <input
            {...controlProps('gitops-name', name !== '' && nameProblem !== null)}
            value={name}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField
          label="Namespace"
          htmlFor="gitops-namespace"
          error={namespaceProblem ?? undefined}
        >
          <input
            {...controlProps('gitops-namespace', namespaceProblem !== null)}
            value={namespace}
            onChange={(event) => setNamespace(event.target.value)}
          />
        </FormField>
      </div>
      <div className="space-y-1">
        <div className="flex items-center justify-between">
          <p className="font-mono text-xs text-fg-muted">{files.resourceFile}</p>
          {valid && <CopyButton label={`Copy ${files.resourceFile}`} text={files.resource} />}
        </div>
        <LazyYamlEditor
          value={files.resource}
          onChange={() => undefined}
          schema={isJsonSchema(schema.data) ? schema.data : undefined}
          readOnly
          label={files.resourceFile}
          onProblems={setProblems}
        />
      </div>
      <div className="space-y-1">
        <div className="flex items-center justify-between">
          <p className="font-mono text-xs text-fg-muted">kustomization.yaml</p>
          {valid && <CopyButton label="Copy kustomization.yaml" text={files.kustomization} />}
        </div>
        <pre className="overflow-x-auto rounded-md border border-border bg-surface-muted p-2 text-xs">
          {files.kustomization}
        </pre>
      </div>
      <p className="text-xs text-fg-muted">
        Commit both files to a repository that Flux or Argo CD applies, or run{' '}
        <code>{files.apply}</code>. Vigil reconciles the resource and shows it here.
      </p>
      {!valid && (
        <p role="status" className="text-xs text-warning">
          Fill in a valid name and namespace to copy the files.
        </p>
      )}
    </div>
  );
}
