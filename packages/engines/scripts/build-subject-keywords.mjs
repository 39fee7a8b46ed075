// Builds src/local/subjects/keywords.json: the emoji the preview can draw as subjects, with
// their names and keywords in the four languages of the product. Emojibase's data is 49 MB
// for 30 languages and takes ~120 ms a language to parse; this keeps the 4 we need, for the
// groups that name things (animals, plants, food, places, vehicles, activities, objects),
// and only emoji the shipped Noto set can draw. Run after updating emojibase-data or
// @iconify-json/noto:  node packages/engines/scripts/build-subject-keywords.mjs  (--check
// compares instead of writing).
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const load = (lang) => require(`emojibase-data/${lang}/compact.json`);
const noto = JSON.parse(readFileSync(require.resolve('@iconify-json/noto/chars.json'), 'utf8'));

// 3 animals & nature, 4 food & drink, 5 travel & places, 6 activities, 7 objects.
const groups = new Set([3, 4, 5, 6, 7]);
const langs = ['en', 'es', 'zh', 'ja'];
// A keyword many emoji share ("animal", "pet", "food") names no one thing.
const maxShared = 8;

const byLang = Object.fromEntries(
  langs.map((lang) => [lang, new Map(load(lang).map((e) => [e.hexcode, e]))]),
);
const chosen = load('en').filter(
  (e) => groups.has(e.group) && noto[e.hexcode.toLowerCase()] && !e.hexcode.includes('200D'),
);

const lower = (s) => s.toLocaleLowerCase();
const shared = Object.fromEntries(langs.map((lang) => [lang, new Map()]));
for (const e of chosen)
  for (const lang of langs)
    for (const tag of new Set((byLang[lang].get(e.hexcode)?.tags ?? []).map(lower)))
      shared[lang].set(tag, (shared[lang].get(tag) ?? 0) + 1);

const entries = chosen.map((e) => {
  const names = {};
  for (const lang of langs) {
    const local = byLang[lang].get(e.hexcode);
    const label = lower(local?.label ?? e.label);
    const tags = (local?.tags ?? [])
      .map(lower)
      .filter((t) => t !== label && (shared[lang].get(t) ?? 0) <= maxShared);
    names[lang] = [label, ...new Set(tags)];
  }
  return { h: e.hexcode, g: e.group, ...names };
});

const out = new URL('../src/local/subjects/keywords.json', import.meta.url);
const text = JSON.stringify(entries) + '\n';
// `--check` only compares: a test runs it so that the index never drifts from the packages.
if (process.argv.includes('--check')) {
  if (readFileSync(out, 'utf8') !== text) {
    process.stderr.write(`${out.pathname} is out of date: run this script\n`);
    process.exit(1);
  }
} else {
  writeFileSync(out, text);
  process.stdout.write(`${entries.length} subjects written to ${out.pathname}\n`);
}
