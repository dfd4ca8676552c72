import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyRequest } from 'fastify';
import type pg from 'pg';
import { createDatabase, type Database } from './db.ts';
import { ApiError } from './errors.ts';

/**
 * Hosted mode (docs/adr/0011-organisation-isolation.md): each organisation's tables live in its
 * own schema, reached through its own pool whose connections pin `search_path`.
 */
interface Scope {
  db: Database | undefined;
  /** Names the organisation in keys of in-process caches shared by every request. */
  key: string;
}

const storage = new AsyncLocalStorage<Scope>();

/**
 * The current organisation's key for in-process caches ('' outside hosted mode), so an answer
 * cached for one organisation is never served to another.
 */
export function scopeKey(): string {
  return storage.getStore()?.key ?? '';
}

/** Hooks app.ts runs around each request, so area queries go to the caller's organisation. */
export interface RequestScope {
  /** onRequest, before the actor is known: later hooks and the handler run in the scope. */
  open(request: FastifyRequest, done: () => void): void;
  /** After the actor is known: queries now go to its organisation's database. */
  bind(request: FastifyRequest): void;
  /** preValidation: body parsing ran outside the scope; re-enter it for the handler. */
  resume(request: FastifyRequest, done: () => void): void;
}

export interface Tenancy {
  /** A database whose every query goes to the current scope's organisation; none: 503. */
  readonly db: Database;
  readonly requests: RequestScope;
  /** The organisation's own database, opened once per process. */
  readonly databaseOf: (organizationId: string) => Database;
  /** Runs fn with `db` bound to `target` (startup introspection reads the shared schema). */
  run<T>(target: Database, fn: () => T): T;
  /** Closes every organisation's pool. */
  close(): Promise<void>;
}

/** `org_` and the organisation's id without dashes; the organizations table checks the same. */
export function organizationSchema(organizationId: string): string {
  const schema = `org_${organizationId.replaceAll('-', '').toLowerCase()}`;
  if (!/^org_[0-9a-f]{32}$/.test(schema)) throw new Error('not an organisation id');
  return schema;
}

export function createTenancy(shared: Database): Tenancy {
  const scopes = new WeakMap<FastifyRequest, Scope>();
  const databases = new Map<string, Database>();
  const url = shared.pool.options.connectionString ?? '';
  const max = shared.pool.options.max ?? 10;

  const databaseOf = (organizationId: string): Database => {
    const known = databases.get(organizationId);
    if (known) return known;
    const searchPath = `${organizationSchema(organizationId)},public`;
    const opened = createDatabase(url, max, { searchPath });
    databases.set(organizationId, opened);
    return opened;
  };

  const current = (): Database => {
    const scope = storage.getStore();
    // A programming error: area data touched outside a request or an organisation's worker.
    if (!scope) throw new Error('organisation data used outside an organisation scope');
    if (!scope.db) throw new ApiError(503, 'provisioning', 'Organization provisioning in progress');

    return scope.db;
  };

  // Every member of pg.Pool is read from the scope's pool at the moment it is used.
  const pool = new Proxy<pg.Pool>(shared.pool, {
    get(_target, property) {
      const target = current().pool;
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      const bound: unknown = value.bind(target);
      return bound;
    },
  });
  const db: Database = {
    pool,
    transaction: (fn) => current().transaction(fn),
    prepared: (client, text, values) => shared.prepared(client, text, values),
    close: () => Promise.resolve(),
  };

  return {
    db,
    requests: {
      open(request, done) {
        const scope: Scope = { db: undefined, key: '-' };
        scopes.set(request, scope);
        storage.run(scope, done);
      },
      bind(request) {
        const scope = scopes.get(request);
        const organization = request.actor.organization;
        if (!scope) return;
        scope.db = organization ? databaseOf(organization) : undefined;
        scope.key = organization ?? '-';
      },
      resume(request, done) {
        storage.run(scopes.get(request) ?? { db: undefined, key: '-' }, done);
      },
    },
    databaseOf,
    run: (target, fn) => storage.run({ db: target, key: '-' }, fn),
    async close() {
      const open = [...databases.values()];
      databases.clear();
      await Promise.all(open.map((database) => database.close()));
    },
  };
}
