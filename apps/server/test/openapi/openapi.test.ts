import { describe, expect, it } from 'vitest';
import {
  committedOpenApi,
  generateOpenApi,
  regenerateCommand,
  writeOpenApi,
} from './openapi-document.ts';

/** Set by `npm run openapi`: this file then writes the document instead of comparing it. */
const regenerating = process.env.VIGIL_WRITE_OPENAPI === '1';

describe('docs/openapi.json', () => {
  it('is the document the route schemas generate', async () => {
    const generated = await generateOpenApi();
    if (regenerating) await writeOpenApi(generated);
    const committed = regenerating ? generated : await committedOpenApi();
    expect(
      committed === generated,
      `docs/openapi.json differs from what the routes declare: run \`${regenerateCommand}\` and commit it`,
    ).toBe(true);
  });
});
