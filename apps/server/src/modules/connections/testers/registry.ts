import type { ConnectionType } from '@vigil/domain';
import type { ConnectionTester } from './connection-tester.ts';
import { gitTester } from './git.ts';
import { httpTester } from './http.ts';
import { ldapTester } from './ldap.ts';
import { mysqlTester } from './mysql.ts';
import { postgresTester } from './postgres.ts';
import { prometheusTester } from './prometheus.ts';
import { redisTester } from './redis.ts';
import { sftpTester } from './sftp.ts';
import { smtpTester } from './smtp.ts';

/** Connection types that can be tested, one file each; other types answer "not supported". */
const registered: readonly ConnectionTester[] = [
  postgresTester,
  mysqlTester,
  redisTester,
  httpTester,
  prometheusTester,
  sftpTester,
  ldapTester,
  smtpTester,
  gitTester,
];

export const connectionTesters: ReadonlyMap<ConnectionType, ConnectionTester> = new Map(
  registered.map((tester) => [tester.type, tester]),
);
