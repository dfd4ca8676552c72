import type { ReactNode } from 'react';
import type { JSONSchema7 } from 'json-schema';
import { useCallback, useState } from 'react';
import {
  EditorProblems,
  LazyYamlEditor,
  type SchemaProblem,
} from '@/features/settings/canaries/index.ts';
import { Button } from '@/ui/button.tsx';
import { controlProps, FormField } from '@/ui/form-field.tsx';
import { markServerErrors } from '@/ui/server-field-errors.ts';
import { useSavePlaybook } from '../api/save-playbook.ts';
import { parseSpec } from '../model/playbook-yaml.ts';

export interface PlaybookEditorProps {
  id: string | undefined;
  initialName: string;
  initialNamespace: string;
  initialYaml: string;
  readOnly: boolean;
  schema: JSONSchema7 | undefined;
  onDone: () => void;
  /** Delete, when editing a saved playbook. */
  deleteButton?: ReactNode;
}

type Field = 'name' | 'namespace' | 'spec';

/** Name, namespace and the spec as YAML checked against the playbook spec schema (spec 002 §2). */
export function PlaybookEditor(props: PlaybookEditorProps) {
  const isEdit = props.id !== undefined;
  const [name, setName] = useState(props.initialName);
  const [namespace, setNamespace] = useState(props.initialNamespace);
  const [yaml, setYaml] = useState(props.initialYaml);
  const [schemaProblems, setSchemaProblems] = useState<SchemaProblem[]>([]);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useSavePlaybook();
  const parsed = parseSpec(yaml);
  const yamlProblem = 'problem' in parsed ? parsed.problem : null;
  const onProblems = useCallback((problems: SchemaProblem[]) => setSchemaProblems(problems), []);

  const submit = () => {
    const next: Partial<Record<Field, string>> = {};
    if (name.trim() === '') next.name = 'This field is required';
    if ('spec' in parsed && Object.keys(parsed.spec).length === 0)
      next.spec = 'This field is required';
    setErrors(next);
    if (Object.keys(next).length > 0 || !('spec' in parsed) || schemaProblems.length > 0) return;
    save.mutate(
      { id: props.id, name: name.trim(), namespace: namespace.trim(), spec: parsed.spec },
      {
        onSuccess: props.onDone,
        onError: (error) =>
          markServerErrors(
            error,
            (field): Field | undefined =>
              field === 'name' || field === 'namespace'
                ? field
                : field.startsWith('spec')
                  ? 'spec'
                  : undefined,
            (field, message) => setErrors((previous) => ({ ...previous, [field]: message })),
          ),
      },
    );
  };

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" htmlFor="playbook-name" error={errors.name}>
          <input
            {...controlProps('playbook-name', errors.name !== undefined)}
            value={name}
            disabled={isEdit || props.readOnly}
            onChange={(event) => setName(event.target.value)}
          />
        </FormField>
        <FormField label="Namespace" htmlFor="playbook-namespace" error={errors.namespace}>
          <input
            {...controlProps('playbook-namespace', errors.namespace !== undefined)}
            value={namespace}
            disabled={isEdit || props.readOnly}
            onChange={(event) => setNamespace(event.target.value)}
          />
        </FormField>
      </div>
      <div className="space-y-1">
        <p className="text-sm font-medium">Spec</p>
        <LazyYamlEditor
          value={yaml}
          onChange={setYaml}
          schema={props.schema}
          readOnly={props.readOnly}
          label="Playbook spec YAML"
          onProblems={onProblems}
        />
        <EditorProblems yamlProblem={yamlProblem} schemaProblems={schemaProblems} />
        {errors.spec !== undefined && (
          <p role="alert" className="text-xs text-unhealthy">
            {errors.spec}
          </p>
        )}
      </div>
      {!props.readOnly && (
        <div className="flex items-center justify-between gap-2">
          <div>{props.deleteButton}</div>
          <div className="flex gap-2">
            <Button onClick={props.onDone}>Back</Button>
            <Button
              type="submit"
              variant="primary"
              disabled={save.isPending || yamlProblem !== null || schemaProblems.length > 0}
            >
              {save.isPending ? (isEdit ? 'Updating...' : 'Saving...') : isEdit ? 'Update' : 'Save'}
            </Button>
          </div>
        </div>
      )}
    </form>
  );
}
