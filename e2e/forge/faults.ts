// Injected faults: the network and server failures a client must survive. A rule applies to
// the next `times` requests it matches; by default it matches the two web body-write routes.

import type { Fault, FaultRule } from './api';

/** The routes a rule without method and path applies to: the web writes of a post's body. */
export const DEFAULT_FAULT_ROUTES: readonly string[] = ['issue-content', 'comment-update'];

interface ActiveRule {
  rule: FaultRule;
  remaining: number;
}

export function validateFault(fault: unknown): Fault {
  if (!fault || typeof fault !== 'object') throw new Error('a fault must be an object with a "kind"');
  const f = fault as Record<string, unknown>;
  switch (f.kind) {
    case 'delay':
      if (typeof f.ms !== 'number' || !Number.isFinite(f.ms) || f.ms < 0) throw new Error('a delay fault needs "ms", a number ≥ 0');
      return { kind: 'delay', ms: f.ms };
    case 'error-before-write':
    case 'error-after-write':
      if (f.status !== undefined && (typeof f.status !== 'number' || !Number.isInteger(f.status) || f.status < 100 || f.status > 599)) {
        throw new Error(`"${f.kind}" status must be an HTTP status code`);
      }
      return f.status === undefined ? { kind: f.kind } : { kind: f.kind, status: f.status };
    case 'drop-after-write':
    case 'html-instead-of-json':
      return { kind: f.kind };
    default:
      throw new Error(`unknown fault kind ${JSON.stringify(f.kind)}; expected delay, error-before-write, error-after-write, drop-after-write or html-instead-of-json`);
  }
}

export class FaultPlan {
  private rules: ActiveRule[] = [];

  add(rule: FaultRule): void {
    const fault = validateFault(rule.fault);
    const times = rule.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error('a fault rule\'s "times" must be a positive integer');
    this.rules.push({ rule: { ...rule, fault }, remaining: times });
  }

  clear(): void {
    this.rules = [];
  }

  /** The fault for this request, if a rule matches; consumes one application of that rule. */
  take(method: string, path: string, route: string): Fault | null {
    for (const active of this.rules) {
      if (!matches(active.rule, method, path, route)) continue;
      active.remaining -= 1;
      if (active.remaining <= 0) this.rules = this.rules.filter((r) => r !== active);
      return active.rule.fault;
    }
    return null;
  }
}

function matches(rule: FaultRule, method: string, path: string, route: string): boolean {
  if (rule.method === undefined && rule.path === undefined) {
    return method === 'POST' && DEFAULT_FAULT_ROUTES.includes(route);
  }
  if (rule.method !== undefined && rule.method.toUpperCase() !== method.toUpperCase()) return false;
  if (rule.path !== undefined) {
    if (typeof rule.path === 'string') return path.includes(rule.path);
    rule.path.lastIndex = 0;
    return rule.path.test(path);
  }
  return true;
}
