import { describe, expect, it } from 'vitest';
import { classifyWriteAnswer } from './answers';

const JSON_TYPE = 'application/json; charset=utf-8';
const TEXT_TYPE = 'text/plain; charset=utf-8';

describe('classifyWriteAnswer', () => {
  it('reads a success with its new version', () => {
    expect(classifyWriteAnswer(200, JSON_TYPE, '{"content":"<p>hi</p>","contentVersion":8,"attachments":""}')).toEqual({
      kind: 'written',
      version: 8,
      renderedHtml: '<p>hi</p>',
    });
  });

  it('reads a success without a version (forges without a lock)', () => {
    expect(classifyWriteAnswer(200, JSON_TYPE, '{"content":"<p>hi</p>"}')).toEqual({ kind: 'written', version: null, renderedHtml: '<p>hi</p>' });
  });

  it('calls HTML or misshapen JSON on a 200 a bad answer', () => {
    expect(classifyWriteAnswer(200, 'text/html', '<!DOCTYPE html><title>Sign in</title>').kind).toBe('bad-answer');
    expect(classifyWriteAnswer(200, JSON_TYPE, '{"content":1}').kind).toBe('bad-answer');
    expect(classifyWriteAnswer(200, JSON_TYPE, '{"contentVersion":"8","content":"x"}').kind).toBe('bad-answer');
  });

  it('leaves the meaning of a 400 JSON refusal to a re-read, whatever its language', () => {
    for (const text of ['The page has been modified', 'Die Seite wurde geändert', 'blocked']) {
      const answer = classifyWriteAnswer(400, JSON_TYPE, JSON.stringify({ errorMessage: text, renderFormat: 'html' }));
      expect(answer).toEqual({ kind: 'refused', detail: text });
    }
  });

  it('tells the plain-text CSRF failure from other 400s', () => {
    expect(classifyWriteAnswer(400, TEXT_TYPE, 'Invalid CSRF token.\n').kind).toBe('csrf');
    expect(classifyWriteAnswer(400, TEXT_TYPE, 'bad request').kind).toBe('refused');
    // An HTML error page that happens to carry the page's token is not the CSRF answer.
    const page = `<html><body hx-headers='{"x-csrf-token": "abc"}'>Bad Request</body></html>`;
    expect(classifyWriteAnswer(400, 'text/html; charset=utf-8', page)).toEqual({ kind: 'refused', detail: 'HTTP 400' });
  });

  it('tells the cross-origin 403 from a permission 403', () => {
    expect(classifyWriteAnswer(403, TEXT_TYPE, 'cross-origin request detected from Sec-Fetch-Site header').kind).toBe('cross-origin');
    expect(classifyWriteAnswer(403, 'text/html', '<html>Forbidden</html>').kind).toBe('forbidden');
    expect(classifyWriteAnswer(403, 'text/html', '<html><p>cross-origin help page</p></html>').kind).toBe('forbidden');
  });

  it('maps 404, 204, 5xx and the rest', () => {
    expect(classifyWriteAnswer(404, 'text/html', 'not found').kind).toBe('gone');
    expect(classifyWriteAnswer(204, '', '').kind).toBe('no-content');
    expect(classifyWriteAnswer(500, 'text/html', 'oops').kind).toBe('unknown');
    expect(classifyWriteAnswer(502, '', '').kind).toBe('unknown');
    expect(classifyWriteAnswer(418, '', '').kind).toBe('bad-answer');
  });
});
