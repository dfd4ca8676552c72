#!/usr/bin/env -S node --max-semi-space-size=4 --no-parallel-scavenge
// Runs the server bundle in this process (one process, so signals reach Vigil directly),
// rebuilding it first when a source is newer (scripts/build-server.mjs).
import { pathToFileURL } from 'node:url';
import { ensureServerBuild, serverMain } from '../../../scripts/lib/prepare.mjs';

ensureServerBuild();
await import(pathToFileURL(serverMain).href);
