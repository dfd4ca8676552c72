import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, textareaClassName } from '@/ui/form-field.tsx';
import { SegmentedControl } from '@/ui/segmented-control.tsx';
import { useCreateEvidence, useUpdateEvidence } from '../api/evidence-mutations.ts';
import type { Evidence, IncidentDetail } from '../api/incident-schemas.ts';
import { evidenceLabel } from './contributing-factors-dialog.tsx';
import { defaultScript } from './edit-definition-of-done-dialog.tsx';

type Mode = 'Automatic' | 'Manual';

function groupByType(evidences: readonly Evidence[]): [string, Evidence[]][] {
  const groups = new Map<string, Evidence[]>();
  for (const e of evidences) groups.set(e.type, [...(groups.get(e.type) ?? []), e]);
  return [...groups];
}

/** The add wizard (spec 002 §4): Automatic picks evidence and a script, Manual adds a comment. */
export function AddDefinitionOfDoneDialog({
  incident,
  onClose,
}: {
  incident: IncidentDetail;
  onClose: () => void;
}) {
  const [mode, setMode] = useState<Mode>('Manual');
  const [step, setStep] = useState<'select' | 'script'>('select');
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [script, setScript] = useState('');
  const [comment, setComment] = useState('');
  const create = useCreateEvidence();
  const update = useUpdateEvidence();
  const pending = create.isPending || update.isPending;
  const candidates = incident.hypotheses
    .flatMap((h) => h.evidences)
    .filter((e) => !e.definition_of_done);
  const root = incident.hypotheses.find((h) => h.type === 'root');
  const toggle = (ids: readonly string[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    setChosen(next);
  };
  const addManual = () =>
    root &&
    void create
      .mutateAsync({
        hypothesisId: root.id,
        type: 'comment',
        description: comment.trim(),
        definition_of_done: true,
      })
      .then(onClose, () => undefined);
  const addAutomatic = () =>
    void Promise.all(
      [...chosen].map((id) =>
        update.mutateAsync({
          id,
          patch: { definition_of_done: true, ...(script.trim() ? { script: script.trim() } : {}) },
        }),
      ),
    ).then(onClose, () => undefined);
  const firstType = candidates.find((e) => chosen.has(e.id))?.type ?? '';
  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title="Add definition of done"
      size="medium"
    >
      <div className="space-y-3">
        <SegmentedControl<Mode>
          label="How"
          options={['Automatic', 'Manual']}
          value={mode}
          onChange={setMode}
        />
        {mode === 'Manual' ? (
          <FormField label="Comment" htmlFor="dod-comment">
            <textarea
              id="dod-comment"
              rows={3}
              className={textareaClassName}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </FormField>
        ) : step === 'select' ? (
          candidates.length === 0 ? (
            <p className="text-sm text-fg-muted">
              There are no evidences which are not part of definition of done
            </p>
          ) : (
            <div className="max-h-72 space-y-3 overflow-auto">
              {groupByType(candidates).map(([type, items]) => (
                <fieldset key={type} className="space-y-1">
                  <legend className="flex items-center gap-2 text-xs font-semibold text-fg-muted uppercase">
                    <input
                      type="checkbox"
                      aria-label={`Select all ${type}`}
                      checked={items.every((e) => chosen.has(e.id))}
                      onChange={(event) =>
                        toggle(
                          items.map((e) => e.id),
                          event.target.checked,
                        )
                      }
                    />
                    {type}
                  </legend>
                  {items.map((e) => (
                    <label key={e.id} className="flex items-center gap-2 pl-5 text-sm">
                      <input
                        type="checkbox"
                        checked={chosen.has(e.id)}
                        onChange={(event) => toggle([e.id], event.target.checked)}
                      />
                      {evidenceLabel(e)}
                    </label>
                  ))}
                </fieldset>
              ))}
            </div>
          )
        ) : (
          <FormField label="Script (optional, CEL)" htmlFor="dod-script">
            <textarea
              id="dod-script"
              rows={3}
              className={textareaClassName}
              value={script}
              placeholder={defaultScript(firstType)}
              onChange={(event) => setScript(event.target.value)}
            />
          </FormField>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button
            onClick={mode === 'Automatic' && step === 'script' ? () => setStep('select') : onClose}
          >
            {mode === 'Automatic' && step === 'script' ? 'Back' : 'Cancel'}
          </Button>
          {mode === 'Automatic' && step === 'select' ? (
            <Button
              variant="primary"
              disabled={chosen.size === 0}
              onClick={() => {
                setScript(defaultScript(firstType));
                setStep('script');
              }}
            >
              Next
            </Button>
          ) : (
            <Button
              variant="primary"
              disabled={pending || (mode === 'Manual' && comment.trim() === '')}
              onClick={mode === 'Manual' ? addManual : addAutomatic}
            >
              {pending ? 'Adding ...' : 'Add'}
            </Button>
          )}
        </div>
      </div>
    </Dialog>
  );
}
