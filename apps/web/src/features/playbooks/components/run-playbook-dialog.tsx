import type { PlaybookSpecView } from '@vigil/domain';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { markServerErrors } from '@/ui/server-field-errors.ts';
import { Skeleton } from '@/ui/skeleton.tsx';
import { targetFields, type PlaybookTarget } from '../api/playbook-keys.ts';
import { usePlaybookParamsQuery } from '../api/playbook-params-query.ts';
import { usePlaybookRowQuery } from '../api/playbooks-query.ts';
import { useRunPlaybook } from '../api/run-playbook.ts';
import { displayName } from '../model/categories.ts';
import { mergeValues, problemsOf, requestParams, type ParamValues } from '../model/param-values.ts';
import { targetKinds } from '../model/target.ts';
import { ParametersForm } from './parameters-form.tsx';
import { ResourcePicker } from './resource-picker.tsx';

export interface RunnablePlaybook {
  id: string;
  name: string;
  title?: string | null;
  /** Without it (a menu's list item) the dialog reads the spec for the resource picker. */
  spec?: PlaybookSpecView | null | undefined;
}

export interface RunPlaybookDialogProps {
  playbook: RunnablePlaybook;
  /** The resource the dialog was opened on; the picker starts there. */
  target?: PlaybookTarget | undefined;
  /** A re-run starts from the earlier run's values. */
  initialParams?: Readonly<Record<string, unknown>> | null | undefined;
  onClose: () => void;
}

const paramPrefix = 'params.';

/** Spec 000 §2.5: pick the resource, fill the parameters, Run; then the run's page (§4). */
export function RunPlaybookDialog({
  playbook,
  target: opened,
  initialParams,
  onClose,
}: RunPlaybookDialogProps) {
  const navigate = useNavigate();
  const row = usePlaybookRowQuery(
    playbook.id,
    playbook.spec === undefined || playbook.spec === null,
  );
  const spec = playbook.spec ?? row.data?.spec;
  const kinds = spec === undefined ? [] : targetKinds(spec);
  const [target, setTarget] = useState<PlaybookTarget | undefined>(opened);
  const needsTarget = kinds.length > 0;
  // Opened on a resource, the parameters need not wait for the spec.
  const ready =
    (spec !== undefined || opened !== undefined) && (!needsTarget || target !== undefined);
  const params = usePlaybookParamsQuery(playbook.id, target, ready);
  const parameters = ready ? (params.data ?? []) : [];
  const [values, setValues] = useState<ParamValues>({});
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const run = useRunPlaybook();

  // Defaults are evaluated on the resource: a new evaluation refills what the user left alone.
  const [merged, setMerged] = useState<typeof params.data>(undefined);
  if (params.data !== undefined && params.data !== merged) {
    setMerged(params.data);
    setValues(mergeValues(params.data, values, edited, initialParams ?? {}));
  }

  const problems = problemsOf(parameters, values);
  const shown: Record<string, string> = {};
  for (const [name, message] of Object.entries(problems))
    if (touched.has(name)) shown[name] = message;
  Object.assign(shown, serverErrors);

  const change = (name: string, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setEdited((previous) => new Set(previous).add(name));
    setTouched((previous) => new Set(previous).add(name));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };
  const valid = Object.keys(problems).length === 0;
  const canRun =
    playbook.id !== '' &&
    ready &&
    params.isSuccess &&
    !params.isPlaceholderData &&
    valid &&
    !run.isPending;

  const submit = () => {
    run.mutate(
      { id: playbook.id, ...targetFields(target), params: requestParams(parameters, values) },
      {
        onSuccess: (answer) => {
          onClose();
          void navigate(`/playbooks/runs/${answer.run_id}`);
        },
        onError: (error) => {
          const names = new Set(parameters.map((parameter) => parameter.name));
          const marked = markServerErrors(
            error,
            (field) => {
              const name = field.startsWith(paramPrefix) ? field.slice(paramPrefix.length) : field;
              return names.has(name) ? name : undefined;
            },
            (name, message) => setServerErrors((previous) => ({ ...previous, [name]: message })),
          );
          if (!marked) toast.error(error.message);
        },
      },
    );
  };

  const title = displayName(playbook);
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title === '' ? 'Run Playbook' : title}
      description={spec?.description}
      size="medium"
      footer={
        <Button variant="primary" disabled={!canRun} onClick={submit}>
          {run.isPending ? 'Running...' : 'Run'}
        </Button>
      }
    >
      <form
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          if (canRun) submit();
        }}
      >
        {needsTarget && spec !== undefined && (
          <ResourcePicker
            playbookId={playbook.id}
            spec={spec}
            kinds={kinds}
            target={target}
            onChange={setTarget}
            disabled={run.isPending}
          />
        )}
        <section aria-labelledby="playbook-parameters-heading" className="space-y-3">
          <h3 id="playbook-parameters-heading" className="text-sm font-semibold">
            Playbook Parameters
          </h3>
          {!ready && spec !== undefined && (
            <p className="text-sm text-fg-muted">Please select a resource to see the parameters.</p>
          )}
          {spec === undefined && opened === undefined && row.isError && (
            <p role="alert" className="text-sm text-unhealthy">
              {row.error.message}
            </p>
          )}
          {ready && params.isPending && (
            <div
              role="status"
              aria-busy="true"
              aria-label="Loading the parameters"
              className="space-y-2"
            >
              <Skeleton className="h-9 w-full" />
              <Skeleton className="h-9 w-full" />
            </div>
          )}
          {ready && params.isError && (
            <p role="alert" className="text-sm text-unhealthy">
              {params.error.message}
            </p>
          )}
          {ready && params.isSuccess && parameters.length === 0 && (
            <p className="text-sm text-fg-muted">No parameters for this playbook.</p>
          )}
          {ready && parameters.length > 0 && (
            <ParametersForm
              parameters={parameters}
              values={values}
              errors={shown}
              disabled={run.isPending}
              onChange={change}
              onBlur={(name) => setTouched((previous) => new Set(previous).add(name))}
            />
          )}
        </section>
      </form>
    </Dialog>
  );
}
