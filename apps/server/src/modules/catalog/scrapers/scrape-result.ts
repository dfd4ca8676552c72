/**
 * What a scraper returns and what the ingest pipeline stores: the contract between the
 * scraper registry (one file per type) and `ingest/`. Field meanings follow config-db.
 */

export type ConfigHealth = 'healthy' | 'unhealthy' | 'warning' | 'unknown';
export type Severity = 'info' | 'low' | 'medium' | 'high' | 'critical' | 'warning' | 'blocker';

/** Points at a config item by its external id and type (`Provider::Kind`). */
export interface ConfigRef {
  externalId: string;
  type: string;
}

export interface ScrapedItem {
  /** The source's stable id; the item is keyed by it (with `aliases`) and `type`. */
  externalId: string;
  aliases?: string[];
  /** `Provider::Kind`, e.g. `Kubernetes::Pod`, `AWS::EC2::Instance`, `File::Config`. */
  type: string;
  /** The kind: stored as `config_class`. */
  configClass: string;
  name: string;
  namespace?: string;
  status?: string;
  health?: ConfigHealth;
  ready?: boolean;
  description?: string;
  /** The item's document, already transformed (exclude, mask) by the scraper's spec. */
  config: unknown;
  labels?: Record<string, string>;
  tags?: Record<string, string>;
  properties?: Array<Record<string, unknown>>;
  /** Hard parent: the ingest sets parent_id and path from it. */
  parent?: ConfigRef;
  createdAt?: Date;
  /** Set when the source reports the item gone. */
  deletedAt?: Date;
  deleteReason?: string;
  costPerMinute?: number;
  costTotal1d?: number;
  costTotal7d?: number;
  costTotal30d?: number;
}

export interface ScrapedChange {
  /** The config it belongs to; kept as an orphan until that item exists. */
  config: ConfigRef;
  /** Dedupes re-reported events (Kubernetes event uid, CloudTrail event id…). */
  externalChangeId?: string;
  changeType: string;
  severity?: Severity;
  source?: string;
  summary?: string;
  details?: unknown;
  patches?: unknown;
  diff?: string;
  createdBy?: string;
  createdAt?: Date;
}

export interface ScrapedAnalysis {
  config: ConfigRef;
  analyzer: string;
  analysisType:
    | 'cost'
    | 'availability'
    | 'performance'
    | 'security'
    | 'integration'
    | 'compliance'
    | 'technical_debt'
    | 'reliability'
    | 'recommendation'
    | 'other';
  severity?: Severity;
  summary?: string;
  message?: string;
  analysis?: unknown;
  source?: string;
  status?: 'open' | 'resolved' | 'silenced';
}

export interface ScrapedRelationship {
  config: ConfigRef;
  related: ConfigRef;
  relation?: string;
}

/** One scrape's output. `errors` fail the scrape's job history without deleting anything. */
export interface ScrapeResult {
  items: ScrapedItem[];
  changes: ScrapedChange[];
  analysis: ScrapedAnalysis[];
  relationships: ScrapedRelationship[];
  errors: string[];
}

/** Per type: what an ingest did. Job history stores it as `scrape_summary`. */
export interface ScrapeTypeSummary {
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  changes: number;
  errors: number;
}
export type ScrapeSummary = Record<string, ScrapeTypeSummary>;

export function emptyScrapeResult(): ScrapeResult {
  return { items: [], changes: [], analysis: [], relationships: [], errors: [] };
}
