/** Spec 001 §2: an avatar stack shows at most 5 people or teams, then '+N'. */
export const avatarStackMax = 5;

function initials(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => word[0]?.toUpperCase() ?? '')
    .join('');
}

export function AvatarStack({ names, label }: { names: readonly string[]; label: string }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, avatarStackMax);
  const rest = names.length - shown.length;
  return (
    <ul aria-label={label} className="flex -space-x-1.5">
      {shown.map((name) => (
        <li
          key={name}
          title={name}
          aria-label={name}
          className="flex size-6 items-center justify-center rounded-full border-2 border-surface bg-surface-muted text-[0.625rem] font-semibold text-fg"
        >
          <span aria-hidden="true">{initials(name)}</span>
        </li>
      ))}
      {rest > 0 && (
        <li
          aria-label={`${rest} more`}
          className="flex size-6 items-center justify-center rounded-full border-2 border-surface bg-accent text-[0.625rem] font-semibold text-accent-fg"
        >
          +{rest}
        </li>
      )}
    </ul>
  );
}
