import { languages } from '@lumen/contracts/i18n';
import { taskTypes } from '@lumen/contracts/task-types';
import { describe, expect, it } from 'vitest';
import { taskTypeName, taskTypeNames } from './task-type-names';
import { translate } from './translate';

describe('task type names on the server', () => {
  // Walks the contracts' list, so a task type added there fails here until it is named.
  describe.each(languages)('in %s', (lang) => {
    const names: Record<string, string | undefined> = taskTypeNames[lang];

    it.each(taskTypes)('name %s', (type) => {
      const name = names[type]?.trim() ?? '';
      expect(name, `${lang}: ${type}`).not.toBe('');
      expect(name, `${lang}: ${type} is named by its code`).not.toBe(type);
    });

    it('name nothing that is not a task type', () => {
      expect(Object.keys(names).sort()).toEqual([...taskTypes].sort());
    });
  });

  it('give each task type a different name within a language', () => {
    for (const lang of languages) {
      const names = taskTypes.map((type) => taskTypeName(lang, type));
      expect(new Set(names).size, lang).toBe(names.length);
    }
  });

  it('fill a message’s {taskType} with the name in the reader’s language', () => {
    expect(translate('en', 'errors.tryUnavailable', { taskType: 'remove_bg' })).toContain(
      'Background removal',
    );
    expect(translate('es', 'errors.tryUnavailable', { taskType: 'upscale' })).toContain(
      'Mejora de imagen',
    );
    expect(translate('ja', 'errors.taskTypeUnavailable', { taskType: 'remove_bg' })).toContain(
      '背景除去',
    );
    expect(translate('zh', 'errors.taskTypeUnavailable', { taskType: 'upscale' })).not.toContain(
      'upscale',
    );
  });

  it('leave a code that names no task type as the caller wrote it', () => {
    expect(translate('en', 'errors.taskTypeUnavailable', { taskType: 'paint_by_hand' })).toBe(
      'This kind of generation (paint_by_hand) is not available yet',
    );
    expect(taskTypeName('en', 'toString')).toBe('toString');
  });
});
