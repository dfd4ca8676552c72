import { z } from 'zod';
import type { ScrapedItem, ScrapedRelationship } from '../scrape-result.ts';

/** config-db's prefix: an item's type is `Azure::` and its ARM resource type. */
export const typePrefix = 'Azure::';
const resourceGroupArmType = 'Microsoft.Resources/resourceGroups';

/** One kind of ARM resource: its `include` name, list path, api-version and config class. */
export interface ResourceKind {
  readonly include: string;
  readonly armType: string;
  readonly configClass: string;
  readonly path: (subscriptionId: string) => string;
  readonly apiVersion: string;
}

const providerList = (armType: string) => (subscriptionId: string) =>
  `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/${armType}`;

/** The kinds scraped, in config-db's order (resource groups first). */
export const resourceKinds: readonly ResourceKind[] = [
  {
    include: 'resourceGroups',
    armType: resourceGroupArmType,
    configClass: 'ResourceGroup',
    path: (subscriptionId) => `/subscriptions/${encodeURIComponent(subscriptionId)}/resourcegroups`,
    apiVersion: '2021-04-01',
  },
  {
    include: 'virtualMachines',
    armType: 'Microsoft.Compute/virtualMachines',
    configClass: 'VirtualMachine',
    path: providerList('Microsoft.Compute/virtualMachines'),
    apiVersion: '2024-07-01',
  },
  {
    include: 'virtualNetworks',
    armType: 'Microsoft.Network/virtualNetworks',
    configClass: 'VirtualNetwork',
    path: providerList('Microsoft.Network/virtualNetworks'),
    apiVersion: '2024-05-01',
  },
  {
    include: 'k8s',
    armType: 'Microsoft.ContainerService/managedClusters',
    configClass: 'KubernetesCluster',
    path: providerList('Microsoft.ContainerService/managedClusters'),
    apiVersion: '2024-09-01',
  },
  {
    include: 'storageAccounts',
    armType: 'Microsoft.Storage/storageAccounts',
    configClass: 'StorageAccount',
    path: providerList('Microsoft.Storage/storageAccounts'),
    apiVersion: '2023-05-01',
  },
];

/** An ARM resource as every list answers it; the rest of the document is kept as is. */
export const armResource = z
  .object({ id: z.string().min(1), name: z.string().min(1), type: z.string().optional() })
  .loose();
export type ArmResource = z.infer<typeof armResource>;

const canonicalTypes = new Map(
  resourceKinds.map((kind) => [kind.armType.toLowerCase(), kind.armType]),
);

/**
 * `Azure::` and the ARM type. ARM and its activity log and Advisor spell a type in varying
 * case; the scraped kinds are spelt one way so their changes and insights find the item.
 */
export function itemType(armType: string): string {
  return `${typePrefix}${canonicalTypes.get(armType.toLowerCase()) ?? armType}`;
}

/** config-db's external id: the resource id in lower case (Advisor writes it so). */
export function armId(id: string): string {
  return id.trim().toLowerCase();
}

/** The resource group named in a resource id, lower-cased; undefined outside one. */
export function resourceGroupOf(id: string): string | undefined {
  const segments = armId(id).replace(/^\/+/, '').split('/');
  return segments.length >= 4 && segments[2] === 'resourcegroups' ? segments[3] : undefined;
}

export function resourceItem(
  kind: ResourceKind,
  subscriptionId: string,
  resource: ArmResource,
  config: unknown,
): ScrapedItem {
  const type = itemType(kind.armType);
  const group = kind.armType === resourceGroupArmType ? undefined : resourceGroupOf(resource.id);
  return {
    externalId: armId(resource.id),
    type,
    configClass: kind.configClass,
    name: resource.name,
    config,
    tags: { subscriptionID: subscriptionId, ...(group ? { resourceGroup: group } : {}) },
    properties: [
      {
        name: 'URL',
        icon: type,
        links: [{ label: 'Console', url: `https://portal.azure.com/#resource${resource.id}` }],
      },
    ],
  };
}

/** config-db relates each resource to its resource group (`Resourcegroup<ARM type>`). */
export function resourceGroupRelationship(
  subscriptionId: string,
  item: ScrapedItem,
): ScrapedRelationship | undefined {
  const group =
    item.type === itemType(resourceGroupArmType) ? undefined : resourceGroupOf(item.externalId);
  if (!group) return undefined;
  return {
    config: {
      type: itemType(resourceGroupArmType),
      externalId: armId(`/subscriptions/${subscriptionId}/resourcegroups/${group}`),
    },
    related: { type: item.type, externalId: item.externalId },
    relation: `Resourcegroup${item.type.slice(typePrefix.length)}`,
  };
}
