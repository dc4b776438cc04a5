// The CI system a scan runs in, from the variables the runners set, and what they say of the
// repository when the checkout has no remote or HEAD (a shallow or detached clone).

import { canonicalRepository } from './git.ts';

export interface CiInfo {
  /** `CICD_TYPE_GITHUB_ACTION`, `CICD_TYPE_GITLAB_CI`, or null outside a known pipeline. */
  cicdType: string | null;
  repository: string | null;
  branch: string | null;
  commit: string | null;
  /** The pipeline's own reference (workflow file, job URL), kept in the scan's attributes. */
  pipeline: string | null;
}

const none: CiInfo = { cicdType: null, repository: null, branch: null, commit: null, pipeline: null };

export function ciInfo(env: NodeJS.ProcessEnv): CiInfo {
  const v = (name: string) => (env[name] && env[name]!.trim() ? env[name]!.trim() : null);
  if (v('GITHUB_ACTIONS') === 'true') {
    const server = v('GITHUB_SERVER_URL') ?? 'https://github.com';
    const repo = v('GITHUB_REPOSITORY');
    return {
      cicdType: 'CICD_TYPE_GITHUB_ACTION',
      repository: repo ? canonicalRepository(`${server}/${repo}`) : null,
      branch: v('GITHUB_HEAD_REF') ?? v('GITHUB_REF_NAME'),
      commit: v('GITHUB_SHA'),
      pipeline: v('GITHUB_WORKFLOW_REF') ?? v('GITHUB_WORKFLOW'),
    };
  }
  if (v('GITLAB_CI') === 'true') {
    const project = v('CI_PROJECT_URL');
    return {
      cicdType: 'CICD_TYPE_GITLAB_CI',
      repository: project ? canonicalRepository(project) : null,
      branch: v('CI_COMMIT_REF_NAME') ?? v('CI_COMMIT_BRANCH'),
      commit: v('CI_COMMIT_SHA'),
      pipeline: v('CI_PIPELINE_URL') ?? v('CI_CONFIG_PATH'),
    };
  }
  return none;
}
