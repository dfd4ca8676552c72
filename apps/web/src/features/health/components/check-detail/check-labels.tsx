export function CheckLabels({ labels }: { labels: Readonly<Record<string, string>> }) {
  const entries = Object.entries(labels).sort(([a], [b]) => a.localeCompare(b));
  if (entries.length === 0) return null;
  return (
    <ul aria-label="Labels" className="flex flex-wrap gap-1.5">
      {entries.map(([key, value]) => (
        <li
          key={key}
          className="rounded-full border border-border bg-surface px-2 py-0.5 text-xs text-fg"
        >
          <span className="text-fg-muted">{key}:</span> {value}
        </li>
      ))}
    </ul>
  );
}
