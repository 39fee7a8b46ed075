import { REPORT_DESCRIPTION_MAX } from '@lumen/contracts/community';
import { describe, expect, it } from 'vitest';
import { isReportValid, validateReport } from './report-validation';

describe('validateReport', () => {
  it('needs at least one reason (spec §5)', () => {
    expect(validateReport({ reasons: [], description: 'spam' })).toEqual({
      reasons: 'reasonRequired',
    });
    expect(isReportValid({ reasons: ['other'], description: '' })).toBe(true);
  });

  it('bounds the optional description, ignoring surrounding spaces', () => {
    const long = 'x'.repeat(REPORT_DESCRIPTION_MAX + 1);
    expect(validateReport({ reasons: ['violent'], description: long })).toEqual({
      description: 'descriptionTooLong',
    });
    expect(
      isReportValid({
        reasons: ['violent'],
        description: ` ${'x'.repeat(REPORT_DESCRIPTION_MAX)} `,
      }),
    ).toBe(true);
  });

  it('reports both problems at once', () => {
    expect(validateReport({ reasons: [], description: 'x'.repeat(600) })).toEqual({
      reasons: 'reasonRequired',
      description: 'descriptionTooLong',
    });
  });
});
