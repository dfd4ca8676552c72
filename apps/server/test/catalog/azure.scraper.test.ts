import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScrapeSpec } from '../../src/modules/catalog/scrape-spec/scrape-config.ts';
import { createTestDatabase, type TestDatabase } from '../database.ts';
import { armRoutes, rgId, subscription, vmId } from './azure-fixtures.ts';
import { startFakeAzureApi, type FakeAzureApi } from './fake-azure-api.ts';
import { openedConnection } from './scrape-context.ts';
import { scrapeRunHarness } from './scrape-run-harness.ts';

const secret = 'azure-client-secret-do-not-leak';
let database: TestDatabase;
let azure: FakeAzureApi;
let harness: Awaited<ReturnType<typeof scrapeRunHarness>>;
const entry = {
  connection: 'connection://default/azure',
  subscriptionID: subscription,
  exclusions: {
    activityLogs: ['Microsoft.ContainerService/managedClusters/listClusterUserCredential/action'],
  },
};

beforeAll(async () => {
  database = await createTestDatabase();
  azure = await startFakeAzureApi();
  armRoutes(azure);
  harness = await scrapeRunHarness(database, {
    'connection://default/azure': openedConnection({
      type: 'azure',
      url: azure.url,
      username: 'app-id',
      password: secret,
      certificate: azure.ca,
      properties: { tenant: 'tenant-1', authorityHost: azure.url },
    }),
    'connection://default/web': openedConnection({ url: azure.url, password: secret }),
  });
});

afterAll(async () => {
  await azure.close();
  await harness.close();
  await database.drop();
});

describe('azure spec', () => {
  it.each([
    [{ ...entry, organisation: 'x' }, 'spec.azure[0].organisation', 'is not a known field'],
    [{ connection: entry.connection }, 'spec.azure[0].subscriptionID', expect.any(String)],
    [
      { ...entry, include: ['vms'] },
      'spec.azure[0].include[0]',
      expect.stringContaining('is not one of'),
    ],
  ])('refuses a bad entry naming the field (%#)', (bad, field, message) => {
    expect(parseScrapeSpec({ azure: [bad] })).toEqual({ ok: false, field, message });
  });

  it('accepts config-db fields', () => {
    const spec = { azure: [{ ...entry, include: ['virtualMachines', '!advisor'], tenantID: 't' }] };
    expect(parseScrapeSpec(spec)).toMatchObject({ ok: true });
  });
});

describe('an azure scraper through the real ingest', () => {
  it('stores resources, their resource group links, activity-log changes and Advisor insights', async () => {
    const id = await harness.scraper('azure', { azure: [entry] });
    azure.calls.length = 0;
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });

    const token = azure.calls.filter((call) => call.path.includes('oauth2'));
    expect(token).toMatchObject([
      {
        method: 'POST',
        path: '/tenant-1/oauth2/v2.0/token',
        form: expect.objectContaining({
          client_id: 'app-id',
          client_secret: secret,
          grant_type: 'client_credentials',
          scope: `${azure.url}/.default`,
        }),
      },
    ]);
    const arm = azure.calls.filter((call) => call.path.startsWith('/subscriptions/'));
    expect(arm.map((call) => [call.path, call.query['api-version'], call.authorization])).toEqual(
      [
        ['resourcegroups', '2021-04-01'],
        ['providers/Microsoft.Compute/virtualMachines', '2024-07-01'],
        ['providers/Microsoft.Compute/virtualMachines', '2024-07-01'],
        ['providers/Microsoft.Network/virtualNetworks', '2024-05-01'],
        ['providers/Microsoft.ContainerService/managedClusters', '2024-09-01'],
        ['providers/Microsoft.Storage/storageAccounts', '2023-05-01'],
        ['providers/Microsoft.Insights/eventtypes/management/values', '2015-04-01'],
        ['providers/Microsoft.Advisor/recommendations', '2023-01-01'],
      ].map(([path, version]) => [
        `/subscriptions/${subscription}/${path}`,
        version,
        `Bearer ${azure.accessToken}`,
      ]),
    );
    expect(arm[2]?.query.$skiptoken).toBe('page2');
    const activity = arm[6]?.query ?? {};
    expect(activity.$filter).toMatch(/^eventTimestamp ge '\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ'$/);
    expect(activity.$select).toContain('resourceType');
    expect(JSON.stringify(arm)).not.toContain(secret);

    const items = await harness.items(id);
    expect(items.map((item) => [item.name, item.type])).toEqual([
      ['Prod-RG', 'Azure::Microsoft.Resources/resourceGroups'],
      ['aks-1', 'Azure::Microsoft.ContainerService/managedClusters'],
      ['core-vnet', 'Azure::Microsoft.Network/virtualNetworks'],
      ['prodlogs', 'Azure::Microsoft.Storage/storageAccounts'],
      ['web-1', 'Azure::Microsoft.Compute/virtualMachines'],
      ['web-2', 'Azure::Microsoft.Compute/virtualMachines'],
    ]);
    const { rows: stored } = await database.db.pool.query<{
      name: string;
      external_id: string[];
      config_class: string;
      tags: Record<string, string>;
    }>(
      `select name, external_id, config_class, tags from config_items
        where scraper_id = $1 and name in ('Prod-RG', 'web-1') order by name`,
      [id],
    );
    expect(stored).toEqual([
      {
        name: 'Prod-RG',
        external_id: [rgId.toLowerCase()],
        config_class: 'ResourceGroup',
        tags: { subscriptionID: subscription },
      },
      {
        name: 'web-1',
        external_id: [vmId('web-1').toLowerCase()],
        config_class: 'VirtualMachine',
        tags: { subscriptionID: subscription, resourceGroup: 'prod-rg' },
      },
    ]);
    const vnet = items.find((item) => item.name === 'core-vnet');
    expect(JSON.stringify(vnet?.config)).not.toContain('etag');
    expect(vnet?.config).toMatchObject({ properties: { subnets: [{ name: 'default' }] } });

    const { rows: links } = await database.db.pool.query<{ parent: string; child: string }>(
      `select p.name as parent, c.name as child, r.relation from config_relationships r
         join config_items p on p.id = r.config_id join config_items c on c.id = r.related_id
        where p.scraper_id = $1 and r.relation <> 'alias' order by c.name`,
      [id],
    );
    expect(links).toEqual(
      ['aks-1', 'core-vnet', 'prodlogs', 'web-1', 'web-2'].map((child) => ({
        parent: 'Prod-RG',
        child,
        relation: expect.stringMatching(/^ResourcegroupMicrosoft\./),
      })),
    );

    expect(await harness.changes(id)).toEqual([
      {
        change_type: 'Microsoft.Compute/virtualMachines/write',
        severity: 'info',
        summary: 'Create or Update Virtual Machine',
        external_change_id: 'corr-1',
      },
      {
        change_type: 'Microsoft.Network/virtualNetworks/delete',
        severity: 'high',
        summary: 'Delete Virtual Network',
        external_change_id: 'corr-2',
      },
    ]);
    const { rows: changeRows } = await database.db.pool.query<{ name: string; details: unknown }>(
      `select i.name, c.details from config_changes c join config_items i on i.id = c.config_id
        where i.scraper_id = $1 and c.external_change_id = 'corr-1'`,
      [id],
    );
    expect(changeRows).toMatchObject([
      {
        name: 'web-1',
        details: { timestamps: { succeeded: expect.any(String), started: expect.any(String) } },
      },
    ]);

    const { rows: insights } = await database.db.pool.query(
      `select i.name, a.analyzer, a.analysis_type, a.severity, a.status, a.source, a.message
         from config_analysis a join config_items i on i.id = a.config_id where i.scraper_id = $1`,
      [id],
    );
    expect(insights).toEqual([
      {
        name: 'web-1',
        analyzer: 'Right-size or shutdown underutilized virtual machines',
        analysis_type: 'cost',
        severity: 'high',
        status: 'open',
        source: 'Azure Advisor',
        message: expect.stringContaining('Right-size'),
      },
    ]);
    expect(JSON.stringify([await harness.lastJob(id), items])).not.toContain(secret);
  });

  it('asks only for the included kinds', async () => {
    const id = await harness.scraper('azure-vms', {
      azure: [{ ...entry, include: ['virtualMachines', 'resourceGroups'] }],
    });
    azure.calls.length = 0;
    expect(await harness.run(id)).toMatchObject({ status: 'SUCCESS' });
    const paths = azure.calls
      .filter((c) => c.path.startsWith('/subscriptions/'))
      .map((c) => c.path);
    expect(new Set(paths)).toEqual(
      new Set([
        `/subscriptions/${subscription}/resourcegroups`,
        `/subscriptions/${subscription}/providers/Microsoft.Compute/virtualMachines`,
      ]),
    );
  });
});

