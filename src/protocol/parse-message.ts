// Validation of incoming messages, with errors a person can read.
import * as z from 'zod/mini';
import { MessageSchema, type Message } from './messages';

export type ParsedMessage = { ok: true; message: Message } | { ok: false; error: string };

export function parseMessage(input: unknown): ParsedMessage {
  const result = MessageSchema.safeParse(input);
  if (result.success) return { ok: true, message: result.data };
  return { ok: false, error: `invalid message: ${describeIssues(result.error.issues)}` };
}

/**
 * zod/mini ships without locale texts (they are what makes the classic API heavy), so the
 * issues are described here from their codes and paths.
 */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const where = issue.path.length > 0 ? issue.path.map(String).join('.') : '(message)';
      return `${where}: ${describeIssue(issue)}`;
    })
    .join('; ');
}

function describeIssue(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'unrecognized_keys':
      return `unknown field(s) ${issue.keys.join(', ')}`;
    case 'invalid_union': {
      const options = (issue as { options?: unknown[] }).options;
      return options ? `expected one of ${options.map(String).join(', ')}` : 'matches none of the allowed shapes';
    }
    case 'invalid_value':
      return `expected one of ${issue.values.map(String).join(', ')}`;
    case 'too_small':
      return `too small (minimum ${String(issue.minimum)})`;
    case 'too_big':
      return `too big (maximum ${String(issue.maximum)})`;
    case 'invalid_format':
      return `not a valid ${issue.format}`;
    default:
      return issue.code;
  }
}
