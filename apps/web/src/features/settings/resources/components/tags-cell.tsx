/** The first tag, and '+N more' with the rest on hover (spec 002 §2). */
export function TagsCell({ labels }: { labels: Record<string, string> | null | undefined }) {
  const tags = Object.entries(labels ?? {}).map(([key, value]) => `${key}: ${value}`);
  const [first] = tags;
  if (first === undefined) return null;
  return (
    <span className="flex items-center gap-1 whitespace-nowrap">
      <span className="rounded bg-surface-muted px-1.5 py-0.5 text-xs">{first}</span>
      {tags.length > 1 && (
        <span className="text-xs text-fg-muted" title={tags.slice(1).join(', ')}>
          +{tags.length - 1} more
        </span>
      )}
    </span>
  );
}
