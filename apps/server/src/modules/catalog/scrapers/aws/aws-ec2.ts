import {
  DescribeInstancesCommand,
  DescribeSecurityGroupsCommand,
  DescribeSubnetsCommand,
  DescribeVpcsCommand,
  type EC2Client,
  type Instance,
  type SecurityGroup,
  type Subnet,
  type Vpc,
} from '@aws-sdk/client-ec2';
import type { ScrapeResult, ScrapedItem } from '../scrape-result.ts';
import { tagMap } from './aws-clients.ts';
import { plainData } from '../../../../platform/aws-sdk.ts';
import { excluded, includes, type AwsEntry } from './aws-entry.ts';

export const ec2InstanceType = 'AWS::EC2::Instance';
export const vpcType = 'AWS::EC2::VPC';
export const subnetType = 'AWS::EC2::Subnet';
export const securityGroupType = 'AWS::EC2::SecurityGroup';

interface Zone {
  zone: string;
  zoneId: string;
  region: string;
}

/** One region's EC2 reads, as config-db: subnets first, since instances take their zone. */
export interface Ec2Scrape {
  client: EC2Client;
  entry: AwsEntry;
  region: string;
  signal: AbortSignal;
  result: ScrapeResult;
}

/** The Name tag, else the id (config-db's getName). */
const nameOf = (tags: Record<string, string>, id: string) => tags.Name ?? id;

/** Labels are the AWS tags without Name (config-db deletes it), plus the given extras. */
function labelsOf(tags: Record<string, string>, extra: Record<string, string>) {
  const merged = Object.entries({ ...tags, ...extra });
  return Object.fromEntries(merged.filter(([key]) => key !== 'Name' && key !== 'name'));
}

export async function scrapeEc2(scrape: Ec2Scrape): Promise<void> {
  const zones = await subnets(scrape);
  await instances(scrape, zones);
  await vpcs(scrape);
  await securityGroups(scrape);
}

async function subnets(scrape: Ec2Scrape): Promise<Map<string, Zone>> {
  const { client, entry, region, signal } = scrape;
  const zones = new Map<string, Zone>();
  const found: Subnet[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new DescribeSubnetsCommand({ NextToken: token }), {
      abortSignal: signal,
    });
    found.push(...(page.Subnets ?? []));
    token = page.NextToken;
  } while (token);
  for (const subnet of found) {
    const id = subnet.SubnetId ?? '';
    const zone = subnet.AvailabilityZone ?? '';
    const at = { zone, zoneId: subnet.AvailabilityZoneId ?? '', region: zone.slice(0, -1) };
    zones.set(id, at);
    const tags = tagMap(subnet.Tags);
    if (!includes(entry, 'subnet') || excluded(entry, subnetType, nameOf(tags, id), tags)) continue;
    push(scrape, {
      externalId: id,
      type: subnetType,
      configClass: 'Subnet',
      name: nameOf(tags, id),
      ...(subnet.State ? { status: subnet.State } : {}),
      config: plainData(subnet),
      labels: labelsOf(tags, { network: subnet.VpcId ?? '', subnet: id }),
      tags: { zone: at.zone, 'zone-id': at.zoneId, region: at.region || region },
      ...(subnet.VpcId ? { parent: { type: vpcType, externalId: subnet.VpcId } } : {}),
    });
  }
  return zones;
}

