import { Configuration, FrontendApi } from '@ory/client';

export const identityBasePath = '/api/identity';

let client: FrontendApi | undefined;

/** The Kratos public API of Vigil's identity service; built lazily so the origin is the page's. */
export function identityApi(): FrontendApi {
  client ??= new FrontendApi(
    new Configuration({
      basePath: window.location.origin + identityBasePath,
      baseOptions: { withCredentials: true },
    }),
  );
  return client;
}
