import { describe, expect, it } from 'vitest';
import adminEn from '../../features/admin/texts/en.json';
import adminEs from '../../features/admin/texts/es.json';
import adminJa from '../../features/admin/texts/ja.json';
import adminZh from '../../features/admin/texts/zh.json';
import legalEn from '../../features/legal/texts/en.json';
import legalEs from '../../features/legal/texts/es.json';
import legalJa from '../../features/legal/texts/ja.json';
import legalZh from '../../features/legal/texts/zh.json';
import shopEn from '../../features/tools/shop/texts/en.json';
import shopEs from '../../features/tools/shop/texts/es.json';
import shopJa from '../../features/tools/shop/texts/ja.json';
import shopZh from '../../features/tools/shop/texts/zh.json';
import tutorialsEn from '../../features/tutorials/texts/en.json';
import tutorialsEs from '../../features/tutorials/texts/es.json';
import tutorialsJa from '../../features/tutorials/texts/ja.json';
import tutorialsZh from '../../features/tutorials/texts/zh.json';
import videoToolsEn from '../../features/video-tools/texts/en.json';
import videoToolsEs from '../../features/video-tools/texts/es.json';
import videoToolsJa from '../../features/video-tools/texts/ja.json';
import videoToolsZh from '../../features/video-tools/texts/zh.json';
import enMain from './locales/en.json';
import esMain from './locales/es.json';
import jaMain from './locales/ja.json';
import zhMain from './locales/zh.json';

type Tree = { [key: string]: string | Tree };

/** `section` added into `main` as i18next adds a section's texts: deep, the section winning. */
function merged(main: Tree, section: Tree): Tree {
  const out: Tree = { ...main };
  for (const [key, value] of Object.entries(section)) {
    const there = out[key];
    out[key] =
      typeof value === 'object' && typeof there === 'object' ? merged(there, value) : value;
  }
  return out;
}

/** Each language's texts as the app has them once every page's own texts are loaded. */
const en = {
  ...enMain,
  tutorials: tutorialsEn,
  legal: legalEn,
  admin: merged(enMain.admin, adminEn),
  videoTools: videoToolsEn,
  shop: shopEn,
};
const es = {
  ...esMain,
  tutorials: tutorialsEs,
  legal: legalEs,
  admin: merged(esMain.admin, adminEs),
  videoTools: videoToolsEs,
  shop: shopEs,
};
const ja = {
  ...jaMain,
  tutorials: tutorialsJa,
  legal: legalJa,
  admin: merged(jaMain.admin, adminJa),
  videoTools: videoToolsJa,
  shop: shopJa,
};
const zh = {
  ...zhMain,
  tutorials: tutorialsZh,
  legal: legalZh,
  admin: merged(zhMain.admin, adminZh),
  videoTools: videoToolsZh,
  shop: shopZh,
};

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const english = flatten(en);
/**
 * Strings that are rightly identical to English: symbols and units, plan names, an example address, and
 * words Spanish shares with English ("Error", "Describe", "Storyboard").
 */
const sameAsEnglish = new Set([
  'videoTools.lipSync.text.counter',
  'videoTools.lipSync.clip.facts',
  'videoTools.detail.enhance',
  'landing.kinds.3d',
  'login.emailPlaceholder',
  'pay.grades.plus',
  'pay.grades.pro',
  'errors.generic',
  'landing.steps.describe.title',
  'clip.stages.storyboard.title',
  'generate.video.fpsOption',
  // The plan's name as a badge, a unit, and a word Spanish shares with English.
  'tools.plus',
  'tools.toolbox.categories.3d',
  'tools.editor.history.original',
  // Spanish says "zoom" for the avatar crop's slider, as English does.
  'profile.avatar.zoom',
  // Spanish shares "General" and "Pose" with English.
  'shop.categories.general',
  'shop.model.pose',
  // Spanish says "Plan" and "Roles" as English does, in the admin's account pages.
  'admin.users.columns.plan',
  'admin.users.facts.plan',
  'admin.users.plan.grade',
  'admin.users.facts.roles',
]);

describe.each([
  ['zh', zh],
  ['ja', ja],
  ['es', es],
])('%s resources', (_name, resources) => {
  const translated = flatten(resources);

  it('have exactly the English keys', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keep every interpolation placeholder', () => {
    for (const [key, value] of english) {
      const placeholders = value.match(/{{\w+}}/g) ?? [];
      for (const placeholder of placeholders)
        expect(translated.get(key), key).toContain(placeholder);
    }
  });

  it('nest the same labels, and only labels that exist', () => {
    const nested = (value: string | undefined) => (value ?? '').match(/\$t\([\w.]+\)/g) ?? [];
    for (const [key, value] of english) {
      expect(nested(translated.get(key)).sort(), key).toEqual(nested(value).sort());
      for (const reference of nested(value))
        expect(english.has(reference.slice(3, -1)), `${key}: ${reference}`).toBe(true);
    }
  });

  it('keep the same <tags> for the components a sentence holds', () => {
    const tags = (value: string | undefined) => (value ?? '').match(/<\/?\w+>/g)?.sort() ?? [];
    for (const [key, value] of english) expect(tags(translated.get(key)), key).toEqual(tags(value));
  });

  it('are translations rather than English copies', () => {
    const copies = [...english.keys()].filter((key) => translated.get(key) === english.get(key));
    expect(copies.filter((key) => !sameAsEnglish.has(key))).toEqual([]);
  });
});
