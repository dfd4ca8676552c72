#!/usr/bin/env -S node --max-semi-space-size=1
// Runs the TypeScript sources in this process (one process, so signals reach Vigil directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
