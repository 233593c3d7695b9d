// @vitest-environment happy-dom
// The page's side of an edit: every outcome is toasted (the overlay words it with renderResult),
// a refusal with the live body opens the conflict view, and "apply my change" sends the same op
// against the live text.
import { describe, expect, it, vi } from 'vitest';
import type { BodyOp } from '../body/index';
import { defaultSettings } from '../policy/index';
import type { EditMessage, EditResult, Rejection } from '../protocol/index';
import type { PageOverlay } from '../overlay/page-overlay';
import type { ConflictChoice } from '../overlay/ConflictView';
import { pageRejection } from './background-client';
import type { FeatureContext } from './feature-context';
import { directUiLoader } from './__tests__/direct-ui-loader';
import { loadFixture } from './__tests__/fixtures/load-fixture';
import { readForgeHints } from './forge-hints';
import { findPosts, seenOf, type PagePost } from './post';
import { createPostSync } from './post-sync';
import { carryOut } from './write-flow';

const OP: BodyOp = { kind: 'patch', edits: [{ old: 'first again', new: 'second' }] };

function setup(answers: EditResult[], choice: ConflictChoice, review = true) {
  const doc = loadFixture('gitea-1.26');
  const post = findPosts(doc)[1] as PagePost;
  const sent: EditMessage[] = [];
  const overlay = {
    toast: vi.fn(),
    conflict: vi.fn(async () => choice),
    review: vi.fn(async () => review),
    setDark: vi.fn(),
  } satisfies PageOverlay;
  const settings = { ...defaultSettings(), requireReviewBeforeWrite: true };
  const ctx: FeatureContext = {
    doc,
    settings,
    client: {
      edit: async (message) => {
        sent.push(message);
        const answer = answers.shift();
        if (answer === undefined) throw new Error('no more answers');
        return answer;
      },
      read: vi.fn(),
    },
    overlay,
    loadUi: directUiLoader,
    sync: createPostSync(() => true, settings.sectionPrefix),
    hints: () => readForgeHints(doc),
    allowed: () => true,
    panelOf: () => undefined,
  };
  return { ctx, post, sent, overlay };
}

function drifted(post: PagePost, live: string): Rejection {
  return { ...pageRejection(post.target, OP, 'no-lock-changed', 'The body changed.', { body: live, version: 4 }), verb: 'patch' };
}

describe('carryOut', () => {
  it('asks for review, sends, toasts the refusal, and on “apply” sends the same op against the live text', async () => {
    const { ctx, post, sent, overlay } = setup([], 'apply');
    const seen = seenOf(post);
    const live = `${seen.body}Someone added a line.\n`;
    const refusal = drifted(post, live);
    const confirmation: EditResult = {
      ok: true, verb: 'patch', op: OP, target: post.target, summary: 'Replaced 1 span.', versionBefore: 4, versionAfter: 5,
      rebased: false, locked: true, noop: false, flips: null, renderedHtml: null, body: live.replace('first again', 'second'), ledgerId: null,
    };
    const answers = [refusal, confirmation];
    ctx.client.edit = async (message) => {
      sent.push(message);
      return answers.shift() as EditResult;
    };

    const outcome = await carryOut(ctx, post, OP, seen, 'my draft');

    expect(outcome.status).toBe('done');
    expect(overlay.review).toHaveBeenCalledTimes(2);
    // The review shows the change the op makes to the text it is sent against.
    expect(overlay.review).toHaveBeenNthCalledWith(1, 'Review your change to the comment', seen.body, seen.body.replace('first again', 'second'));
    expect(overlay.review).toHaveBeenNthCalledWith(2, 'Review your change to the comment', live, live.replace('first again', 'second'));
    expect(sent.map((message) => message.seen)).toEqual([seen, { body: live, version: 4 }]);
    expect(sent[0]).toMatchObject({ type: 'edit', target: post.target, op: OP, facts: { updateUrl: '/owner/repo/comments/2001' } });
    expect(overlay.toast.mock.calls).toEqual([[refusal], [confirmation]]);
    expect(overlay.conflict).toHaveBeenCalledWith(
      expect.objectContaining({ rejection: refusal, seenBody: seen.body, draft: 'my draft', canApply: true, postName: 'comment' }),
    );
    expect(seenOf(post)).toEqual({ body: confirmation.body, version: 5 });
  });

  it('keeps the draft and writes nothing when the user goes back from review', async () => {
    const { ctx, post, sent } = setup([], 'close', false);
    const outcome = await carryOut(ctx, post, OP, seenOf(post), 'my draft');
    expect(outcome).toEqual({ status: 'back' });
    expect(sent).toHaveLength(0);
  });

  it('hands the live text back for “edit on top”, and offers no apply when the anchors fail there', async () => {
    const { ctx, post, overlay } = setup([], 'edit');
    const live = 'Entirely rewritten.\n';
    ctx.client.edit = async () => drifted(post, live);
    const outcome = await carryOut(ctx, post, OP, seenOf(post), 'my draft');
    expect(outcome).toEqual({ status: 'edit-on-top', live: { body: live, version: 4 } });
    expect(overlay.conflict).toHaveBeenCalledWith(expect.objectContaining({ canApply: false }));
  });
});
