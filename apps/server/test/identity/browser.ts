import { Configuration, FrontendApi } from '@ory/client';
import axios, { type AxiosInstance, type AxiosResponse } from 'axios';

/**
 * A browser for tests: @ory/client's FrontendApi, unchanged, over an axios instance that
 * keeps cookies like a browser (the CSRF and session cookies) and never follows redirects.
 */
export interface TestBrowser {
  readonly api: FrontendApi;
  readonly http: AxiosInstance;
  /** A raw request to a path on the app; any status resolves. */
  get(path: string, headers?: Record<string, string>): Promise<AxiosResponse>;
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<AxiosResponse>;
  readonly cookies: Map<string, string>;
  /** The raw Set-Cookie headers seen, to check their flags. */
  readonly setCookies: string[];
  cookieHeader(): string;
}

export function newBrowser(baseUrl: string): TestBrowser {
  const cookies = new Map<string, string>();
  const setCookies: string[] = [];
  // No baseURL: the SDK would use it instead of its own basePath.
  const http = axios.create({
    maxRedirects: 0,
    // Loopback only: never through a proxy from the environment.
    proxy: false,
    // As a browser on the console's page does: the server refuses cookie writes from elsewhere.
    headers: { Accept: 'application/json', Origin: baseUrl },
  });
  const cookieHeader = (): string => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  http.interceptors.request.use((config) => {
    if (cookies.size > 0) config.headers.set('Cookie', cookieHeader());
    return config;
  });
  const remember = (response: AxiosResponse): AxiosResponse => {
    const raw: unknown = response.headers['set-cookie'];
    for (const line of Array.isArray(raw) ? raw : []) {
      if (typeof line !== 'string') continue;
      setCookies.push(line);
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line) || value === '') cookies.delete(name);
      else cookies.set(name, value);
    }
    return response;
  };
  http.interceptors.response.use(remember, (error: unknown) => {
    if (axios.isAxiosError(error) && error.response) remember(error.response);
    throw error;
  });
  const api = new FrontendApi(
    new Configuration({
      basePath: `${baseUrl}/api/identity`,
      baseOptions: { withCredentials: true },
    }),
    `${baseUrl}/api/identity`,
    forTheSdk(http),
  );
  const any = { validateStatus: () => true };
  return {
    api,
    http,
    cookies,
    setCookies,
    cookieHeader,
    get: (path, headers = {}) => http.get(`${baseUrl}${path}`, { ...any, headers }),
    post: (path, body, headers = {}) => http.post(`${baseUrl}${path}`, body, { ...any, headers }),
  };
}

/** The body and status of the error an SDK call threw. */
export async function expectError(
  call: Promise<unknown>,
): Promise<{ status: number; body: unknown }> {
  try {
    await call;
  } catch (error) {
    if (axios.isAxiosError(error) && error.response) {
      const body: unknown = error.response.data;
      return { status: error.response.status, body };
    }
    throw error;
  }
  throw new Error('expected the call to fail');
}

type SdkAxios = ConstructorParameters<typeof FrontendApi>[2];

/**
 * The SDK's CommonJS build declares its own copy of axios's types; at runtime both builds are
 * axios 1.x instances with the same interface, so handing ours over is safe.
 */
function forTheSdk(instance: AxiosInstance): SdkAxios {
  // eslint-disable-next-line @typescript-eslint/consistent-type-assertions -- see above
  return instance as unknown as SdkAxios;
}
