/** One field of a scraper's structured form, at a dotted path inside its spec entry. */
export interface ScraperField {
  readonly path: string;
  readonly label: string;
  /** Spec 002 §5 "Required by form type". */
  readonly required?: boolean;
  readonly kind?: 'text' | 'textarea' | 'list';
  readonly placeholder?: string;
}

/**
 * A catalog scraper type of the Add Integration modal (spec 002 §4): its ScrapeConfig spec
 * key, its form fields and the entry a new one starts from. Without fields it is code only.
 */
export interface ScraperFormType {
  readonly specKey: string;
  readonly label: string;
  readonly fields: readonly ScraperField[];
  readonly template: Readonly<Record<string, unknown>>;
  /** Spec 002 §9: the Kubernetes scraper defaults to @every 30m. */
  readonly schedule?: string;
}

export function defineScraperType(type: ScraperFormType): ScraperFormType {
  return type;
}
