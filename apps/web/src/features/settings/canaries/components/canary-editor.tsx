import type { JSONSchema7 } from 'json-schema';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { TabList, TabPanel, tabId, tabPanelId, useUrlTab } from '@/ui/tabs.tsx';
import { cx, focusRing } from '@/ui/class-names.ts';
import { useSaveCanary } from '../api/save-canary.ts';
import { formValuesFrom, type CanaryFormValues } from '../model/canary-form-values.ts';
import { rowFromResource, type CanaryResource } from '../model/canary-resource.ts';
import { scheduleProblems } from '../model/schedule-problems.ts';
import type { CheckForm } from '../model/check-form.ts';
import { CanaryFields } from './canary-fields.tsx';
import { CheckFormFields } from './check-form-fields.tsx';
import { DeleteCanaryButton } from './delete-canary-button.tsx';
import { EditorProblems, yamlBlockingMessage, yamlProblemsId } from './editor-problems.tsx';
import { LazyYamlEditor } from './lazy-yaml-editor.tsx';
import { placeServerError } from './server-error.ts';
import { useCanaryDraft } from './use-canary-draft.ts';
import type { SchemaProblem } from './yaml-editor.tsx';

export interface CanaryEditorProps {
  initial: CanaryResource;
  form: CheckForm | undefined;
  /** Set when editing a saved canary. */
  canaryId: string | undefined;
  readOnly: boolean;
  schema: JSONSchema7 | undefined;
  onDone: () => void;
}

const editorTabs = 'canary-editor';
const editorTabItems = [
  { key: 'form', label: 'Form' },
  { key: 'yaml', label: 'YAML' },
] as const;
type EditorTab = (typeof editorTabItems)[number]['key'];
const bothTabs: readonly EditorTab[] = ['form', 'yaml'];
/** A check type without a form is edited as YAML only. */
const yamlOnly: readonly EditorTab[] = ['yaml'];

const formProblemMessage = 'Some fields of the Form tab are not valid; fix them before saving.';

/** Form and YAML views of one canary, kept in step, with Save/Update, Delete and Back. */
export function CanaryEditor({
  initial,
  form,
  canaryId,
  readOnly,
  schema,
  onDone,
}: CanaryEditorProps) {
  const isEdit = canaryId !== undefined;
  const methods = useForm<CanaryFormValues>({
    defaultValues: formValuesFrom(initial, form),
    mode: 'onTouched',
  });
  const { register, handleSubmit, setError, control, formState } = methods;
  const draft = useCanaryDraft(initial, form, methods, isEdit);
  const save = useSaveCanary();
  const { selected: tab, select: setTab } = useUrlTab(
    'editor',
    form === undefined ? yamlOnly : bothTabs,
  );
  const [schemaProblems, setSchemaProblems] = useState<SchemaProblem[]>([]);
  // What the last Save said, about the text it was given: an edit makes it stale.
  const [submitError, setSubmitError] = useState<{ message: string; yaml: string } | null>(null);
  const [saveBlocked, setSaveBlocked] = useState(false);
  const schedule = useWatch({ control, name: 'schedule' });
  const yamlBlocks = yamlBlockingMessage(draft.yamlProblem, schemaProblems);
  // In the YAML view the problems are listed under the editor, so Save waits for them to go.
  // In the Form view Save first shows the form's own messages, then the YAML's.
  const editingYaml = form === undefined || tab === 'yaml';

  const resourceProblem = (resource: CanaryResource): string | null => {
    if (resource.metadata.name === '') return 'metadata.name is required';
    const moved =
      resource.metadata.name !== initial.metadata.name ||
      resource.metadata.namespace !== initial.metadata.namespace;
    if (isEdit && moved) return 'metadata.name and namespace cannot change once the canary exists';
    return null;
  };

  const submit = handleSubmit(
    async () => {
      setSaveBlocked(yamlBlocks !== null);
      const problem = yamlBlocks === null ? resourceProblem(draft.current()) : null;
      setSubmitError(problem === null ? null : { message: problem, yaml: draft.yaml });
      // Said in the alert beside Save, on whichever tab is open: the view never jumps.
      if (yamlBlocks !== null || problem !== null) return;
      try {
        await save.mutateAsync({ id: canaryId, row: rowFromResource(draft.current()) });
        onDone();
      } catch (error) {
        const placed = placeServerError(error, form);
        setSubmitError({ message: placed.message, yaml: draft.yaml });
        if (placed.target !== undefined) {
          const focus = { shouldFocus: tab === 'form' };
          setError(placed.target, { type: 'server', message: placed.short }, focus);
        }
      }
    },
    () => {
      if (tab === 'yaml') setSubmitError({ message: formProblemMessage, yaml: draft.yaml });
    },
  );
  // A blocked save says why for as long as the reason lasts.
  if (saveBlocked && yamlBlocks === null) setSaveBlocked(false);
  const shownError = saveBlocked
    ? yamlBlocks
    : submitError?.yaml === draft.yaml
      ? submitError.message
      : null;
  const saveDisabled = save.isPending || (editingYaml && yamlBlocks !== null);

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="space-y-4">
      {form !== undefined && (
        <TabList
          label="Editor"
          idPrefix={editorTabs}
          items={editorTabItems}
          selected={tab ?? 'form'}
          onSelect={setTab}
        />
      )}
      {form !== undefined && (
        <TabPanel idPrefix={editorTabs} tabKey="form" selected={tab === 'form'}>
          <fieldset disabled={readOnly} className="space-y-4">
            <CanaryFields
              register={register}
              control={control}
              errors={formState.errors}
              isEdit={isEdit}
              readOnly={readOnly}
              currentName={initial.metadata.name}
              currentSchedule={schedule}
            />
            <CheckFormFields
              form={form}
              control={control}
              register={register}
              errors={formState.errors}
            />
          </fieldset>
        </TabPanel>
      )}
      <div
        {...(form === undefined
          ? {}
          : {
              role: 'tabpanel',
              id: tabPanelId(editorTabs, 'yaml'),
              'aria-labelledby': tabId(editorTabs, 'yaml'),
              tabIndex: 0,
            })}
        hidden={tab !== 'yaml'}
        className="space-y-2"
      >
        <LazyYamlEditor
          value={draft.yaml}
          onChange={draft.onYamlChange}
          schema={schema}
          readOnly={readOnly}
          label="Canary YAML"
          onProblems={setSchemaProblems}
          check={scheduleProblems}
        />
        <EditorProblems yamlProblem={draft.yamlProblem} schemaProblems={schemaProblems} />
      </div>
      {shownError !== null && (
        <p
          role="alert"
          className="rounded-md border border-unhealthy/40 bg-unhealthy/5 p-2 text-sm text-unhealthy"
        >
          {shownError}
        </p>
      )}
      <div className="flex items-center gap-2 border-t border-border pt-4">
        {isEdit && !readOnly && (
          <DeleteCanaryButton id={canaryId} name={initial.metadata.name} onDeleted={onDone} />
        )}
        <div className="ml-auto flex gap-2">
          <Link
            to="/settings/canaries"
            className={cx(
              'inline-flex h-9 items-center rounded-md border border-border px-3 text-sm font-medium hover:bg-surface-muted',
              focusRing,
            )}
          >
            Back
          </Link>
          {!readOnly && (
            <Button
              type="submit"
              variant="primary"
              disabled={saveDisabled}
              aria-describedby={yamlBlocks === null ? undefined : yamlProblemsId}
            >
              {save.isPending ? (isEdit ? 'Updating…' : 'Saving…') : isEdit ? 'Update' : 'Save'}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
