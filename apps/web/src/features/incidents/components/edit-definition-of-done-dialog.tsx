import { definitionOfDoneScripts, evidenceTypeSchema } from '@vigil/domain';
import { useState } from 'react';
import { Button } from '@/ui/button.tsx';
import { Dialog } from '@/ui/dialog.tsx';
import { closeOnDismiss } from '@/ui/dialog-close.ts';
import { FormField, controlProps, textareaClassName } from '@/ui/form-field.tsx';
import { useUpdateEvidence } from '../api/evidence-mutations.ts';
import type { Evidence } from '../api/incident-schemas.ts';
import { evidenceLabel } from './contributing-factors-dialog.tsx';

/** The default script of an evidence type (spec 002 §9 shortcuts), or '' when it has none. */
export function defaultScript(type: string): string {
  const parsed = evidenceTypeSchema.safeParse(type);
  if (!parsed.success) return '';
  const scripts: Partial<Record<string, string>> = definitionOfDoneScripts;
  return scripts[parsed.data] ?? '';
}

/**
 * Edit of a definition-of-done item (spec 002 §2 per-item menu): its description and, for
 * evidence with a resource, the script that marks it done (an empty script clears it).
 */
export function EditDefinitionOfDoneDialog({
  evidence,
  onClose,
}: {
  evidence: Evidence;
  onClose: () => void;
}) {
  const update = useUpdateEvidence();
  const scripted = evidence.type !== 'comment';
  const [description, setDescription] = useState(evidence.description ?? evidenceLabel(evidence));
  const [script, setScript] = useState(evidence.script ?? defaultScript(evidence.type));
  const save = () =>
    void update
      .mutateAsync({
        id: evidence.id,
        patch: {
          description: description.trim(),
          ...(scripted ? { script: script.trim() === '' ? null : script.trim() } : {}),
        },
      })
      .then(onClose, () => undefined);
  return (
    <Dialog
      open
      onOpenChange={closeOnDismiss(onClose)}
      title="Edit definition of done"
      size="medium"
    >
      <form
        className="space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
      >
        <FormField label="Description" htmlFor="dod-edit-description">
          <input
            {...controlProps('dod-edit-description', false)}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
          />
        </FormField>
        {scripted && (
          <FormField label="Script (optional, CEL)" htmlFor="dod-edit-script">
            <textarea
              id="dod-edit-script"
              rows={3}
              className={textareaClassName}
              value={script}
              placeholder={defaultScript(evidence.type)}
              onChange={(event) => setScript(event.target.value)}
            />
          </FormField>
        )}
        <div className="flex justify-end gap-2 pt-2">
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="submit"
            variant="primary"
            disabled={update.isPending || description.trim() === ''}
          >
            {update.isPending ? 'Saving...' : 'Save'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
