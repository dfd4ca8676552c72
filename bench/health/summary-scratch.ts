import { emptyHistory, foldCheck } from './summary-history.ts';
import { profileOf, timelineAt } from './summary-profile.ts';
const t = timelineAt(Date.now());
const started = performance.now();
for (let i = 0; i < 100; i++) foldCheck(profileOf(i, `id-${i}`, 'c', 'n', t), t, emptyHistory());
console.log('100 checks', (performance.now() - started).toFixed(0), 'ms');
