import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react';
import { cx, focusRing } from './class-names.ts';
import { setThemePreference, useThemePreference, type ThemePreference } from './theme.ts';

const choices: ReadonlyArray<{ value: ThemePreference; label: string; icon: LucideIcon }> = [
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
  { value: 'system', label: 'System', icon: Monitor },
];

/** Light, dark or the system's setting, kept for the given user. */
export function ThemeSwitch({ userId }: { userId: string | undefined }) {
  const preference = useThemePreference();
  return (
    <div role="radiogroup" aria-label="Theme" className="grid grid-cols-3 gap-1 px-2 py-1.5">
      {choices.map(({ value, label, icon: Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={preference === value}
          onClick={() => setThemePreference(value, userId)}
          className={cx(
            'flex items-center justify-center gap-1 rounded-md border px-1.5 py-1 text-xs',
            preference === value
              ? 'border-accent bg-accent text-accent-fg'
              : 'border-border bg-surface text-fg hover:bg-surface-muted',
            focusRing,
          )}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </button>
      ))}
    </div>
  );
}
