#!/usr/bin/env node
// Runs the TypeScript sources in this process (one process, so signals reach Vigil directly).
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
