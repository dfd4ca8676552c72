/** Mention markup in comments (spec §2): `@[display](user:id)`. */
const mentionPattern = /@\[([^\]]*)\]\(user:([0-9a-fA-F-]{36})\)/g;

export interface Mention {
  readonly display: string;
  readonly id: string;
}

export function mentionsIn(comment: string): Mention[] {
  return [...comment.matchAll(mentionPattern)].map((match) => ({
    display: match[1] ?? '',
    id: match[2] ?? '',
  }));
}

export function mentionMarkup(display: string, id: string): string {
  return `@[${display}](user:${id})`;
}

/** Splits a comment into text and mention parts, for rendering. */
export function commentParts(
  comment: string,
): ({ kind: 'text'; text: string } | { kind: 'mention'; display: string; id: string })[] {
  const parts: (
    { kind: 'text'; text: string } | { kind: 'mention'; display: string; id: string }
  )[] = [];
  let last = 0;
  for (const match of comment.matchAll(mentionPattern)) {
    const start = match.index;
    if (start > last) parts.push({ kind: 'text', text: comment.slice(last, start) });
    parts.push({ kind: 'mention', display: match[1] ?? '', id: match[2] ?? '' });
    last = start + match[0].length;
  }
  if (last < comment.length) parts.push({ kind: 'text', text: comment.slice(last) });
  return parts;
}
