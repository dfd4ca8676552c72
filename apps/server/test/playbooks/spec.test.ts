import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parsePlaybookSpec } from '../../src/modules/playbooks/spec/playbook-spec.ts';

function outcome(yaml: string): string {
  const parsed = parsePlaybookSpec(parse(yaml));
  return parsed.ok ? 'accepted' : `${parsed.field} ${parsed.message}`;
}

describe('playbook spec validation', () => {
  it('accepts a full spec', () => {
    expect(
      outcome(`
title: Restart
category: Ops
timeout: 10m
configs: [{types: ['Kubernetes::Deployment'], labelSelector: 'app=web'}]
parameters: [{name: replicas, type: text, properties: {format: millicores}}]
approval: {type: all, approvers: {people: [admin@local], teams: [sre]}}
on:
  canary: [{event: failed, labels: {team: sre}, filter: 'check.name.startsWith("web")'}]
  webhook: {path: restart, authentication: {basic: {username: {value: u}, password: {value: p}}}}
actions:
  - {name: go, if: 'success()', delay: 5s, timeout: 1m, retry: {limit: 2, duration: 5s, exponent: {multiplier: 2}}, exec: {script: 'echo hi'}}
`),
    ).toBe('accepted');
  });

  it.each([
    ['actions: []', 'spec.actions playbook must define at least one action'],
    ['{}', 'spec.actions Invalid input: expected array, received undefined'],
    ['actions: [{name: a}]', 'spec.actions[0] must set exactly one action kind'],
    [
      "actions: [{name: a, exec: {script: x}, http: {url: 'http://x'}}]",
      'spec.actions[0] must set exactly one action kind',
    ],
    [
      'actions: [{name: a, exec: {script: x}}, {name: a, exec: {script: y}}]',
      'spec.actions[1].name a is repeated',
    ],
    ['actions: [{name: a, exec: {}}]', 'spec.actions[0].exec.script'],
    [
      'actions: [{name: a, http: {method: GET}}]',
      'spec.actions[0].http.url url or connection is required',
    ],
    ["actions: [{name: a, if: 'nope(', exec: {script: x}}]", 'spec.actions[0].if'],
    [
      "actions: [{name: a, if: 'fooBar()', exec: {script: x}}]",
      'spec.actions[0].if unknown function "fooBar"',
    ],
    [
      'actions: [{name: a, timeout: soon, exec: {script: x}}]',
      'spec.actions[0].timeout must be a duration such as 30s or 5m',
    ],
    [
      'actions: [{name: a, retry: {limit: 1, duration: x}, exec: {script: x}}]',
      'spec.actions[0].retry.duration must be a duration such as 10s',
    ],
    ['actions: [{name: a, bogus: 1, exec: {script: x}}]', 'spec.actions[0]'],
    [
      'timeout: later\nactions: [{name: a, exec: {script: x}}]',
      'spec.timeout must be a duration such as 30m or 1h',
    ],
    [
      "parameters: [{name: p, properties: {regex: '('}}]\nactions: [{name: a, exec: {script: x}}]",
      'spec.parameters[0] properties.regex is not a valid regular expression',
    ],
    [
      'parameters: [{name: p, type: colour}]\nactions: [{name: a, exec: {script: x}}]',
      'spec.parameters[0].type',
    ],
    [
      "on: {schedule: [{schedule: 'every day'}]}\nactions: [{name: a, exec: {script: x}}]",
      'spec.on.schedule[0].schedule is not a valid schedule',
    ],
    [
      "on: {schedule: [{schedule: '@hourly'}]}\napproval: {approvers: {people: [a]}}\nactions: [{name: a, exec: {script: x}}]",
      'spec.approval scheduled playbooks cannot require approval',
    ],
    [
      "on: {config: [{event: updated, filter: 'config.('}]}\nactions: [{name: a, exec: {script: x}}]",
      'spec.on.config[0].filter',
    ],
  ])('refuses %s naming the field', (yaml, message) => {
    expect(outcome(yaml)).toContain(message);
  });
});
