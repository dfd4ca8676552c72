import fs from 'node:fs/promises';
import path from 'node:path';
import { repositoryDir } from '../../src/platform/paths.ts';
import { startTestApp } from '../app.ts';

/** The committed OpenAPI document: what /api/docs serves, kept in review beside the code. */
export const openApiPath = path.join(repositoryDir, 'docs', 'openapi.json');

export const regenerateCommand = 'npm run openapi';

/** The document the app's route schemas generate now, as it is committed. */
export async function generateOpenApi(): Promise<string> {
  const started = await startTestApp();
  try {
    return `${JSON.stringify(started.app.swagger(), null, 2)}\n`;
  } finally {
    await started.close();
  }
}

/** The committed document, or '' when there is none yet. */
export async function committedOpenApi(): Promise<string> {
  return fs.readFile(openApiPath, 'utf8').catch(() => '');
}

export async function writeOpenApi(document: string): Promise<void> {
  await fs.writeFile(openApiPath, document);
}
