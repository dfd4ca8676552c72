import { mentionMarkup } from '@vigil/domain';
import { useState } from 'react';
import { cx, focusRing } from '@/ui/class-names.ts';
import { textareaClassName } from '@/ui/form-field.tsx';
import type { PersonRef } from '../api/incident-schemas.ts';

/** The '@word' being typed at the caret, if any. */
function mentionQuery(text: string, caret: number): { start: number; query: string } | undefined {
  const match = /(^|\s)@([^\s@[]*)$/.exec(text.slice(0, caret));
  if (!match) return undefined;
  return { start: caret - (match[2]?.length ?? 0) - 1, query: match[2] ?? '' };
}

export interface MentionInputProps {
  id: string;
  value: string;
  people: readonly PersonRef[];
  onChange: (value: string) => void;
  invalid: boolean;
}

/** A comment box where '@' offers people and inserts `@[name](user:id)` (spec 002 §2). */
export function MentionInput({ id, value, people, onChange, invalid }: MentionInputProps) {
  const [caret, setCaret] = useState(0);
  const typing = mentionQuery(value, caret);
  const matches = typing
    ? people.filter((p) => p.name.toLowerCase().includes(typing.query.toLowerCase())).slice(0, 6)
    : [];
  const pick = (person: PersonRef) => {
    if (!typing) return;
    const inserted = `${mentionMarkup(person.name, person.id)} `;
    const next = value.slice(0, typing.start) + inserted + value.slice(caret);
    onChange(next);
    setCaret(typing.start + inserted.length);
  };
  return (
    <div className="relative">
      <textarea
        id={id}
        rows={3}
        value={value}
        placeholder="Add a comment; type @ to mention someone"
        aria-invalid={invalid}
        className={textareaClassName}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
      />
      {matches.length > 0 && (
        <ul
          role="listbox"
          aria-label="Mention someone"
          className="absolute bottom-full left-0 z-10 mb-1 w-64 rounded-md border border-border bg-surface py-1 shadow-lg"
        >
          {matches.map((person) => (
            <li key={person.id} role="option" aria-selected="false">
              <button
                type="button"
                className={cx(
                  'w-full px-3 py-1.5 text-left text-sm hover:bg-surface-muted',
                  focusRing,
                )}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(person)}
              >
                {person.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
