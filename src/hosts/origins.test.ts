import { describe, expect, it } from 'vitest';
import { isBuiltInOrigin, originPattern, parseForgeOrigin } from './origins';

describe('parseForgeOrigin', () => {
  it.each([
    ['git.example.org', 'https://git.example.org'],
    ['https://git.example.org/owner/repo/issues/3', 'https://git.example.org'],
    ['http://10.1.2.3:3000/', 'http://10.1.2.3:3000'],
    ['  HTTPS://Forge.Example.ORG  ', 'https://forge.example.org'],
  ])('reads %s as %s', (input, origin) => {
    expect(parseForgeOrigin(input)).toEqual({ ok: true, origin });
  });

  it.each([
    ['', /Enter the address/],
    ['ftp://git.example.org', /not ftp/],
    ['https://user:pw@git.example.org', /user name and password/],
    ['http://', /not a web address/],
  ])('refuses %j with a reason', (input, reason) => {
    const result = parseForgeOrigin(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('patterns', () => {
  it('builds the match pattern of one server, port included', () => {
    expect(originPattern('http://git.local:3000')).toBe('http://git.local:3000/*');
    expect(originPattern('https://git.example.org')).toBe('https://git.example.org/*');
  });

  it('knows the origins the manifest covers', () => {
    expect(isBuiltInOrigin('http://127.0.0.1:4000')).toBe(true);
    expect(isBuiltInOrigin('https://git.example.org')).toBe(false);
  });
});
