import { execFile } from 'node:child_process';
import { ActionFailed, mask } from './action-type.ts';

/** How git reaches the remote: credentials travel in env-borne config, never in argv or urls. */
export interface GitAuth {
  readonly username?: string | undefined;
  readonly password?: string | undefined;
}

export interface Git {
  (args: readonly string[], options?: { allowFail?: boolean }): Promise<GitResult>;
}

export interface GitResult {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** A git CLI bound to one directory, with credentials for http(s) remotes and a signal. */
export function gitIn(
  cwd: string,
  home: string,
  auth: GitAuth,
  signal: AbortSignal,
  secrets: readonly string[],
): Git {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: home,
    GIT_TERMINAL_PROMPT: '0',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_COUNT: '1',
    // Credentials must not follow a redirect to another host.
    GIT_CONFIG_KEY_0: 'http.followRedirects',
    GIT_CONFIG_VALUE_0: 'false',
  };
  if (auth.password || auth.username) {
    const pair = `${auth.username || 'x-access-token'}:${auth.password ?? ''}`;
    env.GIT_CONFIG_COUNT = '2';
    env.GIT_CONFIG_KEY_1 = 'http.extraHeader';
    env.GIT_CONFIG_VALUE_1 = `Authorization: Basic ${Buffer.from(pair).toString('base64')}`;
  }
  const hidden = [...secrets, auth.password ?? ''];
  return (args, options = {}) =>
    new Promise((resolve, reject) => {
      execFile(
        'git',
        [...args],
        { cwd, env, signal, maxBuffer: 8 << 20, encoding: 'utf8' },
        (error, stdout, stderr) => {
          const code = error && typeof error.code === 'number' ? error.code : error ? 1 : 0;
          const result = {
            code,
            stdout: mask(stdout, hidden),
            stderr: mask(stderr, hidden),
          };
          if (signal.aborted) return reject(new ActionFailed('gitops: stopped'));
          if (code !== 0 && !options.allowFail) {
            return reject(
              new ActionFailed(`git ${args[0] ?? ''} failed: ${result.stderr.trim() || code}`),
            );
          }
          resolve(result);
        },
      );
    });
}

/** owner and repo of `https://host/owner/repo(.git)` (or a path ending so). */
export function ownerAndRepo(url: string): { owner: string; repo: string } {
  const parts = url
    .replace(/\.git\/?$/, '')
    .split(/[/:]/)
    .filter((part) => part !== '');
  const repo = parts.at(-1) ?? '';
  const owner = parts.at(-2) ?? '';
  if (!repo || !owner) throw new ActionFailed(`gitops: ${url} does not name owner/repo`);
  return { owner, repo };
}

export interface PullRequest {
  readonly number: number;
  readonly title: string;
  readonly link: string;
}

/**
 * Opens a GitHub pull request (POST /repos/{owner}/{repo}/pulls) and labels it with the tags;
 * the token goes only to `apiBase`.
 */
export async function openGithubPullRequest(input: {
  apiBase: string;
  token: string;
  owner: string;
  repo: string;
  head: string;
  base: string;
  title: string;
  tags: readonly string[];
  signal: AbortSignal;
}): Promise<PullRequest> {
  const headers = {
    accept: 'application/vnd.github+json',
    authorization: `Bearer ${input.token}`,
    'content-type': 'application/json',
    'x-github-api-version': '2022-11-28',
  };
  const repoPath = `${input.apiBase.replace(/\/$/, '')}/repos/${encodeURIComponent(input.owner)}/${encodeURIComponent(input.repo)}`;
  const response = await fetch(`${repoPath}/pulls`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ title: input.title, head: input.head, base: input.base }),
    signal: input.signal,
    redirect: 'manual',
  });
  const text = mask(await response.text(), [input.token]);
  if (response.status !== 201) {
    throw new ActionFailed(`gitops: the pull request was refused (${response.status}): ${text}`);
  }
  const pr: unknown = JSON.parse(text);
  const fields = typeof pr === 'object' && pr !== null ? pr : {};
  const number = 'number' in fields && typeof fields.number === 'number' ? fields.number : 0;
  const link = 'html_url' in fields && typeof fields.html_url === 'string' ? fields.html_url : '';
  if (input.tags.length > 0 && number > 0) {
    const labelled = await fetch(`${repoPath}/issues/${number}/labels`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ labels: input.tags }),
      signal: input.signal,
      redirect: 'manual',
    });
    if (!labelled.ok) {
      throw new ActionFailed(`gitops: the pull request's labels were refused (${labelled.status})`);
    }
  }
  return { number, title: input.title, link };
}
