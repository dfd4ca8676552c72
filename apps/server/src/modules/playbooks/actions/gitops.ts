import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { envVar } from '../../../platform/values/env-var.ts';
import { ActionFailed, defineActionType, mask, type ActionContext } from './action-type.ts';
import { gitIn, openGithubPullRequest, ownerAndRepo, type GitAuth } from './gitops-git.ts';
import { patchText, PatchError } from './gitops-patch.ts';

const deleteDirective = '$delete';
/** Upstream refuses these in paths (no globs, no templates left over). */
const refusedSymbols = /[${}[\]?*:<>|]/;
const githubApi = 'https://api.github.com';

const gitopsSchema = z
  .strictObject({
    repo: z.strictObject({
      url: z.string().min(1, 'This field is required'),
      connection: z.string().optional(),
      username: envVar.optional(),
      password: envVar.optional(),
      base: z.string().optional(),
      branch: z.string().optional(),
      skipExisting: z.boolean().optional(),
      force: z.boolean().optional(),
      type: z.string().optional(),
    }),
    commit: z.strictObject({
      author: z.string().optional(),
      email: z.string().optional(),
      message: z.string().min(1, 'This field is required'),
    }),
    pr: z
      .strictObject({
        title: z.string().min(1, 'This field is required'),
        tags: z.array(z.string()).optional(),
        autoMerge: z
          .strictObject({ enabled: z.boolean().optional(), rebase: z.boolean().optional() })
          .optional(),
      })
      .optional(),
    patches: z
      .array(
        z.strictObject({
          path: z.string().min(1, 'This field is required'),
          yq: z.string().optional(),
          jq: z.string().optional(),
          if: z.string().optional(),
        }),
      )
      .optional(),
    files: z.array(z.strictObject({ path: z.string().min(1), content: z.string() })).optional(),
  })
  .refine((gitops) => (gitops.patches?.length ?? 0) + (gitops.files?.length ?? 0) > 0, {
    message: 'no patches or files specified on gitops action',
    path: ['files'],
  });
type GitopsConfig = z.infer<typeof gitopsSchema>;

/** A path inside the checkout, or a refusal naming it. */
function inside(root: string, relative: string): string {
  if (refusedSymbols.test(relative)) {
    throw new ActionFailed(`gitops: path ${relative} contains illegal characters`);
  }
  const full = path.resolve(root, relative);
  if (!full.startsWith(`${root}${path.sep}`)) {
    throw new ActionFailed(`gitops: path ${relative} leaves the repository`);
  }
  return full;
}

const hostOf = (url: string) => (URL.canParse(url) ? new URL(url).host.toLowerCase() : '');

/** Where a connection's token may go: its API (or api.github.com) and the matching git host. */
function gitHostAllowed(repoUrl: string, apiBase: string): boolean {
  if (!/^https?:\/\//i.test(repoUrl)) return true; // a local path or file:// sends nothing
  const git = hostOf(repoUrl);
  const api = hostOf(apiBase);
  return git === api || (api === 'api.github.com' && git === 'github.com');
}

async function credentials(config: GitopsConfig, context: ActionContext) {
  const repo = config.repo;
  let auth: GitAuth = {
    username: await context.values(repo.username),
    password: await context.values(repo.password),
  };
  let token: string | undefined;
  let service = repo.type?.toLowerCase();
  let apiBase = githubApi;
  if (repo.connection) {
    const tokenTypes = ['github', 'gitlab', 'azure_devops'];
    const probe = await context.connections(repo.connection, { approved: true });
    if (tokenTypes.includes(probe.type)) {
      apiBase = probe.url || githubApi;
      if (!gitHostAllowed(repo.url, apiBase) && !context.connectionsApproved) {
        throw new ActionFailed(
          `gitops: ${repo.url} is not a git host of ${repo.connection} (${apiBase}): ` +
            "a connection's credentials are only sent to its own endpoint",
        );
      }
      token = probe.password ?? undefined;
      auth = { username: 'x-access-token', password: token };
      service = service ?? probe.type;
    } else {
      const opened = /^https?:\/\//i.test(repo.url)
        ? await context.connections(repo.connection, {
            endpoint: repo.url,
            approved: context.connectionsApproved,
          })
        : probe;
      auth = { username: opened.username ?? undefined, password: opened.password ?? undefined };
    }
  }
  if (!service && hostOf(repo.url) === 'github.com') service = 'github';
  return { auth, token, service, apiBase };
}

async function applyPatches(root: string, config: GitopsConfig, log: (text: string) => void) {
  for (const patch of config.patches ?? []) {
    if (patch.if?.trim()) {
      const condition = patch.if.trim().toLowerCase();
      if (condition !== 'true' && condition !== 'false') {
        throw new ActionFailed(`gitops: patch ${patch.path}: if must be 'true' or 'false'`);
      }
      if (condition === 'false') {
        log(`skipping patch ${patch.path}`);
        continue;
      }
    }
    const file = inside(root, patch.path);
    const text = await readFile(file, 'utf8').catch(() => {
      throw new ActionFailed(`gitops: ${patch.path} does not exist`);
    });
    const expression = patch.yq ?? patch.jq;
    if (!expression) continue;
    try {
      await writeFile(file, patchText(text, expression, patch.yq === undefined));
    } catch (error) {
      if (error instanceof PatchError) {
        throw new ActionFailed(
          `gitops: ${patch.yq ? 'yq' : 'jq'} on ${patch.path}: ${error.message}`,
        );
      }
      throw error;
    }
    log(`patched ${patch.path}`);
  }
}

async function applyFiles(root: string, config: GitopsConfig, log: (text: string) => void) {
  for (const entry of config.files ?? []) {
    const file = inside(root, entry.path);
    if (entry.content === deleteDirective) {
      const exists = await stat(file).then(
        () => true,
        () => false,
      );
      if (exists) await rm(file, { force: true });
      log(exists ? `deleted ${entry.path}` : `${entry.path} does not exist, not deleted`);
      continue;
    }
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, entry.content);
    log(`wrote ${entry.path}`);
  }
}

