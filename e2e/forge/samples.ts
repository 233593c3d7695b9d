// Sample content for the demo (and for tests that want a realistic page): a release issue with
// checklists in its description and in two comments, one of them with a named section; a pull
// request with a description checklist and a review comment with a checklist; and an issue
// whose body has front matter, multi-byte text and CRLF line endings.

import type { ForgeDouble } from './api';

export interface SampleContent {
  issue: { index: number; url: string; statusCommentId: number; qaCommentId: number };
  pull: { index: number; url: string; reviewCommentId: number };
  frontMatterIssue: { index: number; url: string };
}

const RELEASE_ISSUE = `Tracking the work for the **2.4** release.

## Before the freeze
- [x] Merge the work-queue refactor (#2)
- [ ] Update the changelog
- [ ] Bump the version in \`package.json\`

## Release day
- [ ] Tag \`v2.4.0\`
- [ ] Publish the release notes
- [ ] Announce on the forum
`;

const STATUS_COMMENT = `Status for the docs team:

<!-- madtea:section:status -->
**Docs:** drafts in review
- [x] API reference
- [ ] Migration guide
<!-- /madtea:section:status -->

Ping me when the changelog is ready.
`;

const QA_COMMENT = `QA sign-off:
- [ ] Smoke tests on Linux
- [ ] Smoke tests on macOS
- [x] Upgrade test from 2.3
`;

const PULL_DESCRIPTION = `Moves the retry logic into \`WorkQueue\` and drops the old timer loop.

- [x] Unit tests
- [ ] Benchmarks
- [ ] Docs updated
`;

const REVIEW_COMMENT = `Looks good overall. Before merging:
- [ ] Handle the empty-queue case
- [ ] Add a test for \`start()\` being called twice
`;

const FRONT_MATTER_ISSUE =
  '---\r\narea: docs\r\npriority: high\r\n---\r\n# Übersicht 🚀\r\n\r\nCheckbox positions count UTF-8 bytes:\r\n\r\n- [ ] Größe prüfen\r\n- [x] Café → naïve\r\n- [ ] 日本語のチェック\r\n';

export function seedSamples(double: ForgeDouble): SampleContent {
  const issue = double.seedIssue({
    title: 'Release checklist for 2.4',
    body: RELEASE_ISSUE,
    poster: 'owner',
    attachments: ['release-plan.txt'],
  });
  const status = double.seedComment({ index: issue.index, body: STATUS_COMMENT, poster: 'writer' });
  double.seedComment({ index: issue.index, body: '', kind: 'event', poster: 'owner' });
  const qa = double.seedComment({ index: issue.index, body: QA_COMMENT, poster: 'reader' });

  const pull = double.seedIssue({ title: 'Refactor the work queue', body: PULL_DESCRIPTION, poster: 'writer', isPull: true });
  const review = double.seedComment({ index: pull.index, body: REVIEW_COMMENT, poster: 'owner', review: true });

  const frontMatter = double.seedIssue({ title: 'Front matter, multi-byte text and CRLF', body: FRONT_MATTER_ISSUE, poster: 'writer' });

  return {
    issue: { index: issue.index, url: issue.url, statusCommentId: status.commentId, qaCommentId: qa.commentId },
    pull: { index: pull.index, url: pull.url, reviewCommentId: review.commentId },
    frontMatterIssue: { index: frontMatter.index, url: frontMatter.url },
  };
}
