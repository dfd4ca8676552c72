import type { FakeAzureApi } from './fake-azure-api.ts';

/** A small subscription as ARM, the activity log and Advisor answer it. */
export const subscription = 'sub-1234';
const sub = `/subscriptions/${subscription}`;
export const rgId = `${sub}/resourceGroups/Prod-RG`;
export const vmId = (name: string) => `${rgId}/providers/Microsoft.Compute/virtualMachines/${name}`;
export const vnetId = `${rgId}/providers/Microsoft.Network/virtualNetworks/core-vnet`;
export const aksId = `${rgId}/providers/Microsoft.ContainerService/managedClusters/aks-1`;
export const storageId = `${rgId}/providers/Microsoft.Storage/storageAccounts/prodlogs`;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

export function armRoutes(azure: FakeAzureApi): void {
  const list = (value: unknown[]) => () => ({ json: { value } });
  azure.routes.set(
    `${sub}/resourcegroups`,
    list([
      {
        id: rgId,
        name: 'Prod-RG',
        type: 'Microsoft.Resources/resourceGroups',
        location: 'westeurope',
        properties: { provisioningState: 'Succeeded' },
      },
    ]),
  );
  const vm = (name: string) => ({
    id: vmId(name),
    name,
    type: 'Microsoft.Compute/virtualMachines',
    location: 'westeurope',
    properties: { vmId: `vm-${name}`, hardwareProfile: { vmSize: 'Standard_B2s' } },
  });
  // Two pages: the second is reached through nextLink on the same endpoint.
  azure.routes.set(`${sub}/providers/Microsoft.Compute/virtualMachines`, (call) =>
    call.query.$skiptoken === 'page2'
      ? { json: { value: [vm('web-2')] } }
      : {
          json: {
            value: [vm('web-1')],
            nextLink: `${azure.url}${sub}/providers/Microsoft.Compute/virtualMachines?api-version=2024-07-01&$skiptoken=page2`,
          },
        },
  );
  azure.routes.set(
    `${sub}/providers/Microsoft.Network/virtualNetworks`,
    list([
      {
        id: vnetId,
        name: 'core-vnet',
        type: 'Microsoft.Network/virtualNetworks',
        etag: 'W/"1"',
        properties: {
          addressSpace: { addressPrefixes: ['10.0.0.0/16'] },
          subnets: [{ name: 'default', etag: 'W/"2"', properties: {} }],
        },
      },
    ]),
  );
  azure.routes.set(
    `${sub}/providers/Microsoft.ContainerService/managedClusters`,
    list([
      {
        id: aksId,
        name: 'aks-1',
        type: 'Microsoft.ContainerService/ManagedClusters',
        properties: { kubernetesVersion: '1.30.3', nodeResourceGroup: 'MC_Prod-RG_aks-1' },
      },
    ]),
  );
  azure.routes.set(
    `${sub}/providers/Microsoft.Storage/storageAccounts`,
    list([
      {
        id: storageId,
        name: 'prodlogs',
        type: 'Microsoft.Storage/storageAccounts',
        kind: 'StorageV2',
        sku: { name: 'Standard_LRS' },
      },
    ]),
  );
  azure.routes.set(
    `${sub}/providers/Microsoft.Insights/eventtypes/management/values`,
    list(activityEvents()),
  );
  azure.routes.set(
    `${sub}/providers/Microsoft.Advisor/recommendations`,
    list([
      {
        id: `${vmId('web-1')}/providers/Microsoft.Advisor/recommendations/r1`,
        name: 'r1',
        type: 'Microsoft.Advisor/recommendations',
        properties: {
          category: 'Cost',
          impact: 'High',
          impactedField: 'Microsoft.Compute/virtualMachines',
          impactedValue: 'web-1',
          resourceMetadata: { resourceId: vmId('web-1').toUpperCase() },
          shortDescription: {
            problem: 'Right-size or shutdown underutilized virtual machines',
            solution: 'Right-size or shutdown underutilized virtual machines',
          },
          metadata: { savingsAmount: 42 },
        },
      },
      {
        id: `${sub}/providers/Microsoft.Advisor/recommendations/r2`,
        name: 'r2',
        type: 'Microsoft.Advisor/recommendations',
        properties: { category: 'Security', impact: 'Low', shortDescription: { problem: 'x' } },
      },
    ]),
  );
}

function activityEvents(): unknown[] {
  const event = (fields: Record<string, unknown>) => ({
    level: 'Informational',
    resourceType: { value: 'microsoft.compute/virtualmachines' },
    ...fields,
  });
  const write = {
    value: 'Microsoft.Compute/virtualMachines/write',
    localizedValue: 'Create or Update Virtual Machine',
  };
  // Newest first, as the activity log answers.
  return [
    event({
      correlationId: 'corr-2',
      level: 'Error',
      eventTimestamp: minutesAgo(10),
      operationName: {
        value: 'Microsoft.Network/virtualNetworks/delete',
        localizedValue: 'Delete Virtual Network',
      },
      resourceId: vnetId.toUpperCase(),
      resourceType: { value: 'Microsoft.Network/virtualNetworks' },
      status: { value: 'Failed' },
    }),
    event({
      correlationId: 'corr-3',
      eventTimestamp: minutesAgo(20),
      operationName: {
        value: 'Microsoft.ContainerService/managedClusters/listClusterUserCredential/action',
      },
      resourceId: aksId,
      resourceType: { value: 'Microsoft.ContainerService/managedClusters' },
    }),
    event({
      correlationId: 'corr-1',
      eventTimestamp: minutesAgo(59),
      operationName: write,
      resourceId: vmId('web-1'),
      status: { value: 'Succeeded' },
    }),
    event({
      correlationId: 'corr-1',
      eventTimestamp: minutesAgo(61),
      operationName: write,
      resourceId: vmId('web-1'),
      status: { value: 'Started' },
    }),
  ];
}
