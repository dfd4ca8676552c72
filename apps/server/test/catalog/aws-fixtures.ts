/** Answers of a small AWS account: one VPC with a subnet, a security group and two instances. */

const ec2 = (action: string, inner: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<${action}Response xmlns="http://ec2.amazonaws.com/doc/2016-11-15/"><requestId>req-1</requestId>${inner}</${action}Response>`;

const tags = (entries: Record<string, string>) =>
  `<tagSet>${Object.entries(entries)
    .map(([key, value]) => `<item><key>${key}</key><value>${value}</value></item>`)
    .join('')}</tagSet>`;

export const describeVpcs = ec2(
  'DescribeVpcs',
  `<vpcSet><item><vpcId>vpc-0a1</vpcId><state>available</state><cidrBlock>10.0.0.0/16</cidrBlock>
   <dhcpOptionsId>dopt-1</dhcpOptionsId><ownerId>123456789012</ownerId><isDefault>false</isDefault>
   ${tags({ Name: 'main', team: 'platform' })}</item></vpcSet>`,
);

export const describeSubnets = ec2(
  'DescribeSubnets',
  `<subnetSet><item><subnetId>subnet-0b2</subnetId><state>available</state><vpcId>vpc-0a1</vpcId>
   <cidrBlock>10.0.1.0/24</cidrBlock><availabilityZone>eu-west-1a</availabilityZone>
   <availabilityZoneId>euw1-az1</availabilityZoneId><availableIpAddressCount>250</availableIpAddressCount>
   ${tags({ Name: 'private-a' })}</item></subnetSet>`,
);

export const describeSecurityGroups = ec2(
  'DescribeSecurityGroups',
  `<securityGroupInfo><item><ownerId>123456789012</ownerId><groupId>sg-0c3</groupId>
   <groupName>web</groupName><groupDescription>web servers</groupDescription><vpcId>vpc-0a1</vpcId>
   <ipPermissions><item><ipProtocol>tcp</ipProtocol><fromPort>443</fromPort><toPort>443</toPort>
   <ipRanges><item><cidrIp>0.0.0.0/0</cidrIp></item></ipRanges></item></ipPermissions>
   </item></securityGroupInfo>`,
);

const instance = (id: string, state: string, extra: string) =>
  `<item><instanceId>${id}</instanceId><imageId>ami-1</imageId>
   <instanceState><code>16</code><name>${state}</name></instanceState>
   <privateDnsName>ip-10-0-1-5.eu-west-1.compute.internal</privateDnsName>
   <instanceType>t3.micro</instanceType><launchTime>2026-01-02T03:04:05.000Z</launchTime>
   <placement><availabilityZone>eu-west-1a</availabilityZone></placement>
   <subnetId>subnet-0b2</subnetId><vpcId>vpc-0a1</vpcId>${extra}</item>`;

export const describeInstances = ec2(
  'DescribeInstances',
  `<reservationSet><item><reservationId>r-1</reservationId><ownerId>123456789012</ownerId>
   <instancesSet>
   ${instance('i-0web', 'running', `<groupSet><item><groupId>sg-0c3</groupId><groupName>web</groupName></item></groupSet>${tags({ Name: 'web-1', env: 'prod' })}`)}
   ${instance('i-0batch', 'stopped', tags({ env: 'dev' }))}
   </instancesSet></item></reservationSet>`,
);

const trust = encodeURIComponent(
  JSON.stringify({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Service: ['lambda.amazonaws.com', 'ec2.amazonaws.com'] },
        Action: 'sts:AssumeRole',
      },
    ],
  }),
);

export const listRoles = `<ListRolesResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/">
<ListRolesResult><IsTruncated>false</IsTruncated><Roles><member>
<Path>/</Path><RoleName>app-role</RoleName><RoleId>AROAEXAMPLEID</RoleId>
<Arn>arn:aws:iam::123456789012:role/app-role</Arn><CreateDate>2025-05-06T07:08:09Z</CreateDate>
<AssumeRolePolicyDocument>${trust}</AssumeRolePolicyDocument><MaxSessionDuration>3600</MaxSessionDuration>
</member></Roles></ListRolesResult><ResponseMetadata><RequestId>req-2</RequestId></ResponseMetadata>
</ListRolesResponse>`;

export const listBuckets = `<?xml version="1.0" encoding="UTF-8"?>
<ListAllMyBucketsResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
<Owner><ID>owner</ID></Owner><Buckets>
<Bucket><Name>acme-logs</Name><CreationDate>2024-01-01T00:00:00.000Z</CreationDate><BucketRegion>eu-west-1</BucketRegion></Bucket>
</Buckets></ListAllMyBucketsResult>`;

const record = (fields: Record<string, unknown>) =>
  JSON.stringify({ eventVersion: '1.08', recipientAccountId: '123456789012', ...fields });

/** Epoch seconds, as JSON 1.1 carries timestamps. */
const secondsAgo = (seconds: number) => Math.floor(Date.now() / 1000) - seconds;

export const lookupEvents = {
  Events: [
    {
      EventId: 'evt-stop',
      EventName: 'StopInstances',
      ReadOnly: 'false',
      EventTime: secondsAgo(3600),
      EventSource: 'ec2.amazonaws.com',
      Username: 'alice',
      Resources: [{ ResourceType: 'AWS::EC2::Instance', ResourceName: 'i-0batch' }],
      CloudTrailEvent: record({ userIdentity: { type: 'IAMUser', userName: 'alice' } }),
    },
    {
      EventId: 'evt-ingress',
      EventName: 'AuthorizeSecurityGroupIngress',
      ReadOnly: 'false',
      EventTime: secondsAgo(1800),
      EventSource: 'ec2.amazonaws.com',
      Resources: [{ ResourceType: 'AWS::EC2::SecurityGroup', ResourceName: 'sg-0c3' }],
      CloudTrailEvent: record({
        userIdentity: {
          type: 'AssumedRole',
          principalId: 'AROA:bob',
          arn: 'arn:aws:sts::123456789012:assumed-role/deployer/bob',
          sessionContext: { sessionIssuer: { userName: 'deployer' } },
        },
      }),
    },
    {
      EventId: 'evt-describe',
      EventName: 'DescribeInstances',
      ReadOnly: 'true',
      EventTime: secondsAgo(600),
      Resources: [],
      CloudTrailEvent: record({}),
    },
    {
      EventId: 'evt-console',
      EventName: 'ConsoleLogin',
      ReadOnly: 'false',
      EventTime: secondsAgo(300),
      Resources: [],
      CloudTrailEvent: record({}),
    },
  ],
};
