import { asksForContributingFactors, incidentStatusSchema } from '@vigil/domain';
import { useState, type ReactNode } from 'react';
import { useUpdateEvidence } from '../api/evidence-mutations.ts';
import type { IncidentDetail } from '../api/incident-schemas.ts';
import { useUpdateIncident } from '../api/update-incident.ts';
import { ContributingFactorsDialog } from './contributing-factors-dialog.tsx';

export interface StatusWorkflow {
  /** Saves a status; mitigated and resolved first ask for contributing factors. */
  change: (status: string) => void;
  pending: boolean;
  dialog: ReactNode;
}

/** The status change of spec 002 §4, shared by the Close/Reopen toggle and the Details select. */
export function useStatusWorkflow(incident: IncidentDetail): StatusWorkflow {
  const update = useUpdateIncident(incident.id);
  const updateEvidence = useUpdateEvidence();
  const [asking, setAsking] = useState<string>();
  const save = (status: string) => {
    setAsking(undefined);
    update.mutate({ status });
  };
  const change = (status: string) => {
    const parsed = incidentStatusSchema.safeParse(status);
    if (parsed.success && asksForContributingFactors(parsed.data)) setAsking(status);
    else save(status);
  };
  const evidences = incident.hypotheses.flatMap((h) => h.evidences);
  const dialog =
    asking === undefined ? null : (
      <ContributingFactorsDialog
        evidences={evidences}
        pending={update.isPending || updateEvidence.isPending}
        onCancel={() => setAsking(undefined)}
        onSkip={() => save(asking)}
        onSubmit={(ids) =>
          void Promise.all(
            ids.map((id) =>
              updateEvidence.mutateAsync({ id, patch: { definition_of_done: true } }),
            ),
          ).then(
            () => save(asking),
            () => setAsking(undefined),
          )
        }
      />
    );
  return { change, pending: update.isPending, dialog };
}
