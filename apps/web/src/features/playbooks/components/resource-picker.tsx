import type { PlaybookSpecView } from '@vigil/domain';
import { useState } from 'react';
import { SegmentedControl } from '@/ui/segmented-control.tsx';
import type { PlaybookTarget } from '../api/playbook-keys.ts';
import { useResourceOptionsQuery } from '../api/resource-options-query.ts';
import { targetLabels, type TargetKind } from '../model/target.ts';
import { SearchSelect } from './search-select.tsx';

export interface ResourcePickerProps {
  playbookId: string;
  spec: PlaybookSpecView;
  kinds: readonly TargetKind[];
  target: PlaybookTarget | undefined;
  onChange: (target: PlaybookTarget | undefined) => void;
  disabled: boolean;
}

/** The resource a run acts on, among those the playbook's selectors allow (spec 000 §2.5). */
export function ResourcePicker(props: ResourcePickerProps) {
  const [chosenKind, setKind] = useState<TargetKind | undefined>(props.target?.kind);
  const kind = chosenKind ?? props.kinds[0] ?? 'config';
  const [search, setSearch] = useState('');
  const results = useResourceOptionsQuery(props.playbookId, props.spec, kind, search);
  const label = targetLabels[kind];
  return (
    <div className="space-y-2">
      {props.kinds.length > 1 && (
        <SegmentedControl
          label="Resource kind"
          options={props.kinds.map((value) => targetLabels[value])}
          value={targetLabels[kind]}
          onChange={(picked) => {
            setKind(props.kinds.find((value) => targetLabels[value] === picked));
            props.onChange(undefined);
          }}
        />
      )}
      <label htmlFor="playbook-target" className="block text-sm font-medium">
        {label}
      </label>
      <SearchSelect
        id="playbook-target"
        label={label}
        value={props.target?.kind === kind ? props.target.id : ''}
        options={(results.data ?? []).map((resource) => ({
          id: resource.id,
          name: resource.name ?? resource.id,
          detail: resource.type,
        }))}
        loading={results.isFetching}
        onSearch={setSearch}
        onChange={(id) => props.onChange(id === '' ? undefined : { kind, id })}
        disabled={props.disabled}
        required
      />
    </div>
  );
}
