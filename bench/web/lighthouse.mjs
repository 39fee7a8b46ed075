// Page speed as a phone on a slow network sees it: Lighthouse 12.2.3 (pinned) with its default
// mobile settings (Moto G Power screen, simulated slow 4G, 4× CPU slowdown) in Debian's
// Chromium, on the landing page and explore. Reports the median of several runs of Largest
// Contentful Paint, First Contentful Paint and Total Blocking Time per page.
//   node bench/web/lighthouse.mjs [baseUrl] [runs]   (default http://127.0.0.1:8391, 3 runs)
// Start the app first, e.g. `PORT=8391 DATA_DIR=$(mktemp -d) npm start`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:8391';
const runs = Number(process.argv[3] ?? 3);
const pages = ['/', '/explore'];

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
});

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

try {
  console.log(`Lighthouse, mobile, simulated slow 4G and 4× CPU; median of ${runs} runs`);
  console.log('page        LCP       FCP       TBT      (runs: LCP)');
  for (const page of pages) {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      // A trace Chromium failed to record (NO_NAVSTART now and then) is taken again once.
      let lhr;
      for (let attempt = 1; attempt <= 2; attempt += 1) {
        ({ lhr } = await lighthouse(`${baseUrl}${page}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
        }));
        if (!lhr.runtimeError) break;
        if (attempt === 2) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      }
      results.push({
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        fcp: lhr.audits['first-contentful-paint'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
      });
    }
    const ms = (value) => `${(value / 1000).toFixed(2)} s`.padEnd(10);
    console.log(
      `${page.padEnd(12)}${ms(median(results.map((r) => r.lcp)))}${ms(median(results.map((r) => r.fcp)))}` +
        `${`${Math.round(median(results.map((r) => r.tbt)))} ms`.padEnd(9)}` +
        `(${results.map((r) => (r.lcp / 1000).toFixed(2)).join(', ')})`,
    );
  }
} finally {
  chrome.kill();
}
