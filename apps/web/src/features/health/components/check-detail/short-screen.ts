/**
 * Short screens have no room for the Health Overview above the tabs: it moves into a Graph
 * tab there. Tailwind variants on height, shared so the two stay in step.
 */
export const shortScreenOnly = 'hidden [@media(max-height:700px)]:inline-block';
export const tallScreenOnly = '[@media(max-height:700px)]:hidden';
