import { ScrapeConfigError, defineScraperType, type ScrapeContext } from '../scraper-type.ts';
import { kubeHttpFrom, type KubeHttp } from './kube-http.ts';
import { listKind, resultOfLists, routesOf } from './kube-list.ts';
import { kubernetesEntry, type KubernetesEntry } from './kubernetes-entry.ts';

/**
 * `spec.kubernetes[]`: every kind of `watch` (the common kinds when unset) listed page by page;
 * objects become `Kubernetes::<Kind>` items keyed by uid, Events become changes. A continuous
 * watch after the list is `KubernetesWatch` (kube-watch.ts).
 */
export const kubernetesScraperType = defineScraperType({
  name: 'kubernetes',
  specKey: 'kubernetes',
  schema: kubernetesEntry,
  async scrape(ctx, entry) {
    const http = await clientFor(ctx, entry);
    const lists = [];
    for (const route of routesOf(entry)) {
      lists.push(await listKind(http, entry, route, ctx.signal));
    }
    return resultOfLists(entry, lists);
  },
});

/** The cluster of an entry: its kubeconfig, else its connection's, else the default kubeconfig. */
export async function clientFor(
  ctx: ScrapeContext,
  entry: Pick<KubernetesEntry, 'kubeconfig' | 'connection' | 'eks' | 'gke' | 'cnrm'>,
): Promise<KubeHttp> {
  if (entry.eks || entry.gke || entry.cnrm) {
    throw new ScrapeConfigError('kubernetes: eks, gke and cnrm connections are not supported yet');
  }
  const own = await ctx.resolveValue(entry.kubeconfig);
  if (own !== undefined && own.trim() !== '') return kubeHttpFrom(own.trim());
  if (entry.connection) {
    const saved = await ctx.connection(entry.connection);
    if (!saved.certificate) {
      throw new ScrapeConfigError(
        `${entry.connection} holds no kubeconfig (its certificate field)`,
      );
    }
    return kubeHttpFrom(saved.certificate);
  }
  return kubeHttpFrom(undefined);
}
