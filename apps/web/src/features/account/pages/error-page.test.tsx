import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { setupMsw } from '@/testing/msw.ts';
import { identityUrl } from '../test-fixtures.ts';
import { currentLocation, renderAccount } from '../test-routes.tsx';

const server = setupMsw();
const flowError = (status: number, body: JsonBodyType) =>
  server.use(
    http.get(identityUrl('/self-service/errors'), () => HttpResponse.json(body, { status })),
  );

describe('/error', () => {
  it('shows a stored flow error with its raw body', async () => {
    flowError(200, { id: 'e-1', error: { code: 500, message: 'no such identity schema' } });
    renderAccount('/error?id=e-1');
    expect(await screen.findByText(/no such identity schema/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'An error occurred' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go back' })).toHaveAttribute('href', '/');
  });

  it.each([404, 403, 410])("goes to '/' when loading the error answers %i", async (status) => {
    flowError(status, { error: { code: status } });
    const result = renderAccount('/error?id=e-1');
    await waitFor(() => expect(currentLocation(result)).toBe('/'));
  });

  it('explains a bad session', async () => {
    renderAccount('/error?error_code=BAD_SESSION');
    expect(
      await screen.findByText(
        'Bad Session. Please try logging out and logging in again, if the problem persist, please contact us.',
      ),
    ).toBeInTheDocument();
  });

  it('says Unknown error for any other code', async () => {
    renderAccount('/error?error_code=SOMETHING');
    expect(await screen.findByText('Unknown error')).toBeInTheDocument();
  });
});
