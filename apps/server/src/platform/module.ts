import type { FastifyInstance } from 'fastify';
import type { ExposedFunction, ExposedResource } from '../data-api/resource-definition.ts';
import type { WriteHook } from '../data-api/write-hooks.ts';
import type { EventConsumer } from '../modules/events/event-consumer.ts';
import type { Authenticator } from './http/actor.ts';
import type { PagePreload } from './http/static-web.ts';
import type { SearchProvider } from './search.ts';

/** A Fastify plugin registered under /api. */
export type RoutePlugin = (app: FastifyInstance) => Promise<void>;

/** A background loop that serve starts when workers are on and stops at shutdown. */
export interface Worker {
  /** Names the worker in shutdown logs. */
  readonly name: string;
  start(): void;
  stop(): void | Promise<void>;
}

/**
 * What an area contributes to the process. Each area declares one in its `<area>.module.ts`;
 * the composition root loops over the list, so adding an area never edits a shared file.
 */
export interface VigilModule {
  readonly name: string;
  readonly routes?: readonly RoutePlugin[];
  /** Tables and views at /api/db/{name}, with the permission objects checked before any SQL. */
  readonly resources?: readonly ExposedResource[];
  /** Functions at /api/db/rpc/{name}. */
  readonly functions?: readonly ExposedFunction[];
  /** Domain rules the data API runs inside a write's transaction, by resource name. */
  readonly writeHooks?: Readonly<Record<string, WriteHook>>;
  readonly workers?: readonly Worker[];
  /** Event consumers: the events module runs them as its workers. */
  readonly consumers?: readonly EventConsumer[];
  /** API answers the web's pages ask for first, preloaded with the page's HTML. */
  readonly pagePreloads?: readonly PagePreload[];
  /** What the console's search (/api/search, the command palette) finds in this area. */
  readonly search?: readonly SearchProvider[];
  /** Wraps the authenticator of the modules before it (agent tokens are recognised first). */
  readonly authenticate?: (next: Authenticator) => Authenticator;
}

/** Declares an area's contributions, checked against the contract where they are written. */
export function defineModule(module: VigilModule): VigilModule {
  return module;
}
