import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { isManagedElsewhere } from '@/lib/managed-source.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { Button } from '@/ui/button.tsx';
import { ConfirmDialog } from '@/ui/confirm-dialog.tsx';
import { ErrorState } from '@/ui/error-state.tsx';
import { Skeleton } from '@/ui/skeleton.tsx';
import type { JSONSchema7 } from 'json-schema';
import { useDeletePlaybook } from '../api/delete-playbook.ts';
import {
  usePlaybookSchemaQuery,
  usePlaybookSpecQuery,
  type PlaybookSpecRow,
} from '../api/playbook-specs-query.ts';
import { PlaybookEditor } from '../components/playbook-editor.tsx';
import { newPlaybookSpec, specText } from '../model/playbook-yaml.ts';

const listPath = '/settings/playbooks';

/** Guarantee: the schema endpoint serves a JSON schema document; the editor ignores unknown keys. */
function isJsonSchema(value: unknown): value is JSONSchema7 {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function asJsonSchema(value: unknown): JSONSchema7 | undefined {
  return isJsonSchema(value) ? value : undefined;
}

/** /settings/playbooks/new: a new playbook from a starting spec. */
export function NewPlaybookPage() {
  usePageTitle('Add Playbook');
  const navigate = useNavigate();
  const schema = usePlaybookSchemaQuery();
  return (
    <section aria-labelledby="playbook-spec-heading" className="space-y-4">
      <h1 id="playbook-spec-heading" className="text-lg font-semibold">
        Add Playbook
      </h1>
      <div className="rounded-lg border border-border bg-surface p-4">
        <PlaybookEditor
          id={undefined}
          initialName=""
          initialNamespace="default"
          initialYaml={newPlaybookSpec}
          readOnly={false}
          schema={asJsonSchema(schema.data)}
          onDone={() => void navigate(listPath)}
        />
      </div>
    </section>
  );
}

/** /settings/playbooks/{id}: the spec editor, read only for playbooks managed elsewhere. */
export function EditPlaybookPage() {
  const { id = '' } = useParams();
  const row = usePlaybookSpecQuery(id);
  usePageTitle(row.data?.name ?? 'Playbook');
  return (
    <section aria-labelledby="playbook-spec-heading" className="space-y-4">
      {row.isPending && (
        <div role="status" aria-busy="true" aria-label="Loading the playbook" className="space-y-3">
          <Skeleton className="h-7 w-64" />
          <Skeleton className="h-96 w-full" />
        </div>
      )}
      {row.isError && (
        <ErrorState
          title="Could not load the playbook"
          message={row.error.message}
          onRetry={() => void row.refetch()}
        />
      )}
      {row.isSuccess && row.data === null && (
        <ErrorState title="Playbook not found" message={`No playbook has the id ${id}.`} />
      )}
      {row.isSuccess && row.data !== null && <LoadedSpec row={row.data} />}
    </section>
  );
}

function LoadedSpec({ row }: { row: PlaybookSpecRow }) {
  const navigate = useNavigate();
  const schema = usePlaybookSchemaQuery();
  const mayEdit = usePermission(['playbooks'], 'write');
  const managed = isManagedElsewhere(row.source);
  const [deleting, setDeleting] = useState(false);
  const remove = useDeletePlaybook();
  return (
    <>
      <h1 id="playbook-spec-heading" className="text-lg font-semibold">
        {row.name}
      </h1>
      {managed && (
        <p className="rounded-md border border-border bg-surface-muted p-2 text-sm text-fg-muted">
          Managed by {row.source}: read only here. Change it where it is defined.
        </p>
      )}
      <div className="rounded-lg border border-border bg-surface p-4">
        <PlaybookEditor
          id={row.id}
          initialName={row.name}
          initialNamespace={row.namespace ?? ''}
          initialYaml={specText(row.spec)}
          readOnly={managed || !mayEdit}
          schema={asJsonSchema(schema.data)}
          onDone={() => void navigate(listPath)}
          deleteButton={
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          }
        />
      </div>
      {deleting && (
        <ConfirmDialog
          title="Delete playbook"
          message={`Delete ${row.name}? Its runs stay in the history.`}
          pending={remove.isPending}
          onConfirm={async () => {
            await remove.mutateAsync({ id: row.id, name: row.name });
            void navigate(listPath);
          }}
          onClose={() => setDeleting(false)}
        />
      )}
    </>
  );
}
