import { useMemo } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '@/lib/page-title.ts';
import { usePermission } from '@/lib/session/use-permission.ts';
import { UnauthorizedPage } from '@/lib/session/unauthorized-page.tsx';
import { isJsonSchema } from '../api/json-schema.ts';
import { useCanarySchemaQuery } from '../api/canary-schema-query.ts';
import { CanaryEditor } from '../components/canary-editor.tsx';
import { newCanaryResource } from '../model/canary-resource.ts';
import { canaryTypeById } from '../model/canary-types.ts';
import { checkFormFor } from '../model/check-form-registry.ts';

/** /settings/canaries/new?type={id}: a new canary of the type chosen in the picker. */
export function NewCanaryPage() {
  const [params] = useSearchParams();
  const type = canaryTypeById(params.get('type'));
  usePageTitle(`Add ${type?.label ?? ''} Health Check`);
  const navigate = useNavigate();
  const canWrite = usePermission(['canaries'], 'write');
  const schema = useCanarySchemaQuery();
  const initial = useMemo(() => (type === undefined ? undefined : newCanaryResource(type)), [type]);
  if (!canWrite) return <UnauthorizedPage />;
  if (type === undefined || initial === undefined)
    return <Navigate to="/settings/canaries" replace />;
  const form = type.specKey === type.id ? checkFormFor(type.specKey ?? undefined) : undefined;

  return (
    <section aria-labelledby="new-canary-heading" className="space-y-4">
      <h1 id="new-canary-heading" className="text-lg font-semibold">
        Add {type.label} Health Check
      </h1>
      <div className="rounded-lg border border-border bg-surface p-4">
        <CanaryEditor
          key={type.id}
          initial={initial}
          form={form}
          canaryId={undefined}
          readOnly={false}
          schema={isJsonSchema(schema.data) ? schema.data : undefined}
          onDone={() => void navigate('/settings/canaries')}
        />
      </div>
    </section>
  );
}
