import { useState } from 'react';
import { stringify } from 'yaml';
import {
  EditorProblems,
  LazyYamlEditor,
  type SchemaProblem,
} from '@/features/settings/canaries/index.ts';
import {
  parseSpecYaml,
  specSchemaOf,
  useSpecSchemaQuery,
} from '@/features/settings/resources/index.ts';
import { Button } from '@/ui/button.tsx';
import { FormField, controlProps, inputClassName, textareaClassName } from '@/ui/form-field.tsx';
import { TabList, TabPanel } from '@/ui/tabs.tsx';
import type { ScraperFormType } from '../model/scraper-form-type.ts';
import { fieldText, missingFields, withFieldText } from '../model/scraper-form-values.ts';
import { LinkedTo, type LinkedToProps } from './linked-to.tsx';

type Mode = 'form' | 'code';

export interface ScraperEditorProps extends LinkedToProps {
  type: ScraperFormType;
  name: string;
  namespace: string;
  spec: Record<string, unknown>;
  isEdit: boolean;
  readOnly: boolean;
  pending: boolean;
  error: string | null;
  onSave: (row: { name: string; namespace: string; spec: Record<string, unknown> }) => void;
  onDelete?: (() => void) | undefined;
  onBack: () => void;
}

/** A catalog scraper's Form and Code tabs (Custom is code only), with Back, Save and Delete. */
export function ScraperEditor(props: ScraperEditorProps) {
  const { type, readOnly, isEdit } = props;
  const codeOnly = type.fields.length === 0;
  const [mode, setMode] = useState<Mode>(codeOnly ? 'code' : 'form');
  const [name, setName] = useState(props.name);
  const [namespace, setNamespace] = useState(props.namespace);
  const [spec, setSpec] = useState(props.spec);
  const [yaml, setYaml] = useState(() => stringify(props.spec, { lineWidth: 0 }));
  const [problems, setProblems] = useState<SchemaProblem[]>([]);
  const [touched, setTouched] = useState(false);
  const schema = useSpecSchemaQuery('scrape-config');
  const parsed = parseSpecYaml(yaml);
  const missing = [...(name.trim() === '' ? ['Name'] : []), ...missingFields(spec, type)];
  const blocked = missing.length > 0 || (mode === 'code' && (!parsed.ok || problems.length > 0));
  const switchTo = (next: Mode) => {
    // Invalid YAML is ignored (spec 002 §4): the form keeps the last spec that parsed.
    if (next === 'form' && parsed.ok) setSpec(parsed.spec);
    if (next === 'code') setYaml(stringify(spec, { lineWidth: 0 }));
    setMode(next);
  };
  const modes = codeOnly
    ? [{ key: 'code' as const, label: 'Code' }]
    : [
        { key: 'form' as const, label: 'Form' },
        { key: 'code' as const, label: 'Code' },
      ];
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        const current = mode === 'code' && parsed.ok ? parsed.spec : spec;
        if (blocked) return;
        props.onSave({
          name: name.trim(),
          namespace: namespace.trim() || 'default',
          spec: current,
        });
      }}
    >
      <div className="grid gap-4 md:grid-cols-2">
        <FormField
          label="Name"
          htmlFor="scraper-name"
          error={touched && name.trim() === '' ? 'Name is required' : undefined}
        >
          <input
            {...controlProps('scraper-name', touched && name.trim() === '')}
            value={name}
            disabled={isEdit || readOnly}
            onChange={(e) => setName(e.target.value)}
          />
        </FormField>
        <FormField label="Namespace" htmlFor="scraper-namespace">
          <input
            id="scraper-namespace"
            className={inputClassName}
            value={namespace}
            disabled={isEdit || readOnly}
            onChange={(e) => setNamespace(e.target.value)}
          />
        </FormField>
      </div>
      <TabList
        label={`${type.label} scraper`}
        idPrefix="scraper-editor"
        items={modes}
        selected={mode}
        onSelect={switchTo}
      />
      <TabPanel
        idPrefix="scraper-editor"
        tabKey="form"
        selected={mode === 'form'}
        className="space-y-4"
      >
        {mode === 'form' && (
          <div className="grid gap-4 md:grid-cols-2">
            {type.fields.map((field) => {
              const id = `scraper-${field.path.replace('.', '-')}`;
              const value = fieldText(spec, type, field);
              const error =
                touched && field.required && value.trim() === ''
                  ? 'This field is required'
                  : undefined;
              const change = (text: string) =>
                setSpec((current) => withFieldText(current, type, field, text));
              return (
                <FormField
                  key={field.path}
                  label={field.required ? `${field.label} *` : field.label}
                  htmlFor={id}
                  error={error}
                >
                  {field.kind === 'textarea' ? (
                    <textarea
                      {...controlProps(id, error !== undefined)}
                      className={textareaClassName}
                      rows={4}
                      value={value}
                      disabled={readOnly}
                      placeholder={field.placeholder}
                      onChange={(e) => change(e.target.value)}
                    />
                  ) : (
                    <input
                      {...controlProps(id, error !== undefined)}
                      value={value}
                      disabled={readOnly}
                      placeholder={field.placeholder}
                      onChange={(e) => change(e.target.value)}
                    />
                  )}
                </FormField>
              );
            })}
          </div>
        )}
      </TabPanel>
      <TabPanel
        idPrefix="scraper-editor"
        tabKey="code"
        selected={mode === 'code'}
        className="space-y-2"
      >
        {mode === 'code' && (
          <>
            <LazyYamlEditor
              value={yaml}
              onChange={setYaml}
              schema={specSchemaOf(schema.data)}
              readOnly={readOnly}
              label="Scraper spec"
              onProblems={setProblems}
            />
            {!readOnly && (
              <EditorProblems
                yamlProblem={parsed.ok ? null : { message: parsed.message, line: parsed.line }}
                schemaProblems={problems}
              />
            )}
          </>
        )}
      </TabPanel>
      {props.error !== null && (
        <p role="alert" className="text-sm text-unhealthy">
          {props.error}
        </p>
      )}
      {touched && missing.length > 0 && (
        <p role="alert" className="text-sm text-unhealthy">
          Required: {missing.join(', ')}
        </p>
      )}
      <div className="flex items-center justify-between gap-2 border-t border-border pt-4">
        <div className="flex items-center gap-3">
          <Button variant="ghost" onClick={props.onBack}>
            Back
          </Button>
          <LinkedTo source={props.source} agent={props.agent} />
        </div>
        {!readOnly && (
          <div className="flex gap-2">
            {props.onDelete && (
              <Button variant="danger" onClick={props.onDelete}>
                Delete
              </Button>
            )}
            <Button type="submit" variant="primary" disabled={props.pending}>
              {props.pending ? (isEdit ? 'Updating…' : 'Saving…') : isEdit ? 'Update' : 'Save'}
            </Button>
          </div>
        )}
      </div>
    </form>
  );
}
