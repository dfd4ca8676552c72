/** The text formats of the spec: each validates and reads the amount that min/max bound. */
interface TextFormat {
  readonly pattern: RegExp;
  readonly message: string;
  amount(text: string): number | undefined;
}

const byteUnits: Readonly<Record<string, number>> = {
  '': 1,
  k: 1e3,
  m: 1e6,
  g: 1e9,
  t: 1e12,
  p: 1e15,
  ki: 1024,
  mi: 1024 ** 2,
  gi: 1024 ** 3,
  ti: 1024 ** 4,
  pi: 1024 ** 5,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
};

export const formats: ReadonlyMap<string, TextFormat> = new Map<string, TextFormat>([
  [
    'dns1123',
    {
      // Lowercase alphanumeric segments joined by '-' and '.', at most 253 characters.
      pattern: /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/,
      message:
        "must consist of lowercase alphanumeric characters, '-' or '.', and start and end with an alphanumeric character",
      amount: () => undefined,
    },
  ],
  [
    'bytes',
    {
      pattern: /^\d+(\.\d+)?\s*(k|m|g|t|p|ki|mi|gi|ti|pi|kb|mb|gb|tb)?b?$/i,
      message: 'must be a size such as 512Mi, 1Gi or 1024',
      amount(text) {
        const match = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
        const unit = (match?.[2] ?? '').toLowerCase().replace(/b$/, '');
        const factor = byteUnits[unit] ?? byteUnits[`${unit}b`];
        return match && factor !== undefined ? Number(match[1]) * factor : undefined;
      },
    },
  ],
  [
    'millicores',
    {
      pattern: /^(\d+m|\d+(\.\d+)?)$/,
      message: 'must be CPU such as 500m or 1.5',
      amount: (text) => (text.endsWith('m') ? Number(text.slice(0, -1)) : Number(text) * 1000),
    },
  ],
]);

export function formatError(format: string, text: string): string | undefined {
  const found = formats.get(format);
  return found && !found.pattern.test(text.trim()) ? found.message : undefined;
}
