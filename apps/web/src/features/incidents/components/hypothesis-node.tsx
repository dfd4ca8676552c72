import { childHypothesisType, hypothesisStatuses } from '@vigil/domain';
import { ChevronDown, ChevronRight, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import { useDeleteEvidence, useUpdateEvidence } from '../api/evidence-mutations.ts';
import {
  useCreateHypothesis,
  useDeleteHypothesis,
  useUpdateHypothesis,
} from '../api/hypothesis-mutations.ts';
import type { Comment } from '../api/incident-schemas.ts';
import type { HypothesisNode as Node } from '../model/hypothesis-tree.ts';
import { EvidenceList } from './evidence-list.tsx';
import { HypothesisComments } from './hypothesis-comments.tsx';
import { CreateHypothesisDialog, RemoveHypothesisDialog } from './hypothesis-dialogs.tsx';
import { compactSelectClassName, Options } from './select-options.tsx';
import { useDebouncedSave } from './use-debounced-save.ts';

const kinds = { root: 'Issue', factor: 'Potential Solution', solution: '' } as const;

/** One node of the action plan: title and status saved as you type, children below. */
export function HypothesisNodeView({
  node,
  canWrite,
  comments,
  depth = 0,
}: {
  node: Node;
  canWrite: boolean;
  /** Every comment of the incident and whether `?comments=true` opens them all. */
  comments: { readonly all: readonly Comment[]; readonly expanded: boolean };
  depth?: number;
}) {
  const { hypothesis } = node;
  const isRoot = hypothesis.type === 'root';
  const [open, setOpen] = useState(true);
  const [dialog, setDialog] = useState<'create' | 'remove'>();
  const update = useUpdateHypothesis();
  const create = useCreateHypothesis();
  const remove = useDeleteHypothesis();
  const updateEvidence = useUpdateEvidence();
  const deleteEvidence = useDeleteEvidence();
  const [status, setStatus] = useDebouncedSave(hypothesis.status, 200, (value) =>
    update.mutate({ id: hypothesis.id, status: value }),
  );
  const [title, setTitle] = useDebouncedSave(hypothesis.title ?? '', 1000, (value) =>
    update.mutate({ id: hypothesis.id, title: value }),
  );
  const childType = childHypothesisType(hypothesis.type);
  const expanded = isRoot || open;
  const name = hypothesis.title ?? '(no title)';
  return (
    <li className={cx('space-y-2', depth > 0 && 'border-l border-border pl-4')}>
      <div className="flex flex-wrap items-center gap-2">
        {!isRoot && (
          <Button
            variant="ghost"
            size="icon"
            label={open ? `Collapse ${name}` : `Expand ${name}`}
            onClick={() => setOpen(!open)}
          >
            {open ? (
              <ChevronDown aria-hidden="true" className="size-4" />
            ) : (
              <ChevronRight aria-hidden="true" className="size-4" />
            )}
          </Button>
        )}
        <span className="rounded bg-surface-muted px-1.5 text-[11px] text-fg uppercase">
          {hypothesis.type}
        </span>
        <input
          aria-label={`Title of ${hypothesis.type} ${name}`}
          value={title}
          readOnly={!canWrite}
          onChange={(event) => setTitle(event.target.value)}
          className={cx(
            inputClassName,
            'h-8 max-w-xl min-w-48 flex-1 basis-60 border-transparent bg-transparent font-medium hover:border-border',
          )}
        />
        <select
          aria-label={`Status of ${name}`}
          value={status}
          disabled={!canWrite}
          onChange={(event) => setStatus(event.target.value)}
          className={compactSelectClassName}
        >
          <Options values={hypothesisStatuses} />
        </select>
        {canWrite && childType !== undefined && (
          <Button size="sm" onClick={() => setDialog('create')}>
            <Plus aria-hidden="true" className="size-3.5" />
            {`Add ${kinds[hypothesis.type]}`}
          </Button>
        )}
        {canWrite && !isRoot && (
          <Button
            variant="ghost"
            size="icon"
            label={`Remove ${name}`}
            onClick={() => setDialog('remove')}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        )}
      </div>
      {expanded && (
        <div className="space-y-2 pl-2">
          <HypothesisComments
            comments={comments.all.filter((comment) => comment.hypothesis_id === hypothesis.id)}
            expanded={comments.expanded}
            title={name}
          />
          <EvidenceList
            evidences={hypothesis.evidences}
            canWrite={canWrite}
            onToggleDefinitionOfDone={(e) =>
              updateEvidence.mutate({
                id: e.id,
                patch: { definition_of_done: !e.definition_of_done },
              })
            }
            onDelete={(e) => deleteEvidence.mutate(e.id)}
          />
          {node.children.length > 0 && (
            <ul className="space-y-3">
              {node.children.map((child) => (
                <HypothesisNodeView
                  key={child.hypothesis.id}
                  node={child}
                  canWrite={canWrite}
                  comments={comments}
                  depth={depth + 1}
                />
              ))}
            </ul>
          )}
        </div>
      )}
      {dialog === 'create' && (
        <CreateHypothesisDialog
          kind={kinds[hypothesis.type]}
          pending={create.isPending}
          onClose={() => setDialog(undefined)}
          onCreate={(childTitle, childStatus) =>
            create.mutateAsync({
              incident_id: hypothesis.incident_id,
              parent_id: hypothesis.id,
              title: childTitle,
              status: childStatus,
            })
          }
        />
      )}
      {dialog === 'remove' && (
        <RemoveHypothesisDialog
          title={name}
          onClose={() => setDialog(undefined)}
          onDisprove={() => update.mutate({ id: hypothesis.id, status: 'disproven' })}
          onDelete={() => remove.mutate(hypothesis.id)}
        />
      )}
    </li>
  );
}
