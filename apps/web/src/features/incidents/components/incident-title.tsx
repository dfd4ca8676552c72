import { Check, Pencil, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/ui/button.tsx';
import { cx } from '@/ui/class-names.ts';
import { inputClassName } from '@/ui/form-field.tsx';

export interface IncidentTitleProps {
  title: string;
  canWrite: boolean;
  onSave: (title: string) => void;
}

/** The breadcrumb 'Incidents' and the inline-editable title (spec 002 §2). */
export function IncidentTitle({ title, canWrite, onSave }: IncidentTitleProps) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(title);
  const save = () => {
    const trimmed = text.trim();
    if (trimmed !== '' && trimmed !== title) onSave(trimmed);
    setEditing(false);
  };
  return (
    <div className="flex min-w-0 items-center gap-2 text-lg">
      <Link to="/incidents" className="text-fg-muted hover:underline">
        Incidents
      </Link>
      <span aria-hidden="true" className="text-fg-muted">
        /
      </span>
      {editing ? (
        <form
          className="flex min-w-0 flex-1 items-center gap-1"
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
        >
          <input
            aria-label="Incident title"
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
            className={cx(inputClassName, 'max-w-xl')}
          />
          <Button type="submit" variant="ghost" size="icon" label="Save title">
            <Check aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            label="Cancel editing"
            onClick={() => setEditing(false)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </form>
      ) : (
        <>
          <h1 className="truncate font-semibold">{title}</h1>
          {canWrite && (
            <Button
              variant="ghost"
              size="icon"
              label="Edit title"
              onClick={() => {
                setText(title);
                setEditing(true);
              }}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
          )}
        </>
      )}
    </div>
  );
}