async function instances(scrape: Ec2Scrape, zones: ReadonlyMap<string, Zone>): Promise<void> {
  const { client, entry, region, signal, result } = scrape;
  if (!includes(entry, 'EC2instance')) return;
  const found: Instance[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new DescribeInstancesCommand({ NextToken: token }), {
      abortSignal: signal,
    });
    for (const reservation of page.Reservations ?? []) found.push(...(reservation.Instances ?? []));
    token = page.NextToken;
  } while (token);
  for (const instance of found) {
    const id = instance.InstanceId ?? '';
    const tags = tagMap(instance.Tags);
    if (excluded(entry, ec2InstanceType, id, tags)) continue;
    const subnetId = instance.SubnetId ?? '';
    const at = zones.get(subnetId);
    const zone = at?.zone ?? instance.Placement?.AvailabilityZone ?? '';
    const self = { type: ec2InstanceType, externalId: id };
    for (const group of instance.SecurityGroups ?? []) {
      if (!group.GroupId) continue;
      result.relationships.push({
        config: { type: securityGroupType, externalId: group.GroupId },
        related: self,
        relation: 'SecurityGroupInstance',
      });
    }
    if (subnetId) {
      result.relationships.push({
        config: { type: subnetType, externalId: subnetId },
        related: self,
        relation: 'SubnetInstance',
      });
    }
    const state = instance.State?.Name;
    push(scrape, {
      externalId: id,
      aliases: [`AmazonEC2/${id}`, `aws:///${zone}/${id}`],
      type: ec2InstanceType,
      configClass: 'VirtualMachine',
      name: tags.Name || instance.PrivateDnsName || id,
      ...(state ? { status: state, health: instanceHealth(state) } : {}),
      config: { ...asRecord(plainData(instance)), Tags: tags },
      labels: labelsOf(tags, { network: instance.VpcId ?? '', subnet: subnetId }),
      tags: { zone, 'zone-id': at?.zoneId ?? '', region: at?.region || region },
      ...(instance.VpcId ? { parent: { type: vpcType, externalId: instance.VpcId } } : {}),
      ...(instance.LaunchTime ? { createdAt: instance.LaunchTime } : {}),
    });
  }
}

async function vpcs(scrape: Ec2Scrape): Promise<void> {
  const { client, entry, region, signal } = scrape;
  if (!includes(entry, 'VPC')) return;
  const found: Vpc[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new DescribeVpcsCommand({ NextToken: token }), {
      abortSignal: signal,
    });
    found.push(...(page.Vpcs ?? []));
    token = page.NextToken;
  } while (token);
  for (const vpc of found) {
    const id = vpc.VpcId ?? '';
    const tags = tagMap(vpc.Tags);
    if (excluded(entry, vpcType, nameOf(tags, id), tags)) continue;
    push(scrape, {
      externalId: id,
      aliases: [`AmazonEC2/${id}`],
      type: vpcType,
      configClass: 'VPC',
      name: nameOf(tags, id),
      ...(vpc.State ? { status: vpc.State } : {}),
      config: plainData(vpc),
      labels: labelsOf(tags, { network: id }),
      tags: { region },
    });
  }
}

async function securityGroups(scrape: Ec2Scrape): Promise<void> {
  const { client, entry, region, signal } = scrape;
  if (!includes(entry, 'SecurityGroup')) return;
  const found: SecurityGroup[] = [];
  let token: string | undefined;
  do {
    const page = await client.send(new DescribeSecurityGroupsCommand({ NextToken: token }), {
      abortSignal: signal,
    });
    found.push(...(page.SecurityGroups ?? []));
    token = page.NextToken;
  } while (token);
  for (const group of found) {
    const id = group.GroupId ?? '';
    const tags = tagMap(group.Tags);
    if (excluded(entry, securityGroupType, nameOf(tags, id), tags)) continue;
    push(scrape, {
      externalId: id,
      type: securityGroupType,
      configClass: 'SecurityGroup',
      name: nameOf(tags, id),
      config: plainData(group),
      labels: labelsOf(tags, { network: group.VpcId ?? '' }),
      tags: { region },
      ...(group.VpcId ? { parent: { type: vpcType, externalId: group.VpcId } } : {}),
    });
  }
}

function push(scrape: Ec2Scrape, item: ScrapedItem) {
  scrape.result.items.push(item);
}

/** Only a running instance is known healthy; its state says the rest. */
function instanceHealth(state: string): ScrapedItem['health'] {
  return state === 'running' ? 'healthy' : 'unknown';
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};
}
