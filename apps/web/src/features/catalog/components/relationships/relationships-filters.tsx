import type { UrlValue } from '@/lib/url-state.ts';
import { cx, focusRing } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';
import type { RelationshipsUrlState } from '@/features/catalog/model/relationships-url-state.ts';

type Patch = Partial<Record<keyof RelationshipsUrlState, UrlValue>>;

function Choice(props: {
  label: string;
  value: string;
  options: ReadonlyArray<readonly [string, string]>;
  onChange: (value: string) => void;
}) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <span className="whitespace-nowrap text-fg-muted">{props.label}</span>
      <select
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className={cx(inputClassName, 'w-32')}
      >
        {props.options.map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** type_filter, relation, health and hideDeleted (spec 001 §2 Relationships). */
export function RelationshipsFilters({
  state,
  update,
}: {
  state: RelationshipsUrlState;
  update: (patch: Patch) => void;
}) {
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Choice
        label="Links"
        value={state.type_filter ?? 'all'}
        options={[
          ['all', 'All'],
          ['incoming', 'Incoming'],
          ['outgoing', 'Outgoing'],
        ]}
        onChange={(value) => update({ type_filter: value === 'all' ? undefined : value })}
      />
      <Choice
        label="Relation"
        value={state.relation ?? 'both'}
        options={[
          ['both', 'Both'],
          ['hard', 'Hard'],
        ]}
        onChange={(value) => update({ relation: value === 'both' ? undefined : value })}
      />
      <Choice
        label="Health"
        value={state.health ?? ''}
        options={[
          ['', 'All'],
          ['healthy', 'healthy'],
          ['unhealthy', 'unhealthy'],
          ['warning', 'warning'],
          ['unknown', 'unknown'],
        ]}
        onChange={(value) => update({ health: value })}
      />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={state.hideDeleted !== 'false'}
          onChange={(event) => update({ hideDeleted: event.target.checked ? undefined : 'false' })}
          className={cx('size-4 accent-accent', focusRing)}
        />
        Hide Deleted
      </label>
    </div>
  );
}
