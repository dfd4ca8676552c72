// The catalog's public surface: /settings/integrations shows a scraper's job history with it.
export { ScraperJobs } from './components/scraper/scraper-jobs.tsx';
export { useScraperQuery, useDeleteScraper, type Scraper } from './api/scraper-query.ts';
export { scraperKeys } from './api/scrapers-query.ts';