/**
 * gitops: clones the repository, checks out `branch` (from `base`), applies `patches` and
 * `files`, commits as the given author and pushes; with `pr` and a branch other than the base,
 * opens a pull request (GitHub).
 */
export const gitopsAction = defineActionType<GitopsConfig>({
  kind: 'gitops',
  schema: gitopsSchema,
  async run(config, context) {
    const { auth, token, service, apiBase } = await credentials(config, context);
    const secrets = [...context.secrets, auth.password ?? '', token ?? ''];
    const lines: string[] = [];
    const log = (text: string) => {
      const line = mask(text, secrets);
      lines.push(`${new Date().toISOString()} ${line}`);
      context.output(`${line}\n`);
    };
    const base = config.repo.base?.trim() || 'main';
    const branch = config.repo.branch?.trim() || base;
    const scratch = await mkdtemp(path.join(tmpdir(), 'vigil-gitops-'));
    try {
      const root = path.join(scratch, 'repo');
      const outside = gitIn(scratch, scratch, auth, context.signal, secrets);
      await outside(['clone', '--quiet', '--branch', base, '--', config.repo.url, root]);
      log(`cloned ${config.repo.url} (${base})`);
      const git = gitIn(root, scratch, auth, context.signal, secrets);
      if (branch !== base) {
        const remote = await git(['ls-remote', '--heads', 'origin', branch]);
        if (remote.stdout.trim() !== '') {
          if (config.repo.skipExisting) {
            log(`branch ${branch} exists, skipped`);
            return { logs: lines.join('\n'), skipped: true };
          }
          await git(['fetch', '--quiet', 'origin', branch]);
          await git(['checkout', '--quiet', '-B', branch, 'FETCH_HEAD']);
        } else await git(['checkout', '--quiet', '-b', branch]);
      }
      await applyPatches(root, config, log);
      await applyFiles(root, config, log);
      await git(['add', '--all']);
      const unchanged = await git(['diff', '--cached', '--quiet'], { allowFail: true });
      if (unchanged.code === 0) {
        log('nothing changed, nothing committed');
        return { logs: lines.join('\n') };
      }
      const author = config.commit.author?.trim() || 'Vigil';
      const email = config.commit.email?.trim() || 'vigil@localhost';
      await git([
        '-c',
        `user.name=${author}`,
        '-c',
        `user.email=${email}`,
        'commit',
        '--quiet',
        '-m',
        config.commit.message,
      ]);
      const commit = (await git(['rev-parse', 'HEAD'])).stdout.trim();
      const force = config.repo.force ? ['--force'] : [];
      await git(['push', '--quiet', ...force, 'origin', `HEAD:refs/heads/${branch}`]);
      log(`committed ${commit} and pushed to ${branch}`);
      const result: Record<string, unknown> = { commit, branch };
      if (config.pr && branch !== base) {
        if (service !== 'github' || !token) {
          throw new ActionFailed(
            `gitops: pull requests are opened on GitHub only (with a github connection), not ${service ?? 'this host'}`,
            { ...result, logs: lines.join('\n') },
          );
        }
        const { owner, repo } = ownerAndRepo(config.repo.url);
        const pr = await openGithubPullRequest({
          apiBase,
          token,
          owner,
          repo,
          head: branch,
          base,
          title: config.pr.title,
          tags: config.pr.tags ?? [],
          signal: context.signal,
        });
        log(`created pull request ${pr.link}`);
        result.pr = pr;
        result.links = [{ id: pr.number, icon: 'pr', name: pr.title, url: pr.link }];
      }
      return { ...result, logs: lines.join('\n') };
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  },
});