describe('azure failures', () => {
  async function failedRun(name: string, spec: unknown): Promise<unknown> {
    const id = await harness.scraper(name, { azure: [spec] });
    expect(await harness.run(id)).toMatchObject({ status: 'FAILED' });
    const job = await harness.lastJob(id);
    expect(JSON.stringify(job)).not.toContain(secret);
    return job.details?.errors;
  }

  it('fails with the ARM status when a list fails', async () => {
    const path = `/subscriptions/${subscription}/providers/Microsoft.Storage/storageAccounts`;
    const saved = azure.routes.get(path);
    azure.routes.set(path, () => ({
      status: 403,
      json: { error: { code: 'AuthorizationFailed' } },
    }));
    expect(await failedRun('azure-403', entry)).toEqual([
      expect.stringContaining(`azure: ${azure.url}${path} answered 403 AuthorizationFailed`),
    ]);
    if (saved) azure.routes.set(path, saved);
  });

  it('fails plainly when the token endpoint refuses the secret', async () => {
    azure.tokenAnswer = {
      status: 401,
      json: { error: 'invalid_client', error_description: 'AADSTS7000215: Invalid client secret.' },
    };
    const errors = await failedRun('azure-token', entry);
    azure.tokenAnswer = undefined;
    expect(errors).toEqual([expect.stringContaining(`azure: could not sign in at ${azure.url}`)]);
  });

  it('does not follow a nextLink to another host with the token', async () => {
    const path = `/subscriptions/${subscription}/providers/Microsoft.Network/virtualNetworks`;
    const saved = azure.routes.get(path);
    azure.routes.set(path, () => ({
      json: { value: [], nextLink: `https://elsewhere.example${path}?page=2` },
    }));
    expect(await failedRun('azure-next', entry)).toEqual([
      expect.stringContaining(`a nextLink points away from ${azure.url}`),
    ]);
    if (saved) azure.routes.set(path, saved);
  });

  it('names what is missing or not supported yet', async () => {
    expect(await failedRun('azure-bare', { subscriptionID: subscription, tenantID: 't' })).toEqual([
      'spec.azure[0] (azure): azure: clientID is required (or a connection)',
    ]);
    const web = { ...entry, connection: 'connection://default/web' };
    expect(await failedRun('azure-web', web)).toEqual([
      'spec.azure[0] (azure): azure: connection://default/web is a http connection',
    ]);
    expect(await failedRun('azure-db', { ...entry, include: ['databases'] })).toEqual([
      'spec.azure[0] (azure): azure: include databases is not supported yet',
    ]);
  });
});
